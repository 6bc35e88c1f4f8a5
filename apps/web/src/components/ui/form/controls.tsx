import type { ComponentProps } from 'react';
import styles from './field.module.css';

function classes(...names: (string | undefined | false)[]): string {
  return names.filter(Boolean).join(' ');
}

/** A text input in the app's style. `mono` for tokens and codes. */
export function TextInput({
  className,
  mono = false,
  ...props
}: ComponentProps<'input'> & { mono?: boolean }) {
  return <input className={classes(styles.control, mono && styles.mono, className)} {...props} />;
}

export function TextArea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={classes(styles.control, styles.textarea, className)} {...props} />;
}

export type SelectOption = { value: string; label: string };

export function Select({
  options,
  className,
  ...props
}: { options: readonly SelectOption[] } & Omit<ComponentProps<'select'>, 'children'>) {
  return (
    <select className={classes(styles.control, className)} {...props}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
