import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './card.module.css';

type CardProps = {
  children: ReactNode;
  className?: string;
  /** Makes the whole card a link. */
  to?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'data-testid'?: string;
};

export function Card({ children, className, to, ...rest }: CardProps) {
  if (to) {
    return (
      <Link to={to} className={`${styles.card} ${styles.link} ${className ?? ''}`} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <section className={`${styles.card} ${className ?? ''}`} {...rest}>
      {children}
    </section>
  );
}
