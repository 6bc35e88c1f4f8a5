import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../i18n/i18n';
import { haptics, openInvoice } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { usePaymentStatus } from '../api/get-payment';
import { useWalletBalance } from '../api/get-wallet-balance';
import { useTopUpWallet } from '../api/top-up-wallet';
import { LtcAddress } from '../components/ltc-address';
import styles from '../components/payments.module.css';
import { StatusBanner } from '../components/status-banner';
import { LtcStatus } from './ltc-payment-page';

const AMOUNTS = [1000, 2500, 5000, 10_000];

/** /wallet/add-funds: a top-up paid with Stars or Litecoin, credited when the server confirms it. */
export function AddFundsPage() {
  const { t, formatMoney } = useI18n();
  const navigate = useNavigate();
  const balance = useWalletBalance();
  const [amount, setAmount] = useState(2500);
  const [method, setMethod] = useState<'stars' | 'ltc'>('stars');
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const topUp = useTopUpWallet();
  const status = usePaymentStatus(topUp.data?.id ?? null, waiting || method === 'ltc');
  const payment = status.data ?? topUp.data;
  const credited = payment?.status === 'completed';
  useEffect(() => {
    if (credited) {
      haptics.success();
      void balance.refetch();
    }
  }, [credited, balance.refetch]);

  const submit = () => {
    setError(null);
    topUp.mutate(
      { method, amountMinor: amount },
      {
        onSuccess: async (p) => {
          if (p.method !== 'stars' || !p.invoiceUrl) return;
          const result = await openInvoice(p.invoiceUrl);
          if (result === 'paid' || result === 'pending') setWaiting(true);
          else if (result === 'failed') setError(t('payments.error.paymentFailed'));
        },
        onError: (e) => {
          haptics.error();
          setError(e.message || t('payments.error.createFailed'));
        },
      },
    );
  };
  const started = Boolean(topUp.data);
  useMainButton(
    credited
      ? t('payments.addFunds.back')
      : t('payments.addFunds.submit', { amount: formatMoney(amount, 'USD') }),
    credited ? () => navigate(-1) : submit,
    { enabled: !topUp.isPending && !(started && !credited && method === 'ltc'), loading: topUp.isPending },
  );

  return (
    <Page
      title={t('payments.addFunds.title')}
      subtitle={t('payments.addFunds.balance', {
        amount: formatMoney(balance.data?.balanceMinor ?? 0, 'USD'),
      })}
      data-testid="add-funds-page"
    >
      <fieldset
        className={styles.toggle}
        aria-label={t('payments.addFunds.amount')}
        style={{ gridTemplateColumns: 'repeat(4, 1fr)' }}
      >
        {AMOUNTS.map((a) => (
          <button
            key={a}
            type="button"
            aria-pressed={amount === a}
            disabled={started}
            onClick={() => setAmount(a)}
          >
            {formatMoney(a, 'USD')}
          </button>
        ))}
      </fieldset>
      <fieldset className={styles.toggle} aria-label={t('payments.picker.method')}>
        <button
          type="button"
          aria-pressed={method === 'stars'}
          disabled={started}
          onClick={() => setMethod('stars')}
        >
          {t('payments.method.stars')}
        </button>
        <button
          type="button"
          aria-pressed={method === 'ltc'}
          disabled={started}
          onClick={() => setMethod('ltc')}
        >
          {t('payments.method.ltc')}
        </button>
      </fieldset>
      {credited ? (
        <StatusBanner tone="success">{t('payments.addFunds.credited')}</StatusBanner>
      ) : error ? (
        <StatusBanner tone="error">{error}</StatusBanner>
      ) : waiting ? (
        <StatusBanner tone="info">{t('payments.confirmingHint')}</StatusBanner>
      ) : payment && method === 'ltc' ? (
        <LtcStatus payment={payment} />
      ) : null}
      {payment?.payAddress && !credited ? <LtcAddress payment={payment} /> : null}
    </Page>
  );
}
