import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/form/controls';
import { useI18n } from '../../../i18n/i18n';
import { useBotOptions } from '../../../lib/bot-options';
import { useCustomerInsights } from '../api/get-customer-insights';
import styles from './home-cards.module.css';

const ALL = 'all';
// Spec part 1 §2: the activity line has "a static decorative bar chart".
const DECORATIVE_BARS = [40, 65, 50, 80, 60, 90, 75];

/** Spec part 1 §2 Customer Insights: all bots combined, or one bot. */
export function CustomerInsightsCard() {
  const { t, formatNumber } = useI18n();
  const navigate = useNavigate();
  const bots = useBotOptions();
  const [botId, setBotId] = useState(ALL);
  const stats = useCustomerInsights(botId === ALL ? undefined : botId);
  const s = stats.data;
  const percent = (value: number, sign = false) =>
    formatNumber(value / 100, {
      style: 'percent',
      maximumFractionDigits: 1,
      ...(sign ? { signDisplay: 'exceptZero' as const } : {}),
    });
  return (
    <Card className={styles.card} aria-labelledby="home-insights-title" data-testid="home-insights">
      <h2 id="home-insights-title" className={styles.title}>
        {t('home.insights.title')}
      </h2>
      <Select
        aria-label={t('home.insights.botSelect')}
        value={botId}
        onChange={(event) => setBotId(event.target.value)}
        options={[
          { value: ALL, label: t('home.insights.allBots') },
          ...(bots.data ?? []).map((bot) => ({ value: bot.id, label: bot.name })),
        ]}
      />
      {stats.isError && !s ? (
        <p className={styles.muted}>{t('home.insights.error')}</p>
      ) : !s ? (
        <div className={styles.skeleton} aria-hidden="true" />
      ) : (
        <>
          <div className={styles.insights}>
            <div className={styles.insight}>
              <span className={styles.muted}>{t('home.insights.totalCustomers')}</span>
              <span className={styles.big} data-testid="insights-total">
                {formatNumber(s.totalCustomers)}
              </span>
              <span className={s.monthlyGrowth >= 0 ? styles.up : styles.down}>
                {t('home.insights.monthlyGrowth', { growth: percent(s.monthlyGrowth, true) })}
              </span>
            </div>
            <div className={styles.insight}>
              <span className={styles.muted}>{t('home.insights.vip')}</span>
              <span className={styles.big}>{formatNumber(s.vipCustomers)}</span>
              <span className={styles.muted}>
                {t('home.insights.vipPercentage', { percent: percent(s.vipPercentage) })}
              </span>
            </div>
          </div>
          <div className={styles.activity}>
            <span className={styles.activityText}>
              <span className={styles.muted}>{t('home.insights.activity')}</span>
              <span className={styles.rowTitle}>
                {t('home.insights.activeCount', { count: s.activeCustomers })}
              </span>
            </span>
            <span className={styles.bars} aria-hidden="true">
              {DECORATIVE_BARS.map((height, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decoration.
                <span key={i} style={{ height: `${height}%` }} />
              ))}
            </span>
          </div>
          <dl className={styles.segments}>
            <div>
              <dt>{t('home.insights.active')}</dt>
              <dd>{formatNumber(s.activeCustomers)}</dd>
            </div>
            <div>
              <dt>{t('home.insights.regular')}</dt>
              <dd>{formatNumber(s.regularCustomers)}</dd>
            </div>
            <div>
              <dt>{t('home.insights.new')}</dt>
              <dd>{formatNumber(s.newCustomers)}</dd>
            </div>
          </dl>
        </>
      )}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={() => navigate('/customers')}>
          {t('home.insights.viewAll')}
        </Button>
        <Button variant="secondary" onClick={() => navigate('/campaigns/new')}>
          {t('home.insights.sendCampaign')}
        </Button>
      </div>
    </Card>
  );
}
