import { CustomerSegment } from '@app/contracts/catalogue';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Chips } from '../../../components/ui/chips';
import { Select } from '../../../components/ui/form/controls';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { Page } from '../../../components/ui/page';
import { SearchInput } from '../../../components/ui/search-input';
import { useI18n } from '../../../i18n/i18n';
import { useBotOptions } from '../../../lib/bot-options';
import type { CustomerFilters } from '../api/customer-keys';
import { useCustomers } from '../api/get-customers';
import { CustomerCard, CustomerCardSkeleton } from '../components/customer-card';
import styles from '../components/customers.module.css';
import { SEGMENT_KEYS } from '../lib/labels';

const ALL = 'all';

function useCustomerFilters() {
  const [params, setParams] = useSearchParams();
  const filters: CustomerFilters = {
    search: params.get('search') || undefined,
    segment: CustomerSegment.safeParse(params.get('segment')).data,
    botId: params.get('botId') || undefined,
  };
  const set = (name: keyof CustomerFilters, value: string | undefined) =>
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

export function CustomerListPage() {
  const { t } = useI18n();
  const { filters, set } = useCustomerFilters();
  const navigate = useNavigate();
  const customers = useCustomers(filters);
  const bots = useBotOptions();
  const first = customers.data?.pages[0];
  const list = customers.data?.pages.flatMap((page) => page.customers) ?? [];

  return (
    <Page
      title={t('customers.list.title')}
      subtitle={
        first
          ? t(first.totalIsEstimate ? 'customers.list.countAbout' : 'customers.list.count', {
              count: first.total,
            })
          : '\u00a0'
      }
      data-testid="customer-list-page"
    >
      <div className={styles.filters}>
        <Button variant="secondary" onClick={() => navigate('/campaigns')}>
          {t('customers.list.campaigns')}
        </Button>
        <SearchInput
          label={t('customers.list.searchLabel')}
          placeholder={t('customers.list.searchPlaceholder')}
          value={filters.search ?? ''}
          onSearch={(value) => set('search', value)}
        />
        <Chips
          label={t('customers.list.segmentFilter')}
          value={filters.segment ?? ALL}
          onChange={(value) => set('segment', value)}
          options={[
            { value: ALL, label: t('customers.segment.all') },
            ...CustomerSegment.options.map((segment) => ({
              value: segment,
              label: t(SEGMENT_KEYS[segment]),
            })),
          ]}
        />
        <Select
          aria-label={t('customers.list.botFilter')}
          value={filters.botId ?? ALL}
          onChange={(event) => set('botId', event.target.value)}
          options={[
            { value: ALL, label: t('customers.list.allBots') },
            ...(bots.data ?? []).map((bot) => ({ value: bot.id, label: bot.name })),
          ]}
        />
      </div>
      <InfiniteList
        query={customers}
        items={list}
        renderItem={(customer) => <CustomerCard key={customer.id} customer={customer} />}
        skeleton={<CustomerCardSkeleton />}
        className={styles.list}
        emptyIcon="👥"
        texts={{
          region: t('customers.list.region'),
          loading: t('customers.list.loading'),
          error: t('customers.list.error'),
          empty: t('customers.list.empty'),
          emptyHint: t('customers.list.emptyHint'),
          loadingMore: t('customers.list.loadingMore'),
          loadMore: t('customers.list.loadMore'),
        }}
      />
    </Page>
  );
}
