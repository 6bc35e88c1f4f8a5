import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../i18n/i18n';
import { useSubscriptionOverview } from '../api/get-subscription-overview';
import styles from './subscription-overview-card.module.css';

/** Live subscriptions, the month's cost and the first three; a warning when there are none. */
export function SubscriptionOverviewCard() {
  const { t, formatMoney, formatNumber } = useI18n();
  const navigate = useNavigate();
  const overview = useSubscriptionOverview();
  const data = overview.data;
  if (!data) return null;
  if (data.activeSubscriptions === 0) {
    return (
      <Card className={`${styles.card} ${styles.warning}`} data-testid="home-subscriptions">
        <p>{t('home.subscriptions.none')}</p>
        <Button onClick={() => navigate('/subscription-plans')}>{t('home.subscriptions.viewPlans')}</Button>
      </Card>
    );
  }
  return (
    <Card className={styles.card} aria-labelledby="home-subscriptions-title" data-testid="home-subscriptions">
      <div className={styles.head}>
        <h2 id="home-subscriptions-title" className={styles.title}>
          {t('home.subscriptions.title')}
        </h2>
        <span className={styles.muted}>
          {t('home.subscriptions.bots', { count: data.activeSubscriptions })} ·{' '}
          {t('home.subscriptions.monthlyCost', { amount: formatMoney(data.monthlyCost, 'USD') })}
        </span>
      </div>
      <ul className={styles.list}>
        {data.subscriptions.slice(0, 3).map((s) => (
          <li key={s.id} className={styles.item}>
            <span className={styles.name}>
              {s.botName} <span className={styles.tier}>{s.tier}</span>
            </span>
            <span className={styles.muted}>
              {t('home.subscriptions.item', {
                amount: formatMoney(s.amountMinor, 'USD'),
                fee: formatNumber(s.feeBps / 100),
              })}
            </span>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={() => navigate('/subscriptions')}>
        {t('home.subscriptions.manage')}
      </Button>
    </Card>
  );
}
