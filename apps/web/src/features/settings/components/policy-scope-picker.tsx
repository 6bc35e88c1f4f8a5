import { Select } from '../../../components/ui/form/controls';
import { useI18n } from '../../../i18n/i18n';
import { useBotChoices } from '../api/get-bot-choices';
import type { PolicyScope } from '../api/policies';
import styles from './settings.module.css';

const ALL = 'all';

/**
 * Which bot the policies or FAQs on the screen are for: "All bots" (the vendor's) or one bot's own. `hint`
 * says, for a bot, what its shop answers where it has nothing of its own. Disabled while edits are unsaved.
 */
export function PolicyScopePicker({
  value,
  onChange,
  hint,
  disabled = false,
}: {
  value: PolicyScope;
  onChange: (scope: PolicyScope) => void;
  hint: string;
  disabled?: boolean;
}) {
  const { t } = useI18n();
  const bots = useBotChoices();
  return (
    <div className={styles.stack}>
      <Select
        aria-label={t('store.scope.label')}
        value={value ?? ALL}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === ALL ? null : event.target.value)}
        options={[
          { value: ALL, label: t('store.scope.allBots') },
          ...(bots.data?.bots ?? []).map((bot) => ({ value: bot.id, label: bot.name })),
        ]}
      />
      {value ? <p className={styles.muted}>{hint}</p> : null}
    </div>
  );
}
