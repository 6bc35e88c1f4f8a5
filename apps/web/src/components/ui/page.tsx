import type { ReactNode } from 'react';
import styles from './page.module.css';

type PageProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
  'data-testid'?: string;
};

/** A screen: its heading (the page's one h1), an optional sub-line, then the content. */
export function Page({ title, subtitle, children, ...rest }: PageProps) {
  return (
    <main className={styles.page} {...rest}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </header>
      {children}
    </main>
  );
}
