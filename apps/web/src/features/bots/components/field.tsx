import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import styles from './field.module.css';

type FieldProps = {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
};

/** A labelled form control with an optional hint and error line. */
export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': error || hint ? noteId : undefined,
      })}
      {error ? (
        <p id={noteId} className={styles.error} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={noteId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type Option = { value: string; label: string };

export function Select({
  options,
  ...props
}: { options: Option[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>) {
  return (
    <select className={styles.control} {...props}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export const controlClass = styles.control;
export const textareaClass = `${styles.control} ${styles.textarea}`;
