import type { AnalyticsPeriod } from '@app/contracts/analytics';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { useBotPerformance } from '../api/get-bot-performance';
import styles from './analytics.module.css';
import { Change } from './change';
import { useWholeUsd } from './usd';

export function BotsTab({ period, botId }: { period: AnalyticsPeriod; botId?: string }) {
  const { t, formatMoney, formatNumber } = useI18n();
  const usd = useWholeUsd();
  const bots = useBotPerformance(period, botId);
  if (bots.isPending) return <LoadingState label={t('analytics.loading')} />;
  const list = bots.data?.bots ?? [];
  if (list.length === 0) return <EmptyState icon="🤖" title={t('analytics.bots.empty')} />;
  return (
    <>
      {list.map((bot) => (
        <Card key={bot.id} className={styles.botCard} aria-label={bot.name} data-testid="bot-performance">
          <div className={styles.botHead}>
            <span className={styles.botName}>
              {bot.name}
              <span className={styles.rankMeta}>
                @{bot.username}
                {bot.topCategory
                  ? ` · ${t('analytics.bots.topCategory', { category: bot.topCategory })}`
                  : ''}
              </span>
            </span>
            <span className={`${styles.pill} ${bot.status === 'active' ? styles.pillOn : ''}`}>
              {t(bot.status === 'active' ? 'analytics.bots.status.active' : 'analytics.bots.status.inactive')}
            </span>
          </div>
          <dl className={styles.botGrid}>
            <div>
              <dt>{t('analytics.bots.revenue')}</dt>
              <dd>{usd(bot.revenue)}</dd>
              <Change value={bot.revenueChange} />
            </div>
            <div>
              <dt>{t('analytics.bots.orders')}</dt>
              <dd>{formatNumber(bot.orders)}</dd>
              <Change value={bot.ordersChange} />
            </div>
            <div>
              <dt>{t('analytics.bots.customers')}</dt>
              <dd>{formatNumber(bot.customers)}</dd>
              <Change value={bot.customersChange} />
            </div>
            <div>
              <dt>{t('analytics.bots.conversion')}</dt>
              <dd>
                {formatNumber(bot.conversionRate / 100, { style: 'percent', maximumFractionDigits: 1 })}
              </dd>
            </div>
            <div>
              <dt>{t('analytics.bots.aov')}</dt>
              <dd>{formatMoney(bot.avgOrderValue, 'USD')}</dd>
            </div>
          </dl>
        </Card>
      ))}
    </>
  );
}
