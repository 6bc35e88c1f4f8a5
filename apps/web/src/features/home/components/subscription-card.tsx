import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../i18n/i18n';
import { useSubscriptionOverview } from '../api/get-subscription-overview';
import styles from './home-cards.module.css';

/** Spec part 1 §2: the overview when any subscription is active, else the warning with 'View Subscription Plans'. */
export function SubscriptionCard() {
  const { t, formatNumber } = useI18n();
  const navigate = useNavigate();
  const overview = useSubscriptionOverview();
  const data = overview.data;
  if (!data) return null;
  const usd = (minor: number) =>
    formatNumber(minor / 100, {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });

  if (data.activeSubscriptions === 0) {
    return (
      <Card className={`${styles.card} ${styles.warning}`} data-testid="home-subscriptions">
        <p className={styles.warningText}>
          <span aria-hidden="true">⚠️ </span>
          {t('home.subscriptions.warning')}
        </p>
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
        <span className={styles.online}>
          {t('home.subscriptions.bots', { count: data.activeSubscriptions })}
        </span>
      </div>
      <div className={styles.insight}>
        <span className={styles.muted}>{t('home.subscriptions.monthlyCost')}</span>
        <span className={styles.big}>{usd(data.monthlyCost)}</span>
      </div>
      <ul className={styles.rows}>
        {data.subscriptions.slice(0, 3).map((sub) => (
          <li key={sub.id} className={styles.row}>
            <span className={styles.rowMain}>
              <span className={styles.rowTitle}>{sub.botName}</span>
              <span className={styles.muted}>
                {sub.tier} · {t('home.subscriptions.fees', { fee: formatNumber(sub.feePercentage) })}
              </span>
            </span>
            <span className={styles.rowValue}>
              {t('home.subscriptions.perMonth', { amount: usd(sub.amount) })}
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
