import { StaffRole } from '@app/contracts/staff';
import { Select } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';

/** The five roles (spec part 2 §3.7), each with its description (§6). */
export function RoleSelect({ value, onChange }: { value: StaffRole; onChange: (role: StaffRole) => void }) {
  const { t } = useI18n();
  return (
    <Field label={t('staff.form.role')} hint={t(`staff.roleHint.${value}` as MessageKey)}>
      {(aria) => (
        <Select
          {...aria}
          value={value}
          onChange={(e) => onChange(StaffRole.parse(e.target.value))}
          options={StaffRole.options.map((r) => ({ value: r, label: t(`staff.role.${r}` as MessageKey) }))}
        />
      )}
    </Field>
  );
}
