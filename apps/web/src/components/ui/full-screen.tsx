import type { ReactNode } from 'react';
import styles from './full-screen.module.css';

/** A centred screen for the moments before the app proper: connecting, signing in, failures. */
export function FullScreen({
  children,
  'data-testid': testId,
}: {
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div className={styles.screen} data-testid={testId}>
      {children}
    </div>
  );
}

export { styles as fullScreenStyles };
