import type { ReactNode } from 'react';
import styles from './mini-stat.module.css';

type MiniStatProps = {
  label: string;
  /** What the figure counts, written next to it ("excluding cancelled"): one definition per figure. */
  hint?: string;
  value: ReactNode;
  /** A line under the value (a change, a breakdown). */
  caption?: ReactNode;
  tone?: 'up' | 'down' | 'neutral';
  'data-testid'?: string;
};

/** A small figure card: label, value, optional caption; laid out by `<MiniStatGrid>`. */
export function MiniStat({ label, hint, value, caption, tone, ...rest }: MiniStatProps) {
  return (
    <div className={styles.stat} {...rest}>
      <span className={styles.label}>{label}</span>
      {hint ? <span className={styles.hint}>{hint}</span> : null}
      <span className={styles.value}>{value}</span>
      {caption ? <span className={`${styles.caption} ${tone ? styles[tone] : ''}`}>{caption}</span> : null}
    </div>
  );
}

export function MiniStatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className={styles.grid} aria-label={label}>
      {children}
    </section>
  );
}

export function MiniStatGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={i} className={`${styles.stat} ${styles.skeleton}`} />
      ))}
    </div>
  );
}
