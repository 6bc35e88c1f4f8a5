import { Card } from '../../../components/ui/card';
import { MiniStat, MiniStatGrid, MiniStatGridSkeleton } from '../../../components/ui/mini-stat';
import { useI18n } from '../../../i18n/i18n';
import type { AnalyticsScope } from '../api/analytics-keys';
import { useAnalyticsChart } from '../api/get-analytics-chart';
import styles from './analytics.module.css';

export function CustomersTab({ scope }: { scope: AnalyticsScope }) {
  const { t, formatNumber, formatMoney } = useI18n();
  const metrics = useAnalyticsChart('customer-metrics', scope);
  if (!metrics.data && !metrics.isError) return <MiniStatGridSkeleton count={6} />;
  const m = metrics.data ?? {
    newCustomers: 0,
    returningCustomers: 0,
    averageOrderValue: 0,
    conversionRate: 0,
    cartAbandonmentRate: 0,
    customerLifetimeValue: 0,
  };
  const pct = (value: number) => formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 });
  const total = m.newCustomers + m.returningCustomers;
  return (
    <>
      <MiniStatGrid label={t('analytics.customers.title')}>
        <MiniStat label={t('analytics.customers.new')} value={formatNumber(m.newCustomers)} />
        <MiniStat label={t('analytics.customers.returning')} value={formatNumber(m.returningCustomers)} />
        <MiniStat label={t('analytics.customers.aov')} value={formatMoney(m.averageOrderValue, 'USD')} />
        <MiniStat label={t('analytics.customers.conversion')} value={pct(m.conversionRate)} />
        <MiniStat label={t('analytics.customers.abandonment')} value={pct(m.cartAbandonmentRate)} />
        <MiniStat label={t('analytics.customers.clv')} value={formatMoney(m.customerLifetimeValue, 'USD')} />
      </MiniStatGrid>
      {total > 0 ? (
        <Card className={styles.section} aria-labelledby="customer-split">
          <h2 id="customer-split" className={styles.sectionTitle}>
            {t('analytics.customers.split')}
          </h2>
          <div className={styles.split} aria-hidden="true">
            <span className={styles.splitNew} style={{ width: `${(m.newCustomers / total) * 100}%` }} />
            <span
              className={styles.splitReturning}
              style={{ width: `${(m.returningCustomers / total) * 100}%` }}
            />
          </div>
          <p className={styles.legend}>
            <span className={styles.legendRevenue}>
              {t('analytics.customers.new')} {pct((m.newCustomers / total) * 100)}
            </span>
            <span className={styles.legendOrders}>
              {t('analytics.customers.returning')} {pct((m.returningCustomers / total) * 100)}
            </span>
          </p>
        </Card>
      ) : null}
    </>
  );
}
