import type { ReactNode } from 'react';
import styles from './states.module.css';

type EmptyStateProps = {
  title: string;
  hint?: string;
  icon?: string;
  action?: ReactNode;
};

export function EmptyState({ title, hint, icon = '📭', action }: EmptyStateProps) {
  return (
    <div className={styles.state}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <p className={styles.title}>{title}</p>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {action}
    </div>
  );
}
