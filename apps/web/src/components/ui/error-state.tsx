import { useI18n } from '../../i18n/i18n';
import { Button } from './button';
import styles from './states.module.css';

type ErrorStateProps = {
  message: string;
  hint?: string;
  onRetry?: () => void;
  retrying?: boolean;
};

export function ErrorState({ message, hint, onRetry, retrying = false }: ErrorStateProps) {
  const { t } = useI18n();
  return (
    <div className={styles.state} role="alert">
      <span className={styles.icon} aria-hidden="true">
        ⚠️
      </span>
      <p className={`${styles.title} ${styles.errorTitle}`}>{message}</p>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry} disabled={retrying}>
          {retrying ? t('ui.retrying') : t('common.retry')}
        </Button>
      ) : null}
    </div>
  );
}
