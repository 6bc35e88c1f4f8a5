import type { PaidPlan } from '@app/contracts/payments';
import type { BillingPeriod } from '@app/contracts/plans';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../i18n/i18n';
import { PLAN_FEATURE_KEYS, PLAN_NAME_KEYS, priceOf } from '../lib/plans';
import styles from './payments.module.css';

/** The plan card of the payment screens: name, price for the period (and in Stars), features. */
export function PlanSummary({
  plan,
  period,
  amountMinor,
  stars,
}: {
  plan: PaidPlan;
  period: BillingPeriod;
  /** What this payment costs when it differs from the list price (an upgrade's difference). */
  amountMinor?: number | undefined;
  stars?: number | null | undefined;
}) {
  const { t, formatMoney, formatNumber } = useI18n();
  return (
    <Card className={styles.stack} aria-label={t('payments.summary.label')}>
      <div className={styles.row}>
        <span className={styles.name}>{t(PLAN_NAME_KEYS[plan])}</span>
        <span className={styles.price}>
          {formatMoney(amountMinor ?? priceOf(plan, period), 'USD')}
          <span className={styles.per}>
            {' '}
            {period === 'yearly' ? t('payments.perYear') : t('payments.perMonth')}
          </span>
        </span>
      </div>
      {stars ? (
        <span className={styles.muted}>{t('payments.stars.amount', { stars: formatNumber(stars) })}</span>
      ) : null}
      <ul className={styles.features}>
        {PLAN_FEATURE_KEYS[plan].map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </Card>
  );
}
