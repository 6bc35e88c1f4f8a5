import styles from './switch.module.css';

type SwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The accessible name; also shown beside the switch unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  disabled?: boolean;
  'data-testid'?: string;
};

/** An on/off switch (role="switch"), for settings and start/stop toggles. */
export function Switch({
  checked,
  onChange,
  label,
  hideLabel = false,
  disabled = false,
  ...rest
}: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={hideLabel ? label : undefined}
      disabled={disabled}
      className={styles.root}
      onClick={() => onChange(!checked)}
      {...rest}
    >
      {hideLabel ? null : <span className={styles.label}>{label}</span>}
      <span className={`${styles.track} ${checked ? styles.on : ''}`} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
    </button>
  );
}
