import type { OrderDetail } from '@app/contracts/orders';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { useI18n } from '../../../i18n/i18n';
import { isApiError } from '../../../lib/api-client';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useOrder } from '../api/get-order';
import { DetailsTab } from '../components/details-tab';
import { NotesTab } from '../components/notes-tab';
import styles from '../components/order-detail.module.css';
import { ProductsTab } from '../components/products-tab';
import { StatusBadge } from '../components/status-badge';
import { TimelineTab } from '../components/timeline-tab';
import { useRefundAction } from '../components/use-refund-action';
import { useStatusAction } from '../components/use-status-action';
import { STATUS_KEYS } from '../lib/labels';

const TABS = ['details', 'products', 'timeline', 'notes'] as const;
type Tab = (typeof TABS)[number];

export function OrderDetailPage() {
  const { t } = useI18n();
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  const order = useOrder(orderId);

  if (order.isPending) {
    return (
      <Page title={t('orders.detail.title')} data-testid="order-detail-page">
        <LoadingState label={t('orders.detail.loading')} />
      </Page>
    );
  }
  if (order.isError) {
    const notFound = isApiError(order.error) && [400, 404].includes(order.error.status);
    return (
      <Page title={t('orders.detail.title')} data-testid="order-detail-page">
        {notFound ? (
          <EmptyState
            icon="🧾"
            title={t('orders.detail.notFound')}
            hint={t('orders.detail.notFoundHint')}
            action={
              <Button variant="secondary" onClick={() => navigate('/orders')}>
                {t('orders.detail.backToOrders')}
              </Button>
            }
          />
        ) : (
          <ErrorState
            message={t('orders.detail.error')}
            onRetry={() => void order.refetch()}
            retrying={order.isFetching}
          />
        )}
      </Page>
    );
  }
  return <OrderDetailView order={order.data} />;
}

function OrderDetailView({ order }: { order: OrderDetail }) {
  const { t } = useI18n();
  const [tab, setTab] = useState<Tab>('details');
  const [trackingNumber, setTrackingNumber] = useState('');
  const action = useStatusAction(order);
  const refund = useRefundAction(order);
  const tracking = action.next === 'shipped' ? trackingNumber.trim() : '';
  // The bot's tracking flag: shipped waits for a tracking number.
  const needsTracking = action.next === 'shipped' && order.shipping?.trackingRequired === true && !tracking;

  // The screen's primary action is Telegram's main button: move the order to its next status.
  // A paid booking waiting for the vendor (autoConfirm off): moving it to scheduled confirms it.
  const confirming = order.serviceInfo?.requested === true && action.next === 'scheduled';
  useMainButton(
    confirming
      ? t('orders.detail.confirmBooking')
      : action.next
        ? t('orders.card.nextStatus', { status: t(STATUS_KEYS[action.next]) })
        : t('orders.card.updateStatus'),
    () => {
      void action.advance(tracking ? { trackingNumber: tracking } : {}).then((moved) => {
        if (moved) setTrackingNumber('');
      });
    },
    { visible: action.next !== null, enabled: !action.pending && !needsTracking, loading: action.pending },
  );

  return (
    <Page
      title={t('orders.card.number', { number: String(order.number) })}
      subtitle={
        <span className={styles.subtitle}>
          <StatusBadge status={order.status} />
          <span>@{order.bot.username}</span>
        </span>
      }
      data-testid="order-detail-page"
    >
      <Tabs
        label={t('orders.detail.sections')}
        idPrefix="order"
        value={tab}
        onChange={setTab}
        tabs={TABS.map((name) => ({ name, label: t(`orders.detail.tab.${name}`) }))}
      />
      <TabPanel idPrefix="order" name="details" hidden={tab !== 'details'}>
        <DetailsTab
          order={order}
          nextStatus={action.next}
          trackingNumber={trackingNumber}
          onTrackingNumber={setTrackingNumber}
          canCancel={action.canCancel}
          onCancel={() => void action.cancel()}
          canRefund={refund.canRefund}
          onRefund={() => void refund.refund()}
          pending={action.pending || refund.pending}
        />
      </TabPanel>
      <TabPanel idPrefix="order" name="products" hidden={tab !== 'products'}>
        <ProductsTab order={order} />
      </TabPanel>
      <TabPanel idPrefix="order" name="timeline" hidden={tab !== 'timeline'}>
        <TimelineTab order={order} />
      </TabPanel>
      <TabPanel idPrefix="order" name="notes" hidden={tab !== 'notes'}>
        <NotesTab order={order} />
      </TabPanel>
    </Page>
  );
}
