import { lazy, Suspense } from 'react';
import { ActivityList } from '../../../components/activity/activity-list';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { useAccess, useCan } from '../../../lib/me';
import { getTelegramFirstName } from '../../../lib/session';
import { useTelegram } from '../../../lib/telegram/state';
import { useCustomerInsights } from '../api/get-customer-insights';
import { useDashboardActivity } from '../api/get-dashboard-activity';
import { useDashboardBots } from '../api/get-dashboard-bots';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { ActiveBotsCard } from '../components/active-bots-card';
import { QuickActions } from '../components/quick-actions';
import { StarsMismatchLine } from '../components/stars-mismatch-line';
import { StatGrid, StatGridSkeleton } from '../components/stat-grid';
import { SubscriptionCard } from '../components/subscription-card';
import styles from './home-page.module.css';

// Below the fold, with its own bot picker and chart: loaded after Home's first screen, not with it.
const CustomerInsightsCard = lazy(() =>
  import('../components/customer-insights-card').then((m) => ({ default: m.CustomerInsightsCard })),
);

/**
 * Home. Its figures are the account's analytics: a staff member without that permission gets the greeting
 * and the sections they may open (`GET /me`), not a page of refused calls.
 */
export function HomePage() {
  const access = useAccess();
  if (!access.ready) return <LoadingState />;
  return access.can('analytics') ? <FullHome /> : <LimitedHome />;
}

function LimitedHome() {
  const { user } = useTelegram();
  const { t } = useI18n();
  const firstName = user?.firstName ?? getTelegramFirstName();
  return (
    <Page
      title={firstName ? t('home.greeting', { name: firstName }) : t('home.greetingAnonymous')}
      subtitle={t('staff.home.limited')}
      data-testid="home-page"
    >
      <QuickActions counts={{}} />
    </Page>
  );
}

function FullHome() {
  const can = useCan();
  const { user } = useTelegram();
  const { t, formatNumber } = useI18n();
  const stats = useDashboardStats();
  const activity = useDashboardActivity();
  const customers = useCustomerInsights();
  const bots = useDashboardBots();
  const firstName = user?.firstName ?? getTelegramFirstName();

  // The sub-line depends on the orders, so it waits for them rather than flip after loading.
  let subtitle: string | undefined;
  if (stats.data) {
    subtitle = t(stats.data.totalOrders > 0 ? 'home.subtitle.performing' : 'home.subtitle.ready');
  } else if (stats.isError) {
    subtitle = t('home.subtitle.ready');
  }

  return (
    <Page
      title={firstName ? t('home.greeting', { name: firstName }) : t('home.greetingAnonymous')}
      subtitle={subtitle ?? '\u00a0'}
      data-testid="home-page"
    >
      {can('billing') ? <StarsMismatchLine /> : null}
      {stats.data ? (
        <StatGrid stats={stats.data} customers={customers.data} />
      ) : stats.isError ? (
        <Card>
          <ErrorState
            message={t('home.error.load')}
            onRetry={() => void stats.refetch()}
            retrying={stats.isFetching}
          />
        </Card>
      ) : (
        <StatGridSkeleton />
      )}
      <QuickActions
        counts={{
          bots: bots.data?.total ?? stats.data?.totalBots,
          customers: customers.data?.totalCustomers,
          orders: stats.data?.totalOrders,
          analytics: stats.data
            ? formatNumber(stats.data.revenueChange / 100, {
                style: 'percent',
                maximumFractionDigits: 0,
                signDisplay: 'exceptZero',
              })
            : undefined,
        }}
      />
      <Card aria-labelledby="home-activity-title" data-testid="home-activity">
        <h2 id="home-activity-title" className={styles.sectionTitle}>
          {t('activity.title')}
        </h2>
        <ActivityList items={activity.data} isError={activity.isError} />
      </Card>
      {can('bots') ? <ActiveBotsCard /> : null}
      <Suspense fallback={null}>
        <CustomerInsightsCard />
      </Suspense>
      {can('billing') ? <SubscriptionCard /> : null}
    </Page>
  );
}
