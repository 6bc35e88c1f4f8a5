import { OrderProductType } from '@app/contracts/catalogue';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Chips } from '../../../components/ui/chips';
import { Select } from '../../../components/ui/form/controls';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { Page } from '../../../components/ui/page';
import { SearchInput } from '../../../components/ui/search-input';
import { useI18n } from '../../../i18n/i18n';
import { useBotOptions } from '../../../lib/bot-options';
import { useOrders } from '../api/get-orders';
import type { OrderFilters } from '../api/order-keys';
import { OrderCard, OrderCardSkeleton } from '../components/order-card';
import { OrderStatsCards } from '../components/order-stats-cards';
import { STATUS_FILTERS, STATUS_KEYS, TYPE_KEYS } from '../lib/labels';
import styles from './order-list-page.module.css';

const ALL = 'all';

/** The list's filters live in the address (`?status=shipped&botId=…&customerId=…`), so back and links keep them. */
function useOrderFilters() {
  const [params, setParams] = useSearchParams();
  const filters: OrderFilters = {
    search: params.get('search') || undefined,
    status: params.get('status') || undefined,
    botId: params.get('botId') || undefined,
    productType: (OrderProductType.safeParse(params.get('productType')).data ?? undefined) as
      | OrderProductType
      | undefined,
    customerId: params.get('customerId') || undefined,
  };
  const set = (name: keyof OrderFilters, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== ALL) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return { filters, set };
}

export function OrderListPage() {
  const { t } = useI18n();
  const { filters, set } = useOrderFilters();
  const orders = useOrders(filters);
  const bots = useBotOptions();

  const first = orders.data?.pages[0];
  const list = orders.data?.pages.flatMap((page) => page.orders) ?? [];
  const customerName = filters.customerId ? list[0]?.customer.name : undefined;
  const subtitle = first
    ? t(first.totalIsEstimate ? 'orders.list.countAbout' : 'orders.list.count', { count: first.total })
    : '\u00a0';

  return (
    <Page title={t('orders.list.title')} subtitle={subtitle} data-testid="order-list-page">
      <OrderStatsCards botId={filters.botId} />
      <div className={styles.filters}>
        <SearchInput
          label={t('orders.list.searchLabel')}
          placeholder={t('orders.list.searchPlaceholder')}
          value={filters.search ?? ''}
          onSearch={(value) => set('search', value)}
        />
        <Chips
          label={t('orders.list.statusFilter')}
          value={filters.status ?? ALL}
          onChange={(value) => set('status', value)}
          options={[
            { value: ALL, label: t('orders.status.all') },
            ...STATUS_FILTERS.map((status) => ({ value: status, label: t(STATUS_KEYS[status]) })),
          ]}
          data-testid="order-status-filter"
        />
        <div className={styles.selects}>
          <Select
            aria-label={t('orders.list.botFilter')}
            value={filters.botId ?? ALL}
            onChange={(event) => set('botId', event.target.value)}
            options={[
              { value: ALL, label: t('orders.list.allBots') },
              ...(bots.data ?? []).map((bot) => ({ value: bot.id, label: bot.name })),
            ]}
          />
          <Select
            aria-label={t('orders.list.typeFilter')}
            value={filters.productType ?? ALL}
            onChange={(event) => set('productType', event.target.value)}
            options={[
              { value: ALL, label: t('orders.list.allTypes') },
              ...OrderProductType.options.map((type) => ({ value: type, label: t(TYPE_KEYS[type]) })),
            ]}
          />
        </div>
        {filters.customerId ? (
          <div className={styles.customer}>
            <span>{customerName ? t('orders.list.customerFilter', { name: customerName }) : null}</span>
            <Button variant="plain" onClick={() => set('customerId', undefined)}>
              {t('orders.list.clearCustomer')}
            </Button>
          </div>
        ) : null}
      </div>

      <InfiniteList
        query={orders}
        items={list}
        renderItem={(order) => <OrderCard key={order.id} order={order} />}
        skeleton={<OrderCardSkeleton />}
        className={styles.list}
        emptyIcon="🧾"
        texts={{
          region: t('orders.list.region'),
          loading: t('orders.list.loading'),
          error: t('orders.list.error'),
          empty: t('orders.list.empty'),
          emptyHint: t('orders.list.emptyHint'),
          loadingMore: t('orders.list.loadingMore'),
          loadMore: t('orders.list.loadMore'),
        }}
      />
    </Page>
  );
}
