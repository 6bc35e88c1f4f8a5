import type { ReactNode } from 'react';
import styles from './order-detail.module.css';

type Row = [label: string, value: ReactNode];

/** Label and value rows of an order detail's section. */
export function InfoList({ rows }: { rows: Row[] }) {
  return (
    <dl className={styles.list}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.item}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
