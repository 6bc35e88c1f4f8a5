import type { ActivityItem } from '@app/contracts/events';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import styles from './activity-list.module.css';
import { ACTIVITY_ICONS, activityLink, activityWords } from './activity-text';

type Props = {
  items: ActivityItem[] | undefined;
  isError: boolean;
  /** Clock for the relative times; tests fix it. */
  now?: number;
};

/**
 * An activity feed (Home's Recent Activity, a bot's activity): icon by type, title, description, relative
 * time, and a link to what it is about. Texts come from the event type and its parameters.
 */
export function ActivityList({ items, isError, now }: Props) {
  const { t, formatMoney, formatDate, formatRelativeTime } = useI18n();
  if (isError) return <p className={styles.state}>{t('activity.error')}</p>;
  if (!items) return <p className={styles.state} role="status" aria-label={t('activity.loading')} />;
  if (items.length === 0) return <p className={styles.state}>{t('activity.empty')}</p>;
  return (
    <ul className={styles.list}>
      {items.map((item) => {
        const words = activityWords(item, t, { formatMoney, formatDate });
        const link = activityLink(item);
        const body = (
          <>
            <span className={styles.icon} aria-hidden="true">
              {ACTIVITY_ICONS[item.category]}
            </span>
            <span className={styles.text}>
              <span className={styles.title}>{words.title}</span>
              <span className={styles.description}>{words.description}</span>
              <time className={styles.time} dateTime={item.timestamp}>
                {formatRelativeTime(item.timestamp, now)}
              </time>
            </span>
          </>
        );
        return (
          <li key={item.id} className={styles.item} data-event={item.event}>
            {link ? (
              <Link to={link} className={styles.row}>
                {body}
              </Link>
            ) : (
              <div className={styles.row}>{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
