import styles from './chips.module.css';

export type ChipOption<V extends string> = { value: V; label: string };

type ChipsProps<V extends string> = {
  /** What the chips choose, for screen readers ("Filter by status"). */
  label: string;
  options: readonly ChipOption<V>[];
  value: V;
  onChange: (value: V) => void;
  'data-testid'?: string;
};

/**
 * A row of filter chips (one choice, scrolls sideways when it does not fit): a radio group to assistive
 * technology, pressed buttons to the eye.
 */
export function Chips<V extends string>({ label, options, value, onChange, ...rest }: ChipsProps<V>) {
  return (
    <div className={styles.row} role="radiogroup" aria-label={label} {...rest}>
      {options.map((option) => (
        // biome-ignore lint/a11y/useSemanticElements: a chip is a button that acts as a radio.
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={option.value === value}
          className={`${styles.chip} ${option.value === value ? styles.active : ''}`}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
