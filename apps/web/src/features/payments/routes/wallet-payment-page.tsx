import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../i18n/i18n';
import { isApiError } from '../../../lib/api-client';
import { haptics } from '../../../lib/telegram/bridge';
import { useMainButton, useSecondaryButton } from '../../../lib/telegram/buttons';
import { useCreatePayment } from '../api/create-payment';
import { useWalletBalance } from '../api/get-wallet-balance';
import styles from '../components/payments.module.css';
import { PlanSummary } from '../components/plan-summary';
import { StatusBanner } from '../components/status-banner';
import { priceOf } from '../lib/plans';
import { usePaymentParams } from '../lib/use-payment-params';

/** /payments/wallet/:botId/:plan: pays from the wallet's balance in one server transaction. */
export function WalletPaymentPage() {
  const params = usePaymentParams();
  return params ? <WalletPayment {...params} /> : null;
}

const usd = (minor: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);

function WalletPayment({ botId, plan, period }: NonNullable<ReturnType<typeof usePaymentParams>>) {
  const { t, formatMoney } = useI18n();
  const navigate = useNavigate();
  const balance = useWalletBalance();
  const pay = useCreatePayment('wallet');
  const [error, setError] = useState<string | null>(null);
  // A failed balance fetch counts as 0 USD (spec part 1 §4).
  const balanceMinor = balance.isError ? 0 : (balance.data?.balanceMinor ?? null);
  const price = priceOf(plan, period);
  const completed = pay.data?.status === 'completed';
  const negative = balanceMinor !== null && balanceMinor < 0;
  const insufficient = !completed && balanceMinor !== null && balanceMinor < price;

  useEffect(() => {
    if (!completed) return;
    haptics.success();
    const timer = setTimeout(() => navigate(`/bots/${botId}`), 2000);
    return () => clearTimeout(timer);
  }, [completed, navigate, botId]);

  const submit = () => {
    setError(null);
    pay.mutate(
      { botId, plan, period },
      {
        onError: (e) => {
          haptics.error();
          setError(isApiError(e) && e.message ? e.message : t('payments.error.paymentFailed'));
        },
      },
    );
  };
  const addFunds = () => navigate('/wallet/add-funds');
  const mainText = completed
    ? t('payments.goToBot')
    : insufficient
      ? t('payments.wallet.addFundsToWallet')
      : t('payments.wallet.pay');
  const mainClick = completed ? () => navigate(`/bots/${botId}`) : insufficient ? addFunds : submit;
  useMainButton(mainText, mainClick, {
    enabled: !pay.isPending && balanceMinor !== null,
    loading: pay.isPending,
  });
  const other = () => navigate(`/subscription-plans/${botId}`);
  const native = useSecondaryButton(t('payments.wallet.chooseDifferent'), other, { visible: insufficient });

  return (
    <Page title={t('payments.wallet.title')} data-testid="wallet-payment-page">
      <PlanSummary plan={plan} period={period} />
      <Card className={styles.row}>
        <span className={styles.muted}>{t('payments.wallet.balanceLabel')}</span>
        <strong data-testid="wallet-balance">
          {balanceMinor === null ? '…' : formatMoney(balanceMinor, 'USD')}
        </strong>
      </Card>
      {completed ? (
        <StatusBanner tone="success">{t('payments.completed')}</StatusBanner>
      ) : negative ? (
        <StatusBanner tone="error">{t('payments.error.negativeBalance')}</StatusBanner>
      ) : insufficient && balanceMinor !== null ? (
        <StatusBanner tone="warning">
          {t('payments.error.insufficient', { price: usd(price), balance: usd(balanceMinor) })}
        </StatusBanner>
      ) : error ? (
        <StatusBanner tone="error">{error}</StatusBanner>
      ) : null}
      {insufficient && !native ? (
        <Button variant="secondary" onClick={other}>
          {t('payments.wallet.chooseDifferent')}
        </Button>
      ) : null}
    </Page>
  );
}
