import { type ReactNode, useId } from 'react';
import styles from './field.module.css';

/** What a control needs to be tied to its label, hint and error (spread it onto the control). */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
};

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the control in the error colour and announced; the control is marked invalid. */
  error?: string | null;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A labelled form control with an optional hint and error line, both tied to the control with
 * aria-describedby. Any control fits: `<Field label="Name">{(c) => <TextInput {...c} />}</Field>`.
 */
export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined })}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message (the server refused the save, say), announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={styles.alert} role="alert">
      {children}
    </p>
  );
}
