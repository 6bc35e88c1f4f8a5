import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { AnalyticsScope } from '../api/analytics-keys';
import { useAnalyticsChart } from '../api/get-analytics-chart';
import styles from './analytics.module.css';
import { Change } from './change';
import { Ranking } from './ranking';
import { useWholeUsd } from './usd';

/** Top products by revenue: 5 on the overview, 10 on the products tab (spec part 1 §9). */
export function TopProducts({ scope, limit }: { scope: AnalyticsScope; limit: 5 | 10 }) {
  const { t } = useI18n();
  const usd = useWholeUsd();
  const chart = useAnalyticsChart('top-products', scope, limit);
  const products = chart.data?.products.slice(0, limit);
  return (
    <Card className={styles.section} aria-labelledby={`top-products-${limit}`}>
      <h2 id={`top-products-${limit}`} className={styles.sectionTitle}>
        {t('analytics.topProducts.title')}
      </h2>
      {!products ? (
        chart.isError ? (
          <p className={styles.muted}>{t('analytics.topProducts.empty')}</p>
        ) : (
          <Spinner size="small" />
        )
      ) : products.length === 0 ? (
        <p className={styles.muted}>{t('analytics.topProducts.empty')}</p>
      ) : (
        <Ranking
          testId={`top-products-${limit}`}
          rows={products.map((product) => ({
            id: product.id,
            name: product.name,
            value: usd(product.revenue),
            weight: product.revenue,
            meta: (
              <>
                {t('analytics.topProducts.sales', { count: product.sales })}
                {product.bot ? ` · @${product.bot.username}` : ''} · <Change value={product.growth} />
              </>
            ),
          }))}
        />
      )}
    </Card>
  );
}
