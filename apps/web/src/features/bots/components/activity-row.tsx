import type { BotActivityItem } from '@app/contracts/bots';
import { useI18n } from '../../../i18n/i18n';
import { formatBotMoney, formatRelativeTime } from '../lib/format-bot';
import styles from './bot-details.module.css';

const ICONS: Record<BotActivityItem['type'], string> = { order: '🛒', customer: '👤', other: '🔔' };

/**
 * One row of a bot's recent activity: the only place that turns an activity item into words. Items still
 * carry the server's English sentence (`description`); when they become `{ type, params }` this component
 * words them from the catalogue and nothing else changes.
 */
export function ActivityRow({ item, currency }: { item: BotActivityItem; currency: string }) {
  const { t, formatMoney } = useI18n();
  return (
    <li className={styles.activityItem}>
      <span className={styles.activityIcon} aria-hidden="true">
        {ICONS[item.type]}
      </span>
      <span className={styles.activityText}>
        <span>{item.description}</span>
        <span className={styles.muted}>{formatRelativeTime(item.time, t)}</span>
      </span>
      {item.amount === null ? null : (
        <span className={styles.amount}>
          {formatBotMoney(formatMoney, item.amount, currency, item.amountFormatted ?? '')}
        </span>
      )}
    </li>
  );
}
