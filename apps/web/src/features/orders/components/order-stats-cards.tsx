import { MiniStat, MiniStatGrid, MiniStatGridSkeleton } from '../../../components/ui/mini-stat';
import { useI18n } from '../../../i18n/i18n';
import { useOrderStats } from '../api/get-order-stats';

/** The stats cards above the orders list (spec part 1 §3 Order stats). Silent when they fail (§8). */
export function OrderStatsCards({ botId }: { botId?: string }) {
  const { t, formatNumber, formatMoney } = useI18n();
  const stats = useOrderStats(botId);
  if (stats.isError) return null;
  if (!stats.data) return <MiniStatGridSkeleton />;
  const s = stats.data;
  return (
    <MiniStatGrid label={t('orders.stats.label')}>
      <MiniStat
        label={t('orders.stats.total')}
        hint={t('orders.stats.totalHint')}
        value={formatNumber(s.totalOrders)}
        caption={t('orders.stats.byType', {
          physical: s.physicalOrders,
          digital: s.digitalOrders,
          service: s.serviceOrders,
        })}
        data-testid="order-stat-total"
      />
      <MiniStat
        label={t('orders.stats.today')}
        value={formatNumber(s.todayOrders)}
        caption={t('orders.stats.todayCompleted', { count: s.todayCompleted })}
      />
      <MiniStat label={t('orders.stats.avgOrderValue')} value={formatMoney(s.avgOrderValue, 'USD')} />
      <MiniStat
        label={t('orders.stats.fulfillmentRate')}
        value={formatNumber(s.fulfillmentRate / 100, { style: 'percent', maximumFractionDigits: 1 })}
      />
    </MiniStatGrid>
  );
}
