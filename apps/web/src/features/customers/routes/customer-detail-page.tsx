import type { CustomerDetail } from '@app/contracts/customers';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { MiniStat, MiniStatGrid } from '../../../components/ui/mini-stat';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/describe-error';
import { haptics, showAlert, showConfirm } from '../../../lib/telegram/bridge';
import { useEraseCustomer } from '../api/erase-customer';
import { useCustomer } from '../api/get-customer';
import { CustomerEditForm } from '../components/customer-edit-form';
import styles from '../components/customers.module.css';
import { SegmentBadge } from '../components/segment-badge';
import { useWhen } from '../components/use-when';

export function CustomerDetailPage() {
  const { t } = useI18n();
  const { customerId = '' } = useParams();
  const navigate = useNavigate();
  const customer = useCustomer(customerId);

  if (customer.isPending) {
    return (
      <Page title={t('customers.detail.title')} data-testid="customer-detail-page">
        <LoadingState label={t('customers.detail.loading')} />
      </Page>
    );
  }
  if (customer.isError) {
    const notFound = isApiError(customer.error) && [400, 404].includes(customer.error.status);
    return notFound ? (
      <Page title={t('customers.detail.notFoundTitle')} data-testid="customer-detail-page">
        <EmptyState
          icon="👤"
          title={t('customers.detail.notFoundTitle')}
          hint={t('customers.detail.notFound')}
          action={
            <Button variant="secondary" onClick={() => navigate('/customers')}>
              {t('customers.detail.backToCustomers')}
            </Button>
          }
        />
      </Page>
    ) : (
      <Page title={t('customers.detail.title')} data-testid="customer-detail-page">
        <ErrorState
          message={t('customers.detail.error')}
          onRetry={() => void customer.refetch()}
          retrying={customer.isFetching}
        />
      </Page>
    );
  }
  return <CustomerDetailView customer={customer.data} />;
}

function CustomerDetailView({ customer }: { customer: CustomerDetail }) {
  const { t, formatMoney, formatNumber } = useI18n();
  const navigate = useNavigate();
  const when = useWhen();
  return (
    <Page
      title={customer.name}
      subtitle={
        <span className={styles.subtitle}>
          {customer.username ? <span>@{customer.username}</span> : null}
          <SegmentBadge segment={customer.segment} />
          <span>
            {t(customer.status === 'Active' ? 'customers.status.Active' : 'customers.status.Inactive')}
          </span>
        </span>
      }
      data-testid="customer-detail-page"
    >
      <MiniStatGrid label={customer.name}>
        <MiniStat label={t('customers.detail.orders')} value={formatNumber(customer.orderCount)} />
        <MiniStat label={t('customers.detail.totalSpent')} value={formatMoney(customer.totalSpent, 'USD')} />
        <MiniStat label={t('customers.detail.customerSince')} value={when(customer.createdAt)} />
        <MiniStat
          label={t('customers.detail.lastOrder')}
          value={customer.lastOrderDate ? when(customer.lastOrderDate) : t('customers.detail.never')}
        />
      </MiniStatGrid>
      <Button
        variant="secondary"
        fullWidth
        onClick={() => navigate(`/orders?customerId=${encodeURIComponent(customer.id)}`)}
      >
        {t('customers.detail.viewOrders')}
      </Button>

      <Card className={styles.section} aria-labelledby="customer-bots-title">
        <h2 id="customer-bots-title" className={styles.sectionTitle}>
          {t('customers.detail.memberships')}
        </h2>
        {customer.allBots.length === 0 ? (
          <p className={styles.meta}>{t('customers.detail.noMemberships')}</p>
        ) : (
          <ul className={styles.memberships}>
            {customer.allBots.map((bot) => (
              <li key={bot.id} className={styles.membership}>
                <span className={styles.line}>
                  <span className={styles.name}>{bot.botName}</span>
                  <span className={styles.spent}>{formatMoney(bot.totalSpent, 'USD')}</span>
                </span>
                <span className={styles.meta}>
                  @{bot.botUsername} · {t('customers.card.orders', { count: bot.orderCount })}
                </span>
                <span className={styles.meta}>
                  {t('customers.detail.joined', { when: when(bot.joinedDate) })}
                  {bot.lastOrderDate
                    ? ` · ${t('customers.card.lastOrder', { when: when(bot.lastOrderDate) })}`
                    : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <CustomerEditForm customer={customer} />
      <p className={styles.meta}>
        {t('customers.detail.telegramId')}: {customer.telegramId}
      </p>
      <EraseCustomer customerId={customer.id} />
    </Page>
  );
}

/** Erasure where the law asks for it: after Telegram's confirmation popup, the customer's personal data goes. */
function EraseCustomer({ customerId }: { customerId: string }) {
  const { t } = useI18n();
  const erase = useEraseCustomer();
  const run = async () => {
    const confirmed = await showConfirm(t('customers.erase.confirm'), t('customers.erase.button'), {
      destructive: true,
    });
    if (!confirmed) return;
    erase.mutate(customerId, {
      // The screen then shows the customer as erased ("Deleted customer"): that is the confirmation.
      onSuccess: () => haptics.success(),
      onError: (error) => {
        haptics.error();
        void showAlert(describeError(error, { fallback: 'common.requestFailed' }));
      },
    });
  };
  return (
    <Button variant="plain" fullWidth disabled={erase.isPending} onClick={() => void run()}>
      {t('customers.erase.button')}
    </Button>
  );
}
