import { useI18n } from '../../i18n/i18n';
import styles from './states.module.css';

export function Spinner({ size = 'normal' }: { size?: 'normal' | 'small' }) {
  return <span className={`${styles.spinner} ${size === 'small' ? styles.small : ''}`} aria-hidden="true" />;
}

/** A spinner with a label, announced to screen readers. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div className={styles.state} role="status" aria-live="polite">
      <Spinner />
      <span className={styles.label}>{label ?? t('common.loading')}</span>
    </div>
  );
}
