import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../i18n/i18n';
import { isApiError } from '../../../lib/api-client';
import { haptics, openInvoice } from '../../../lib/telegram/bridge';
import { useMainButton, useSecondaryButton } from '../../../lib/telegram/buttons';
import { useCreatePayment } from '../api/create-payment';
import { usePaymentStatus } from '../api/get-payment';
import { usePrices } from '../api/get-prices';
import { PlanSummary } from '../components/plan-summary';
import { StatusBanner } from '../components/status-banner';
import { usePaymentParams } from '../lib/use-payment-params';

type Phase = 'pending' | 'processing' | 'confirming' | 'completed' | 'failed';

/** /payments/stars/:botId/:plan: Telegram's own invoice; the server's confirmation activates. */
export function StarsPaymentPage() {
  const params = usePaymentParams();
  return params ? <StarsPayment {...params} /> : null;
}

function StarsPayment({ botId, plan, period }: NonNullable<ReturnType<typeof usePaymentParams>>) {
  const { t, formatNumber } = useI18n();
  const navigate = useNavigate();
  const prices = usePrices();
  const create = useCreatePayment('stars');
  const [phase, setPhase] = useState<Phase>('pending');
  const [warning, setWarning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const payment = create.data ?? null;
  const status = usePaymentStatus(payment?.id ?? null, phase === 'confirming');
  const listed = prices.data?.plans.find((p) => p.plan === plan);
  const stars = payment?.starsAmount ?? (period === 'yearly' ? listed?.yearlyStars : listed?.monthlyStars);

  const server = status.data;
  useEffect(() => {
    if (phase !== 'confirming' || !server) return;
    if (server.status === 'completed' && server.subscriptionActive) {
      haptics.success();
      setPhase('completed');
    } else if (server.status === 'failed') {
      setPhase('failed');
      setError(null);
    }
  }, [phase, server]);
  useEffect(() => {
    if (phase !== 'completed') return;
    const timer = setTimeout(() => navigate(`/bots/${botId}`), 2000);
    return () => clearTimeout(timer);
  }, [phase, navigate, botId]);

  const open = async (url: string) => {
    setPhase('processing');
    const result = await openInvoice(url);
    if (result === 'paid' || result === 'pending') setPhase('confirming');
    else if (result === 'cancelled') {
      setPhase('pending');
      setWarning(t('payments.stars.cancelled'));
    } else {
      haptics.error();
      setPhase('failed');
      setError(t('payments.error.paymentFailed'));
    }
  };

  const pay = () => {
    setWarning(null);
    setError(null);
    if (payment?.invoiceUrl && payment.status === 'pending') {
      void open(payment.invoiceUrl);
      return;
    }
    create.mutate(
      { botId, plan, period },
      {
        onSuccess: (p) => {
          if (!p.invoiceUrl) {
            haptics.error();
            setPhase('failed');
            setError(t('payments.error.invoiceFailed'));
            return;
          }
          void open(p.invoiceUrl);
        },
        onError: (e) => {
          haptics.error();
          setPhase('failed');
          setError(isApiError(e) && e.message ? e.message : t('payments.error.createFailed'));
        },
      },
    );
  };

  const main: Record<Phase, { text: string; onClick: () => void; enabled?: boolean }> = {
    pending: {
      text: create.isPending
        ? t('payments.stars.creating')
        : t('payments.stars.pay', { stars: stars ? formatNumber(stars) : '' }),
      onClick: pay,
      enabled: !create.isPending,
    },
    processing: { text: t('payments.stars.retry'), onClick: pay },
    confirming: { text: t('payments.confirming'), onClick: () => undefined, enabled: false },
    completed: { text: t('payments.goToBot'), onClick: () => navigate(`/bots/${botId}`) },
    failed: {
      text: t('payments.tryAgain'),
      onClick: () => {
        create.reset();
        setPhase('pending');
        setError(null);
      },
    },
  };
  const m = main[phase];
  useMainButton(m.text, m.onClick, { enabled: m.enabled ?? true, loading: create.isPending });
  const secondaryText = phase === 'failed' ? t('payments.backToPlans') : t('common.cancel');
  const secondaryVisible = phase === 'processing' || phase === 'failed';
  const secondary = () =>
    phase === 'failed' ? navigate(`/subscription-plans/${botId}`) : setPhase('pending');
  const native = useSecondaryButton(secondaryText, secondary, { visible: secondaryVisible });

  return (
    <Page title={t('payments.stars.title')} data-testid="stars-payment-page">
      <PlanSummary plan={plan} period={period} amountMinor={payment?.amountMinor} stars={stars} />
      {phase === 'completed' ? (
        <StatusBanner tone="success">{t('payments.completed')}</StatusBanner>
      ) : phase === 'failed' ? (
        <StatusBanner tone="error">{error ?? t('payments.error.paymentFailed')}</StatusBanner>
      ) : phase === 'confirming' ? (
        <StatusBanner tone="info">{t('payments.confirmingHint')}</StatusBanner>
      ) : phase === 'processing' ? (
        <StatusBanner tone="info">{t('payments.stars.processing')}</StatusBanner>
      ) : warning ? (
        <StatusBanner tone="warning">{warning}</StatusBanner>
      ) : (
        <StatusBanner tone="info">
          {payment?.starSubscription || (period === 'monthly' && listed?.monthlyStarSubscription)
            ? t('payments.stars.subscriptionHint')
            : t('payments.stars.oneOffHint')}
        </StatusBanner>
      )}
      {secondaryVisible && !native ? (
        <Button variant="secondary" onClick={secondary}>
          {secondaryText}
        </Button>
      ) : null}
    </Page>
  );
}
