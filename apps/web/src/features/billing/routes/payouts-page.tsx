import {
  CryptoNetwork,
  type PayoutMethod,
  type PayoutOverview,
  PayoutSchedule,
  type PayoutSettings,
  type PayoutStatus,
  payoutFeeMinor,
} from '@app/contracts/billing';
import { decimalToMinor } from '@app/contracts/settings';
import { type ReactNode, useEffect, useState } from 'react';
import { BiometricStepUpButton } from '../../../components/step-up/biometric-step-up-button';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chips } from '../../../components/ui/chips';
import { ErrorState } from '../../../components/ui/error-state';
import { Select, TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { t as translate, useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/describe-error';
import { haptics, showConfirm, showPopup } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { usePayouts, useRequestPayout, useSavePayoutSettings, useStepUp } from '../api/payment-methods';
import styles from '../components/billing.module.css';

const METHOD_KEYS: Record<PayoutMethod, MessageKey> = {
  bank: 'billing.payouts.method.bank',
  paypal: 'billing.payouts.method.paypal',
  crypto: 'billing.payouts.method.crypto',
};
const METHOD_TERMS: Record<PayoutMethod, MessageKey> = {
  bank: 'billing.payouts.terms.bank',
  paypal: 'billing.payouts.terms.paypal',
  crypto: 'billing.payouts.terms.crypto',
};
const SCHEDULE_KEYS: Record<PayoutSchedule, MessageKey> = {
  daily: 'billing.payouts.schedule.daily',
  weekly: 'billing.payouts.schedule.weekly',
  biweekly: 'billing.payouts.schedule.biweekly',
  monthly: 'billing.payouts.schedule.monthly',
  manual: 'billing.payouts.schedule.manual',
};
const STATUS_KEYS: Record<PayoutStatus, MessageKey> = {
  pending: 'billing.payouts.status.pending',
  processing: 'billing.payouts.status.processing',
  paid: 'billing.payouts.status.paid',
  failed: 'billing.payouts.status.failed',
};
const FIELD_KEYS: Record<string, MessageKey> = {
  accountName: 'billing.payouts.bank.accountName',
  accountNumber: 'billing.payouts.bank.accountNumber',
  routingNumber: 'billing.payouts.bank.routingNumber',
  swift: 'billing.payouts.bank.swift',
  iban: 'billing.payouts.bank.iban',
  paypalEmail: 'billing.payouts.paypalEmail',
  cryptoAddress: 'billing.payouts.cryptoAddress',
  method: 'billing.payouts.method',
};

async function errorPopup(message: string) {
  haptics.error();
  await showPopup({ title: translate('settings.errorTitle'), message, buttons: [{ id: 'ok', type: 'ok' }] });
}

const describePayoutError = (error: unknown) =>
  describeError(error, {
    codes: {
      PAYOUT_DETAILS_INVALID: {
        key: 'billing.payouts.invalidField',
        params: (d) => ({ field: translate(FIELD_KEYS[String(d.field)] ?? 'billing.payouts.method') }),
      },
      INSUFFICIENT_BALANCE: 'billing.payouts.insufficient',
      PAYOUT_BELOW_FEE: 'billing.payouts.belowFee',
    },
    fallback: 'billing.payouts.failed',
  });

const majorOf = (minor: number) => (minor / 100).toFixed(2);

/**
 * Two-step is on and no code was given lately: asks for one (Telegram's popups take no input, so the field is in
 * the page), then saves again.
 */
function StepUpPrompt({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const { t } = useI18n();
  const stepUp = useStepUp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () =>
    stepUp.mutate(code.trim(), {
      onSuccess: () => onConfirmed(),
      onError: (e) => {
        haptics.error();
        setError(describeError(e, { fallback: 'billing.payouts.stepUpInvalid' }));
      },
    });
  return (
    <Card className={styles.section} aria-labelledby="payout-step-up-title" data-testid="payout-step-up">
      <h2 id="payout-step-up-title" className={styles.sectionTitle}>
        {t('billing.payouts.stepUpTitle')}
      </h2>
      <p className={styles.muted}>{t('billing.payouts.stepUpHint')}</p>
      <BiometricStepUpButton onConfirmed={onConfirmed} onError={setError} />
      <Field label={t('billing.payouts.stepUpCode')} error={error ?? undefined}>
        {(c) => (
          <TextInput
            {...c}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      <div className={styles.actions}>
        <Button disabled={!code.trim() || stepUp.isPending} onClick={confirm}>
          {t('billing.payouts.stepUpConfirm')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('billing.payouts.stepUpCancel')}
        </Button>
      </div>
    </Card>
  );
}

function PayoutSettingsForm({ overview }: { overview: PayoutOverview }) {
  const { t } = useI18n();
  const save = useSavePayoutSettings();
  const [askCode, setAskCode] = useState(false);
  const [form, setForm] = useState<PayoutSettings>(overview.settings);
  const [minimum, setMinimum] = useState(majorOf(overview.settings.minimumMinor));
  useEffect(() => {
    setForm(overview.settings);
    setMinimum(majorOf(overview.settings.minimumMinor));
  }, [overview.settings]);
  const bank = (field: keyof PayoutSettings['bank']) => (value: string) =>
    setForm((f) => ({ ...f, bank: { ...f.bank, [field]: value } }));

  const submit = () => {
    const minimumMinor = decimalToMinor(minimum);
    if (minimumMinor === null || minimumMinor < 100) {
      void errorPopup(t('billing.payouts.minimumInvalid'));
      return;
    }
    save.mutate(
      { ...form, minimumMinor },
      {
        onSuccess: () => {
          setAskCode(false);
          haptics.success();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'STEP_UP_REQUIRED') setAskCode(true);
          else void errorPopup(describePayoutError(error));
        },
      },
    );
  };
  useMainButton(t('billing.payouts.save'), submit, { enabled: !save.isPending, loading: save.isPending });

  const input = (label: MessageKey, value: string, onChange: (v: string) => void, mono = false) => (
    <Field label={t(label)}>
      {(c) => <TextInput {...c} mono={mono} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );

  return (
    <Card className={styles.section} aria-labelledby="payout-method-title">
      <h2 id="payout-method-title" className={styles.sectionTitle}>
        {t('billing.payouts.method')}
      </h2>
      <Chips<PayoutMethod>
        label={t('billing.payouts.method')}
        value={form.method}
        onChange={(method) => {
          haptics.selection();
          setForm((f) => ({ ...f, method }));
        }}
        options={(['bank', 'paypal', 'crypto'] as const).map((m) => ({ value: m, label: t(METHOD_KEYS[m]) }))}
      />
      <p className={styles.muted}>{t(METHOD_TERMS[form.method])}</p>
      <p className={styles.muted} data-testid="payout-security-notice">
        <span aria-hidden="true">🔒 </span>
        {t('billing.payouts.securityNotice')}
      </p>
      {askCode ? <StepUpPrompt onConfirmed={submit} onCancel={() => setAskCode(false)} /> : null}
      {form.method === 'bank' ? (
        <>
          {input('billing.payouts.bank.accountName', form.bank.accountName, bank('accountName'))}
          {input('billing.payouts.bank.bankName', form.bank.bankName, bank('bankName'))}
          {input('billing.payouts.bank.iban', form.bank.iban, bank('iban'), true)}
          {input('billing.payouts.bank.swift', form.bank.swift, bank('swift'), true)}
          {input('billing.payouts.bank.accountNumber', form.bank.accountNumber, bank('accountNumber'), true)}
          {input('billing.payouts.bank.routingNumber', form.bank.routingNumber, bank('routingNumber'), true)}
        </>
      ) : null}
      {form.method === 'paypal'
        ? input('billing.payouts.paypalEmail', form.paypalEmail, (v) =>
            setForm((f) => ({ ...f, paypalEmail: v })),
          )
        : null}
      {form.method === 'crypto' ? (
        <>
          <Field label={t('billing.payouts.cryptoNetwork')}>
            {(c) => (
              <Select
                {...c}
                value={form.crypto.type}
                onChange={(e) =>
                  setForm((f) => ({
                    ...f,
                    crypto: { ...f.crypto, type: CryptoNetwork.parse(e.target.value) },
                  }))
                }
                options={CryptoNetwork.options.map((n) => ({ value: n, label: n }))}
              />
            )}
          </Field>
          {input(
            'billing.payouts.cryptoAddress',
            form.crypto.address,
            (v) => setForm((f) => ({ ...f, crypto: { ...f.crypto, address: v } })),
            true,
          )}
        </>
      ) : null}
      <Field label={t('billing.payouts.scheduleLabel')}>
        {(c) => (
          <Select
            {...c}
            value={form.schedule}
            onChange={(e) => setForm((f) => ({ ...f, schedule: PayoutSchedule.parse(e.target.value) }))}
            options={PayoutSchedule.options.map((s) => ({ value: s, label: t(SCHEDULE_KEYS[s]) }))}
          />
        )}
      </Field>
      <Field label={t('billing.payouts.minimum')}>
        {(c) => (
          <TextInput
            {...c}
            inputMode="decimal"
            value={minimum}
            onChange={(e) => setMinimum(e.target.value)}
          />
        )}
      </Field>
      <Switch
        label={t('billing.payouts.autoPayout')}
        checked={form.autoPayout}
        onChange={(autoPayout) => {
          haptics.selection();
          setForm((f) => ({ ...f, autoPayout }));
        }}
      />
    </Card>
  );
}

function RequestPayout({ overview }: { overview: PayoutOverview }) {
  const { t, formatMoney } = useI18n();
  const request = useRequestPayout();
  const [amount, setAmount] = useState('');
  const submit = async () => {
    const amountMinor = decimalToMinor(amount);
    if (amountMinor === null || amountMinor < 100) {
      await errorPopup(t('billing.payouts.amountInvalid'));
      return;
    }
    // §9's fees, shown before confirming: the method's, plus the manual request's.
    const fee = payoutFeeMinor(overview.settings.method, amountMinor, true);
    const confirmed = await showConfirm(
      t('billing.payouts.confirm', {
        amount: formatMoney(amountMinor, 'USD'),
        fee: formatMoney(fee, 'USD'),
        net: formatMoney(Math.max(0, amountMinor - fee), 'USD'),
      }),
      t('billing.payouts.request'),
    );
    if (!confirmed) return;
    request.mutate(
      { amountMinor },
      {
        onSuccess: () => {
          haptics.success();
          setAmount('');
        },
        onError: (error) => void errorPopup(describePayoutError(error)),
      },
    );
  };
  return (
    <Card className={styles.section} aria-labelledby="payout-request-title">
      <h2 id="payout-request-title" className={styles.sectionTitle}>
        {t('billing.payouts.requestTitle')}
      </h2>
      <p className={styles.muted}>
        {t('billing.payouts.available', { amount: formatMoney(overview.availableMinor, 'USD') })}
      </p>
      <Field label={t('billing.payouts.amount')} hint={t('billing.payouts.manualFee')}>
        {(c) => (
          <TextInput {...c} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        )}
      </Field>
      <div className={styles.actions}>
        <Button disabled={request.isPending} onClick={() => void submit()}>
          {t('billing.payouts.request')}
        </Button>
      </div>
    </Card>
  );
}

function RecentPayouts({ overview }: { overview: PayoutOverview }) {
  const { t, formatMoney, formatDate } = useI18n();
  return (
    <section className={styles.section} aria-labelledby="recent-payouts-title" data-testid="recent-payouts">
      <h2 id="recent-payouts-title" className={styles.sectionTitle}>
        {t('billing.payouts.recent')}
      </h2>
      {overview.recent.length === 0 ? <p className={styles.muted}>{t('billing.payouts.none')}</p> : null}
      {overview.recent.map((p) => (
        <Card key={p.id} className={styles.row}>
          <span className={styles.stack} style={{ gap: 2 }}>
            <strong>{formatMoney(p.amountMinor, 'USD')}</strong>
            <span className={styles.muted}>
              {formatDate(p.date)} · {t(METHOD_KEYS[p.method])} ·{' '}
              {t('billing.payouts.fee', { fee: formatMoney(p.feeMinor, 'USD') })}
            </span>
          </span>
          <span className={styles.badge} data-status={p.status === 'failed' ? 'expired' : p.status}>
            {t(STATUS_KEYS[p.status])}
          </span>
        </Card>
      ))}
    </section>
  );
}

/** /settings/payouts: method and details, schedule, minimum, auto-payout; a manual request; recent payouts. */
export function PayoutsPage() {
  const { t } = useI18n();
  const payouts = usePayouts();
  let body: ReactNode;
  if (payouts.isPending) body = <LoadingState label={t('billing.payouts.loading')} />;
  else if (payouts.isError) {
    body = (
      <ErrorState
        message={describeError(payouts.error, { fallback: 'billing.payouts.loadError' })}
        onRetry={() => void payouts.refetch()}
        retrying={payouts.isFetching}
      />
    );
  } else {
    body = (
      <div className={styles.stack}>
        <PayoutSettingsForm overview={payouts.data} />
        <RequestPayout overview={payouts.data} />
        <RecentPayouts overview={payouts.data} />
      </div>
    );
  }
  return (
    <Page
      title={t('shell.screen.payoutSettings')}
      subtitle={t('billing.payouts.note')}
      data-testid="payouts-page"
    >
      {body}
    </Page>
  );
}
