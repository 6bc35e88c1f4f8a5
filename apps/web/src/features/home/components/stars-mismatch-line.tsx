import { Link } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { useStarsMismatches } from '../api/get-stars-mismatches';
import styles from './home-cards.module.css';

/** One line when a bot's Telegram Stars hold a transaction that matches no order; it leads to that bot's Stars. */
export function StarsMismatchLine() {
  const { t } = useI18n();
  const data = useStarsMismatches().data;
  const bot = data?.bots[0];
  if (!data || data.unmatched === 0 || !bot) return null;
  return (
    <p className={styles.warningText} role="alert" data-testid="home-stars-mismatch">
      <span aria-hidden="true">⚠️ </span>
      <Link to={`/bots/${bot.botId}/stars`}>{t('home.stars.unmatched', { count: data.unmatched })}</Link>
    </p>
  );
}
