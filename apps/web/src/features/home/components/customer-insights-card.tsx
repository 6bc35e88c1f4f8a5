import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/form/controls';
import { useI18n } from '../../../i18n/i18n';
import { useBotOptions } from '../../../lib/bot-options';
import { useCustomerActivity } from '../api/get-customer-activity';
import { useCustomerInsights } from '../api/get-customer-insights';
import styles from './home-cards.module.css';

const ALL = 'all';

/** Spec part 1 §2 Customer Insights: all bots combined, or one bot. */
export function CustomerInsightsCard() {
  const { t, formatNumber } = useI18n();
  const navigate = useNavigate();
  const bots = useBotOptions();
  const [botId, setBotId] = useState(ALL);
  const stats = useCustomerInsights(botId === ALL ? undefined : botId);
  const activity = useCustomerActivity(botId === ALL ? undefined : botId);
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
            {activity.data ? <ActivityBars {...activity.data} /> : null}
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

/** The last 7 days' active customers, one bar a day, scaled to the busiest day (an empty day keeps a stub). */
function ActivityBars({ labels, active }: { labels: string[]; active: number[] }) {
  const { t, formatNumber, formatDate } = useI18n();
  const max = Math.max(1, ...active);
  return (
    <span
      className={styles.bars}
      role="img"
      aria-label={t('home.insights.activityChart', { counts: active.map((n) => formatNumber(n)).join(', ') })}
    >
      {labels.map((day, i) => {
        const count = active[i] ?? 0;
        return (
          <span
            key={day}
            title={`${formatDate(day)}: ${formatNumber(count)}`}
            style={{ height: `${Math.max(6, Math.round((count / max) * 100))}%` }}
          />
        );
      })}
    </span>
  );
}
