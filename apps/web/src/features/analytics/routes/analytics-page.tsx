import { AnalyticsPeriod } from '@app/contracts/analytics';
import { useSearchParams } from 'react-router';
import { Chips } from '../../../components/ui/chips';
import { Select } from '../../../components/ui/form/controls';
import { Page } from '../../../components/ui/page';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { useI18n } from '../../../i18n/i18n';
import { useBotOptions } from '../../../lib/bot-options';
import type { AnalyticsScope } from '../api/analytics-keys';
import styles from '../components/analytics.module.css';
import { BotsTab } from '../components/bots-tab';
import { CustomersTab } from '../components/customers-tab';
import { OverviewTab } from '../components/overview-tab';
import { TopProducts } from '../components/top-products';

const TABS = ['overview', 'bots', 'products', 'customers'] as const;
type Tab = (typeof TABS)[number];
const ALL = 'all';

/** Tab, period and bot live in the address (`?tab=products&period=7d&botId=…`), so back keeps them. */
export function AnalyticsPage() {
  const { t } = useI18n();
  const bots = useBotOptions();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'overview';
  const period = AnalyticsPeriod.safeParse(params.get('period')).data ?? '30d';
  const botId = params.get('botId') || undefined;
  const scope: AnalyticsScope = botId ? { period, botId } : { period };
  const set = (name: string, value: string, fallback: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  return (
    <Page title={t('analytics.title')} data-testid="analytics-page">
      <div className={styles.controls}>
        <Chips
          label={t('analytics.period.label')}
          value={period}
          onChange={(value) => set('period', value, '30d')}
          options={AnalyticsPeriod.options.map((p) => ({ value: p, label: t(`analytics.period.${p}`) }))}
          data-testid="analytics-period"
        />
        <Select
          aria-label={t('analytics.bot.label')}
          value={botId ?? ALL}
          onChange={(event) => set('botId', event.target.value, ALL)}
          options={[
            { value: ALL, label: t('analytics.bot.all') },
            ...(bots.data ?? []).map((bot) => ({ value: bot.id, label: bot.name })),
          ]}
        />
        <Tabs
          label={t('analytics.sections')}
          idPrefix="analytics"
          value={tab}
          onChange={(value) => set('tab', value, 'overview')}
          tabs={TABS.map((name) => ({ name, label: t(`analytics.tab.${name}`) }))}
        />
      </div>
      <TabPanel idPrefix="analytics" name={tab}>
        {tab === 'overview' ? (
          <OverviewTab scope={scope} />
        ) : tab === 'bots' ? (
          <BotsTab period={period} botId={botId} />
        ) : tab === 'products' ? (
          <TopProducts scope={scope} limit={10} />
        ) : (
          <CustomersTab scope={scope} />
        )}
      </TabPanel>
    </Page>
  );
}
