import {
  type PaymentProvider,
  type PaymentProviderId,
  type PaymentProviders,
  PROVIDER_CURRENCIES,
  type ProviderCurrency,
} from '@app/contracts/settings';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { useUnsavedChangesGuard } from '../../../components/ui/form/use-unsaved-changes';
import { Switch } from '../../../components/ui/switch';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { haptics } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useConfigureProvider } from '../api/configure-provider';
import { usePaymentProviders } from '../api/get-payments';
import { useToggleProvider } from '../api/toggle-provider';
import { BotSettingsScreen } from '../components/bot-settings-screen';
import styles from '../components/settings.module.css';
import { showSaveError, showValidationPopup } from '../lib/messages';

const ICONS: Record<PaymentProviderId, string> = {
  stars: '⭐',
  card: '💳',
  wallet: '👛',
  regional: '🏦',
  crypto: '🪙',
  cash_on_delivery: '💵',
};
const nameKey = (id: PaymentProviderId) => `settings.payments.provider.${id}` as MessageKey;
const descriptionKey = (id: PaymentProviderId) => `settings.payments.description.${id}` as MessageKey;

type Draft = {
  providerToken: string;
  apiKey: string;
  ipnSecret: string;
  currencies: ProviderCurrency[];
};

function useFeeText() {
  const { t, formatMoney, formatNumber } = useI18n();
  return (p: PaymentProvider) => {
    const { percent, fixedMinor, internationalPercent, networkFees } = p.fees;
    if (percent === 0 && fixedMinor === 0) return t('settings.payments.feeNone');
    const pct = formatNumber(percent);
    if (internationalPercent !== null) {
      return t('settings.payments.feeRegional', {
        percent: pct,
        international: formatNumber(internationalPercent),
      });
    }
    if (networkFees) return t('settings.payments.feeCrypto', { percent: pct });
    if (fixedMinor === 0) return t('settings.payments.feePercent', { percent: pct });
    return t('settings.payments.fee', { percent: pct, fixed: formatMoney(fixedMinor, 'USD') });
  };
}

