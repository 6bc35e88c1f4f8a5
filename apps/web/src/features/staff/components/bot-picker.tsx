import type { ManagedBots } from '@app/contracts/staff';
import { useI18n } from '../../../i18n/i18n';
import { useBotOptions } from '../../../lib/bot-options';
import { useMe } from '../../../lib/me';
import { haptics } from '../../../lib/telegram/bridge';
import { toggleBot } from '../lib/staff-rules';
import styles from './staff.module.css';

/** Assigned bots: all of them, or some. A member limited to some bots can only hand out those. */
export function BotPicker({
  value,
  onChange,
}: {
  value: ManagedBots;
  onChange: (next: ManagedBots) => void;
}) {
  const { t } = useI18n();
  const bots = useBotOptions();
  const me = useMe();
  const mayGiveAll = me.data ? me.data.botIds === 'all' : true;
  const pick = (id: string | 'all') => {
    haptics.selection();
    onChange(toggleBot(value, id));
  };
  return (
    <fieldset
      className={styles.grid}
      data-testid="bot-picker"
      style={{ border: 'none', padding: 0, margin: 0 }}
    >
      <legend className={styles.title}>{t('staff.form.bots')}</legend>
      {mayGiveAll ? (
        <label className={styles.option}>
          <input type="checkbox" checked={value === 'all'} onChange={() => pick('all')} />
          <span>{t('staff.allBots')}</span>
        </label>
      ) : null}
      {(bots.data ?? []).map((bot) => (
        <label key={bot.id} className={styles.option}>
          <input
            type="checkbox"
            checked={value !== 'all' && value.includes(bot.id)}
            onChange={() => pick(bot.id)}
          />
          <span>@{bot.username}</span>
        </label>
      ))}
    </fieldset>
  );
}
