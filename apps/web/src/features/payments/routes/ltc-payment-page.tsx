import type { Payment } from '@app/contracts/payments';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../i18n/i18n';
import { isApiError } from '../../../lib/api-client';
import { haptics, openLink } from '../../../lib/telegram/bridge';
import { useMainButton, useSecondaryButton } from '../../../lib/telegram/buttons';
import { useCreatePayment } from '../api/create-payment';
import { usePaymentStatus } from '../api/get-payment';
import { LtcAddress } from '../components/ltc-address';
import { PlanSummary } from '../components/plan-summary';
import { StatusBanner } from '../components/status-banner';
import { usePaymentParams } from '../lib/use-payment-params';

/** /payments/ltc/:botId/:plan: a Litecoin address from the provider; its IPN, polled here, activates. */
export function LtcPaymentPage() {
  const params = usePaymentParams();
  return params ? <LtcPayment {...params} /> : null;
}

/** The status line of a Litecoin payment as the server knows it. */
export function LtcStatus({ payment }: { payment: Payment }) {
  const { t } = useI18n();
  switch (payment.status) {
    case 'completed':
      return <StatusBanner tone="success">{t('payments.completed')}</StatusBanner>;
    case 'confirming':
      return <StatusBanner tone="info">{t('payments.ltc.confirming')}</StatusBanner>;
    case 'partially_paid':
      return <StatusBanner tone="warning">{t('payments.ltc.partial')}</StatusBanner>;
    case 'expired':
      return <StatusBanner tone="error">{t('payments.ltc.expired')}</StatusBanner>;
    case 'failed':
    case 'refunded':
      return <StatusBanner tone="error">{t('payments.error.paymentFailed')}</StatusBanner>;
    default:
      return <StatusBanner tone="info">{t('payments.ltc.waiting')}</StatusBanner>;
  }
}

function LtcPayment({ botId, plan, period }: NonNullable<ReturnType<typeof usePaymentParams>>) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const create = useCreatePayment('ltc');
  const status = usePaymentStatus(create.data?.id ?? null, create.isSuccess);
  const payment = status.data ?? create.data;
  const done = payment?.status === 'completed' && payment.subscriptionActive;
  useEffect(() => {
    if (done) haptics.success();
  }, [done]);

  const start = () =>
    create.mutate(
      { botId, plan, period },
      {
        onSuccess: (p) => {
          // The provider's page opens in the browser (Telegram keeps external pages out of the Mini App).
          if (p.invoiceUrl) openLink(p.invoiceUrl);
          else if (!p.payAddress) haptics.error();
        },
        onError: () => haptics.error(),
      },
    );

  const mainText = done
    ? t('payments.goToBot')
    : payment
      ? t('payments.ltc.complete')
      : create.isPending
        ? t('payments.ltc.creating')
        : t('payments.ltc.pay');
  const mainClick = done ? () => navigate(`/bots/${botId}`) : payment ? () => void status.refetch() : start;
  useMainButton(mainText, mainClick, { enabled: !create.isPending, loading: create.isPending });
  const laterVisible = Boolean(payment) && !done;
  const later = () => navigate('/subscriptions');
  const native = useSecondaryButton(t('payments.ltc.later'), later, { visible: laterVisible });

  const error = create.error
    ? isApiError(create.error) && create.error.message
      ? create.error.message
      : t('payments.error.createFailed')
    : payment && !payment.payAddress && !payment.invoiceUrl
      ? t('payments.error.urlFailed')
      : null;

  return (
    <Page title={t('payments.ltc.title')} data-testid="ltc-payment-page">
      <PlanSummary plan={plan} period={period} amountMinor={payment?.amountMinor} />
      {error ? (
        <StatusBanner tone="error">{error}</StatusBanner>
      ) : payment ? (
        <LtcStatus payment={payment} />
      ) : (
        <StatusBanner tone="info">{t('payments.ltc.intro')}</StatusBanner>
      )}
      {payment?.payAddress && !done ? <LtcAddress payment={payment} /> : null}
      {laterVisible && !native ? (
        <Button variant="secondary" onClick={later}>
          {t('payments.ltc.later')}
        </Button>
      ) : null}
    </Page>
  );
}
