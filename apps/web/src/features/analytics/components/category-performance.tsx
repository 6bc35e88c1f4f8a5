import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { AnalyticsScope } from '../api/analytics-keys';
import { useAnalyticsChart } from '../api/get-analytics-chart';
import styles from './analytics.module.css';
import { Ranking } from './ranking';
import { useWholeUsd } from './usd';

/** Spec part 1 §9: category performance shows 5. */
const CATEGORIES_SHOWN = 5;

export function CategoryPerformance({ scope }: { scope: AnalyticsScope }) {
  const { t } = useI18n();
  const usd = useWholeUsd();
  const chart = useAnalyticsChart('category-performance', scope);
  const categories = chart.data?.categories.slice(0, CATEGORIES_SHOWN);
  return (
    <Card className={styles.section} aria-labelledby="category-performance">
      <h2 id="category-performance" className={styles.sectionTitle}>
        {t('analytics.categories.title')}
      </h2>
      {!categories && !chart.isError ? (
        <Spinner size="small" />
      ) : !categories || categories.length === 0 ? (
        <p className={styles.muted}>{t('analytics.categories.empty')}</p>
      ) : (
        <Ranking
          testId="category-performance"
          rows={categories.map((category) => ({
            id: category.id ?? 'none',
            name: `${category.icon ? `${category.icon} ` : ''}${category.name}`,
            value: usd(category.revenue),
            weight: category.revenue,
            meta: t('analytics.categories.products', { count: category.products }),
          }))}
        />
      )}
    </Card>
  );
}