function ProviderForm({
  provider,
  draft,
  setDraft,
}: {
  provider: PaymentProvider;
  draft: Draft;
  setDraft: (d: Draft) => void;
}) {
  const { t } = useI18n();
  const secretHint = provider.hasSecret ? t('settings.payments.secretKept') : undefined;
  return (
    <div className={styles.section} data-testid={`provider-form-${provider.id}`}>
      {provider.kind === 'telegram_token' ? (
        <Field
          label={t('settings.payments.providerToken')}
          hint={secretHint ?? t('settings.payments.providerTokenHint')}
        >
          {(aria) => (
            <TextInput
              {...aria}
              mono
              type="password"
              autoComplete="off"
              value={draft.providerToken}
              onChange={(e) => setDraft({ ...draft, providerToken: e.target.value.trim() })}
            />
          )}
        </Field>
      ) : null}
      {provider.kind === 'crypto' ? (
        <>
          <Field label={t('settings.payments.apiKey')} hint={secretHint}>
            {(aria) => (
              <TextInput
                {...aria}
                mono
                type="password"
                autoComplete="off"
                value={draft.apiKey}
                onChange={(e) => setDraft({ ...draft, apiKey: e.target.value.trim() })}
              />
            )}
          </Field>
          <Field label={t('settings.payments.ipnSecret')}>
            {(aria) => (
              <TextInput
                {...aria}
                mono
                type="password"
                autoComplete="off"
                value={draft.ipnSecret}
                onChange={(e) => setDraft({ ...draft, ipnSecret: e.target.value.trim() })}
              />
            )}
          </Field>
        </>
      ) : null}
      <fieldset className={styles.fieldset}>
        <legend className={styles.muted}>{t('settings.payments.currencies')}</legend>
        <div className={styles.row}>
          {PROVIDER_CURRENCIES.map((c) => {
            const on = draft.currencies.includes(c);
            return (
              <button
                key={c}
                type="button"
                aria-pressed={on}
                className={`${styles.chipButton} ${on ? styles.chipOn : ''}`}
                onClick={() => {
                  haptics.selection();
                  setDraft({
                    ...draft,
                    currencies: on ? draft.currencies.filter((x) => x !== c) : [...draft.currencies, c],
                  });
                }}
              >
                {c}
              </button>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

function Providers({ botId, data }: { botId: string; data: PaymentProviders }) {
  const { t } = useI18n();
  const feeText = useFeeText();
  const configure = useConfigureProvider(botId);
  const toggle = useToggleProvider(botId);
  const [open, setOpen] = useState<PaymentProviderId | null>(null);
  const [draft, setDraft] = useState<Draft>({ providerToken: '', apiKey: '', ipnSecret: '', currencies: [] });
  // A provider's form with secrets typed in and not saved: leaving or closing asks first.
  useUnsavedChangesGuard(open !== null && Boolean(draft.providerToken || draft.apiKey || draft.ipnSecret));

  const openForm = (p: PaymentProvider) => {
    haptics.selection();
    setOpen(p.id);
    setDraft({
      providerToken: '',
      apiKey: '',
      ipnSecret: '',
      currencies: p.currencies.length > 0 ? p.currencies : ['USD'],
    });
  };

  // Spec part 2 §4: toggling an unconfigured, disabled provider opens its form; otherwise the toggle flips.
  const onToggle = (p: PaymentProvider, enabled: boolean) => {
    if (!p.configured && !p.enabled) {
      openForm(p);
      return;
    }
    haptics.selection();
    toggle.mutate({ id: p.id, enabled }, { onError: (error) => void showSaveError(error) });
  };

  const current = data.providers.find((p) => p.id === open);

  const save = () => {
    if (!current) return;
    if (current.kind === 'telegram_token' && !draft.providerToken && !current.hasSecret) {
      void showValidationPopup('settings.missingTitle', 'settings.payments.tokenRequired');
      return;
    }
    if (current.kind === 'crypto' && (!draft.apiKey || !draft.ipnSecret) && !current.hasSecret) {
      void showValidationPopup('settings.missingTitle', 'settings.payments.cryptoKeysRequired');
      return;
    }
    if (current.kind !== 'stars' && draft.currencies.length === 0) {
      void showValidationPopup('settings.missingTitle', 'settings.payments.currenciesRequired');
      return;
    }
    configure.mutate(
      {
        id: current.id,
        body: {
          ...(draft.providerToken ? { providerToken: draft.providerToken } : {}),
          ...(draft.apiKey ? { apiKey: draft.apiKey } : {}),
          ...(draft.ipnSecret ? { ipnSecret: draft.ipnSecret } : {}),
          ...(current.kind !== 'stars' ? { currencies: draft.currencies } : {}),
        },
      },
      {
        onSuccess: () => {
          haptics.success();
          setOpen(null);
        },
        onError: (error) => void showSaveError(error),
      },
    );
  };

  useMainButton(t('settings.payments.saveProvider'), save, {
    visible: current !== undefined,
    enabled: !configure.isPending,
    loading: configure.isPending,
  });

  return (
    <div className={styles.stack}>
      {/* A product type the bot sells that no switched-on rail takes: its customers' checkout would fail. */}
      {data.unpayable.map((type) => (
        <Card key={type} className={styles.section} data-testid={`unpayable-${type}`}>
          <p className={styles.bad} role="alert">
            {t(`settings.payments.unpayable.${type}` as MessageKey)}
          </p>
        </Card>
      ))}
      {data.providers.map((p) => (
        <Card key={p.id} className={styles.section} data-testid={`provider-${p.id}`}>
          <div className={styles.head}>
            <span className={styles.linkIcon} aria-hidden="true">
              {ICONS[p.id]}
            </span>
            <span className={styles.itemMain}>
              <span className={styles.itemTitle}>{t(nameKey(p.id))}</span>
              <span className={styles.muted}>{t(descriptionKey(p.id))}</span>
            </span>
            <Switch
              label={t(nameKey(p.id))}
              hideLabel
              checked={p.enabled}
              disabled={p.id === 'stars' || toggle.isPending}
              onChange={(enabled) => onToggle(p, enabled)}
            />
          </div>
          <div className={styles.row}>
            <span className={styles.chip}>{t('settings.payments.fees', { fees: feeText(p) })}</span>
            {p.kind === 'telegram_token' || p.kind === 'crypto' ? (
              <span className={styles.chip}>
                {p.configured ? t('settings.payments.configured') : t('settings.payments.notConfigured')}
              </span>
            ) : null}
            {p.currencies.map((c) => (
              <span key={c} className={styles.chip}>
                {c}
              </span>
            ))}
          </div>
          {p.id === 'stars' ? <p className={styles.muted}>{t('settings.payments.starsAlwaysOn')}</p> : null}
          {open === p.id ? (
            <>
              <ProviderForm provider={p} draft={draft} setDraft={setDraft} />
              <Button variant="secondary" onClick={() => setOpen(null)}>
                {t('settings.cancel')}
              </Button>
            </>
          ) : p.kind !== 'stars' ? (
            <Button variant="secondary" className={styles.small} onClick={() => openForm(p)}>
              {t('settings.payments.configure')}
            </Button>
          ) : null}
        </Card>
      ))}
    </div>
  );
}

/** /bots/:botId/payments (spec part 2 §2.3, §4, §9): providers with their switches, fees and configuration. */
export function PaymentsPage() {
  const { botId = '' } = useParams();
  const query = usePaymentProviders(botId);
  return (
    <BotSettingsScreen title="shell.screen.paymentProviders" query={query} testId="payments-page">
      {(data) => <Providers botId={botId} data={data} />}
    </BotSettingsScreen>
  );
}
