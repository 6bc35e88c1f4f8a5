import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../i18n/i18n';
import { useDashboardBots } from '../api/get-dashboard-bots';
import styles from './home-cards.module.css';

/** Spec part 1 §2: online count, the first 3 bots, 'View all N bots'; 'No bots yet' with Create Bot. */
export function ActiveBotsCard() {
  const { t, formatNumber } = useI18n();
  const navigate = useNavigate();
  const bots = useDashboardBots();
  const data = bots.data;
  return (
    <Card className={styles.card} aria-labelledby="home-bots-title" data-testid="home-bots">
      <div className={styles.head}>
        <h2 id="home-bots-title" className={styles.title}>
          {t('home.bots.title')}
        </h2>
        {data && data.total > 0 ? (
          <span className={styles.online}>{t('home.bots.online', { count: data.online })}</span>
        ) : null}
      </div>
      {bots.isError && !data ? (
        <p className={styles.muted}>{t('home.bots.error')}</p>
      ) : !data ? (
        <div className={styles.skeleton} aria-hidden="true" />
      ) : data.total === 0 ? (
        <div className={styles.emptyRow}>
          <p className={styles.muted}>{t('home.bots.empty')}</p>
          <Button onClick={() => navigate('/bot-new')}>{t('home.bots.create')}</Button>
        </div>
      ) : (
        <>
          <ul className={styles.rows}>
            {data.bots.slice(0, 3).map((bot) => (
              <li key={bot.id}>
                <button type="button" className={styles.row} onClick={() => navigate(`/bots/${bot.id}`)}>
                  <span className={`${styles.dot} ${bot.isActive ? styles.dotOn : ''}`} aria-hidden="true" />
                  <span className={styles.rowMain}>
                    <span className={styles.rowTitle}>@{bot.username}</span>
                    <span className={styles.muted}>{t('home.bots.orders', { count: bot.orders })}</span>
                  </span>
                  <span className={styles.rowValue}>
                    {formatNumber(bot.revenue / 100, {
                      style: 'currency',
                      currency: 'USD',
                      maximumFractionDigits: 0,
                      minimumFractionDigits: 0,
                    })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <Button variant="plain" className={styles.more} onClick={() => navigate('/bots')}>
            {t('home.bots.viewAll', { count: data.total })}
          </Button>
        </>
      )}
    </Card>
  );
}
