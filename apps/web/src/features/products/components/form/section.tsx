import styles from './product-form.module.css';
import type { ProductForm } from './product-form-values';

export type SectionProps = { form: ProductForm };

/** One card of the product form, with its title when it has one. */
export function Section({ title, children }: { title?: string; children: React.ReactNode }) {
  return (
    <section className={styles.section}>
      {title ? <h2 className={styles.sectionTitle}>{title}</h2> : null}
      {children}
    </section>
  );
}
