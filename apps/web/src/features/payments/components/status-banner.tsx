import type { ReactNode } from 'react';
import styles from './payments.module.css';

export type BannerTone = 'info' | 'success' | 'warning' | 'error';

/** The status line of a payment screen; announced to screen readers as it changes. */
export function StatusBanner({ tone, children }: { tone: BannerTone; children: ReactNode }) {
  return (
    <div className={styles.banner} data-tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
