import { useI18n } from '../../../i18n/i18n';
import styles from './analytics.module.css';

/** A signed percent change in green or red: 12.3 → "+12.3%". */
export function Change({ value }: { value: number }) {
  const { formatNumber } = useI18n();
  const tone = value > 0 ? styles.up : value < 0 ? styles.down : '';
  return (
    <span className={tone}>
      {formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' })}
    </span>
  );
}

export function toneOf(value: number): 'up' | 'down' | 'neutral' {
  return value > 0 ? 'up' : value < 0 ? 'down' : 'neutral';
}
