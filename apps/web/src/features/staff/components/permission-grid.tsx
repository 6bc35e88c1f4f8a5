import type { Permission } from '@app/contracts/permissions';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { useCan } from '../../../lib/me';
import { haptics } from '../../../lib/telegram/bridge';
import { togglePermission } from '../lib/staff-rules';
import styles from './staff.module.css';

/**
 * The permission grid: each permission with its description (spec part 2 §6). Full Access disables the others
 * (they are included); a permission the caller does not hold cannot be given (the server refuses it too).
 */
export function PermissionGrid({
  options,
  value,
  onChange,
}: {
  options: readonly Permission[];
  value: readonly Permission[];
  onChange: (next: Permission[]) => void;
}) {
  const { t } = useI18n();
  const can = useCan();
  const fullAccess = value.includes('all');
  return (
    <fieldset
      className={styles.grid}
      data-testid="permission-grid"
      style={{ border: 'none', padding: 0, margin: 0 }}
    >
      <legend className={styles.title}>{t('staff.form.permissions')}</legend>
      {options.map((p) => {
        const disabled = (fullAccess && p !== 'all') || !can(p);
        return (
          <label key={p} className={`${styles.option} ${disabled ? styles.optionDisabled : ''}`}>
            <input
              type="checkbox"
              checked={value.includes(p) || (fullAccess && p !== 'all')}
              disabled={disabled}
              onChange={() => {
                haptics.selection();
                onChange(togglePermission(value, p));
              }}
            />
            <span className={styles.optionText}>
              <span>{t(`staff.permission.${p}` as MessageKey)}</span>
              <span className={styles.muted}>{t(`staff.permissionHint.${p}` as MessageKey)}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
