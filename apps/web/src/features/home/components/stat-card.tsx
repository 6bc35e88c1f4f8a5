import type { Trend } from '@app/contracts/dashboard';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { formatChange } from '../../../lib/format';
import styles from './stat-card.module.css';

type StatCardProps = {
  label: string;
  value: string;
  icon: ReactNode;
  /** Percent versus the previous 30 days. */
  change: number;
  trend: Trend;
  caption?: string;
  to?: string;
  wide?: boolean;
  testId: string;
};

const ARROWS: Record<Trend, string> = { up: '↑', down: '↓', neutral: '→' };

export function StatCard({
  label,
  value,
  icon,
  change,
  trend,
  caption,
  to,
  wide = false,
  testId,
}: StatCardProps) {
  return (
    <Card
      to={to}
      className={`${styles.card} ${wide ? styles.wide : ''}`}
      aria-label={to ? `${label}: ${value}` : undefined}
      data-testid={testId}
    >
      <div className={styles.top}>
        <span className={styles.icon}>{icon}</span>
        {to ? <ChevronRightIcon size={18} className={styles.chevron} /> : null}
      </div>
      <span className={styles.label}>{label}</span>
      <span className={styles.value}>{value}</span>
      <span className={styles.footer}>
        <span className={`${styles.change} ${styles[trend]}`}>
          <span aria-hidden="true">{ARROWS[trend]} </span>
          {formatChange(change)}
        </span>
        <span>{caption ?? 'vs last 30 days'}</span>
      </span>
    </Card>
  );
}

export function StatCardSkeleton({ wide = false }: { wide?: boolean }) {
  return <div className={`${styles.skeleton} ${wide ? styles.wide : ''}`} aria-hidden="true" />;
}
