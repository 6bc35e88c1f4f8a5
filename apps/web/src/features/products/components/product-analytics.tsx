import type { AnalyticsPeriod, ProductAnalytics } from '@app/contracts/analytics';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { Chips } from '../../../components/ui/chips';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { haptics } from '../../../lib/telegram/bridge';
import { useProductAnalytics } from '../api/get-product-analytics';
import styles from './product-analytics.module.css';

const PERIODS = ['7d', '30d', '90d'] as const satisfies readonly AnalyticsPeriod[];
const METRICS = ['views', 'units', 'revenue'] as const;
type Metric = (typeof METRICS)[number];
const METRIC_LABEL: Record<Metric, MessageKey> = {
  views: 'products.detail.views',
  units: 'products.detail.sold',
  revenue: 'products.detail.revenue',
};

/**
 * The product page's Analytics tab: the shop's views of the product, units sold and revenue (USD, converted by
 * the server) per day of the chosen period, as bars of the chosen figure, with the period's totals.
 */
export function ProductAnalyticsPanel({ productId }: { productId: string }) {
  const { t } = useI18n();
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('30d');
  const [metric, setMetric] = useState<Metric>('views');
  const figures = useProductAnalytics(productId, period);
  return (
    <Card>
      <div className={styles.controls}>
        <Chips
          label={t('analytics.period.label')}
          value={period}
          onChange={(value) => {
            haptics.selection();
            setPeriod(value);
          }}
          options={PERIODS.map((p) => ({ value: p, label: t(`analytics.period.${p}`) }))}
        />
        <Chips
          label={t('products.analytics.metric')}
          value={metric}
          onChange={(value) => {
            haptics.selection();
            setMetric(value);
          }}
          options={METRICS.map((m) => ({ value: m, label: t(METRIC_LABEL[m]) }))}
        />
      </div>
      {figures.data ? (
        <Figures data={figures.data} metric={metric} />
      ) : figures.isError ? (
        <ErrorState
          message={t('products.analytics.error')}
          onRetry={() => void figures.refetch()}
          retrying={figures.isFetching}
        />
      ) : (
        <LoadingState />
      )}
      <p className={styles.muted}>{t('products.detail.analyticsNote')}</p>
    </Card>
  );
}

function Figures({ data, metric }: { data: ProductAnalytics; metric: Metric }) {
  const { t, formatNumber, formatMoney, formatDate } = useI18n();
  const show = (m: Metric, value: number) =>
    m === 'revenue' ? formatMoney(value, 'USD') : formatNumber(value);
  const series = data[metric];
  const max = Math.max(1, ...series);
  return (
    <>
      <dl className={styles.totals}>
        {METRICS.map((m) => (
          <div key={m} className={styles.total}>
            <dt>{t(METRIC_LABEL[m])}</dt>
            <dd>{show(m, data.totals[m])}</dd>
          </div>
        ))}
        {/* Only when the vendor set the product's cost price (its Pricing section). */}
        {data.totals.grossProfit !== null ? (
          <div className={styles.total}>
            <dt>{t('products.analytics.grossProfit')}</dt>
            <dd>{formatMoney(data.totals.grossProfit, 'USD')}</dd>
          </div>
        ) : null}
      </dl>
      <div
        className={styles.bars}
        role="img"
        aria-label={t('products.analytics.chart', {
          metric: t(METRIC_LABEL[metric]),
          total: show(metric, data.totals[metric]),
          days: data.labels.length,
        })}
        data-testid="product-analytics-chart"
      >
        {data.labels.map((day, i) => {
          const value = series[i] ?? 0;
          return (
            <span
              key={day}
              className={styles.bar}
              title={`${formatDate(day, { day: 'numeric', month: 'short', timeZone: 'UTC' })}: ${show(metric, value)}`}
              style={{ height: `${value === 0 ? 0 : Math.max(4, Math.round((value / max) * 100))}%` }}
            />
          );
        })}
      </div>
      <div className={styles.axis} aria-hidden="true">
        <span>{formatDate(data.labels[0] ?? '', { day: 'numeric', month: 'short', timeZone: 'UTC' })}</span>
        <span>
          {formatDate(data.labels.at(-1) ?? '', { day: 'numeric', month: 'short', timeZone: 'UTC' })}
        </span>
      </div>
    </>
  );
}
