import type { AnalyticsOverview } from '@app/contracts/analytics';
import { Card } from '../../../components/ui/card';
import { MiniStat, MiniStatGrid, MiniStatGridSkeleton } from '../../../components/ui/mini-stat';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { AnalyticsScope } from '../api/analytics-keys';
import { useAnalyticsChart } from '../api/get-analytics-chart';
import { useAnalyticsOverview } from '../api/get-analytics-overview';
import styles from './analytics.module.css';
import { CategoryPerformance } from './category-performance';
import { toneOf } from './change';
import { RevenueChart } from './revenue-chart';
import { TopProducts } from './top-products';

// Spec part 1 §8: analytics falls back silently to zero figures when it cannot load.
const ZERO: Omit<AnalyticsOverview, 'period'> = {
  currency: 'USD',
  totalRevenue: 0,
  totalRevenueFormatted: '',
  revenueChange: 0,
  totalOrders: 0,
  ordersChange: 0,
  activeCustomers: 0,
  customersChange: 0,
  avgConversion: 0,
  conversionChange: 0,
};

export function OverviewTab({ scope }: { scope: AnalyticsScope }) {
  const { t, formatNumber } = useI18n();
  const overview = useAnalyticsOverview(scope);
  const revenue = useAnalyticsChart('revenue', scope);
  const data = overview.data ?? (overview.isError ? ZERO : undefined);
  const percent = (value: number) =>
    formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const usd = (minor: number) =>
    formatNumber(minor / 100, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

  return (
    <>
      {data ? (
        <MiniStatGrid label={t('analytics.tab.overview')}>
          <MiniStat
            label={t('analytics.overview.totalRevenue')}
            hint={t('analytics.overview.totalRevenueHint')}
            value={usd(data.totalRevenue)}
            caption={percent(data.revenueChange)}
            tone={toneOf(data.revenueChange)}
            data-testid="analytics-revenue"
          />
          <MiniStat
            label={t('analytics.overview.totalOrders')}
            hint={t('analytics.overview.totalOrdersHint')}
            value={formatNumber(data.totalOrders)}
            caption={percent(data.ordersChange)}
            tone={toneOf(data.ordersChange)}
            data-testid="analytics-orders"
          />
          <MiniStat
            label={t('analytics.overview.activeCustomers')}
            hint={t('analytics.overview.activeCustomersHint')}
            value={formatNumber(data.activeCustomers)}
            caption={percent(data.customersChange)}
            tone={toneOf(data.customersChange)}
          />
          <MiniStat
            label={t('analytics.overview.avgConversion')}
            value={formatNumber(data.avgConversion / 100, { style: 'percent', maximumFractionDigits: 1 })}
            caption={percent(data.conversionChange)}
            tone={toneOf(data.conversionChange)}
          />
        </MiniStatGrid>
      ) : (
        <MiniStatGridSkeleton />
      )}
      <Card className={styles.section} aria-labelledby="revenue-chart-title">
        <h2 id="revenue-chart-title" className={styles.sectionTitle}>
          {t('analytics.chart.revenue')}
        </h2>
        {revenue.data ? (
          revenue.data.orders.every((n) => n === 0) ? (
            <p className={styles.muted}>{t('analytics.chart.empty')}</p>
          ) : (
            <RevenueChart chart={revenue.data} />
          )
        ) : revenue.isError ? (
          <p className={styles.muted}>{t('analytics.chart.empty')}</p>
        ) : (
          <Spinner size="small" />
        )}
      </Card>
      <TopProducts scope={scope} limit={5} />
      <CategoryPerformance scope={scope} />
    </>
  );
}
