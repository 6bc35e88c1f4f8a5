import type { ReactNode } from 'react';
import styles from './analytics.module.css';

export type RankRow = { id: string; name: string; value: string; meta: ReactNode; weight: number };

/** A ranked list with a bar under each row, as long as its share of the first (top products, categories). */
export function Ranking({ rows, testId }: { rows: RankRow[]; testId?: string }) {
  const max = Math.max(1, ...rows.map((row) => row.weight));
  return (
    <ol className={styles.ranking} data-testid={testId}>
      {rows.map((row) => (
        <li key={row.id} className={styles.rankItem}>
          <span className={styles.rankLine}>
            <span className={styles.rankName}>{row.name}</span>
            <span className={styles.rankValue}>{row.value}</span>
          </span>
          <span className={styles.rankMeta}>{row.meta}</span>
          <span className={styles.bar} aria-hidden="true">
            <span
              className={styles.barFill}
              style={{ width: `${(row.weight / max) * 100}%`, display: 'block' }}
            />
          </span>
        </li>
      ))}
    </ol>
  );
}
