import type { Trend } from '@app/contracts/dashboard';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../i18n/i18n';
import styles from './stat-card.module.css';

type StatCardProps = {
  label: string;
  /** What the figure counts, written next to it ("excluding cancelled"). */
  hint?: string;
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
  hint,
  value,
  icon,
  change,
  trend,
  caption,
  to,
  wide = false,
  testId,
}: StatCardProps) {
  const { t, formatNumber } = useI18n();
  // A percent change: 12.34 → "+12.3%", -5 → "-5%", 0 → "0%", in the locale's own way of writing it.
  const formattedChange = formatNumber(change / 100, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  return (
    <Card
      to={to}
      className={`${styles.card} ${wide ? styles.wide : ''}`}
      aria-label={to ? t('home.stats.cardLabel', { label, value }) : undefined}
      data-testid={testId}
    >
      <div className={styles.top}>
        <span className={styles.icon}>{icon}</span>
        {to ? <ChevronRightIcon size={18} className={styles.chevron} /> : null}
      </div>
      <span className={styles.label}>{label}</span>
      {hint ? <span className={styles.hint}>{hint}</span> : null}
      <span className={styles.value}>{value}</span>
      <span className={styles.footer}>
        <span className={`${styles.change} ${styles[trend]}`}>
          <span aria-hidden="true">{ARROWS[trend]} </span>
          {formattedChange}
        </span>
        <span>{caption ?? t('home.stats.vsLast30Days')}</span>
      </span>
    </Card>
  );
}

export function StatCardSkeleton({ wide = false }: { wide?: boolean }) {
  return <div className={`${styles.skeleton} ${wide ? styles.wide : ''}`} aria-hidden="true" />;
}
