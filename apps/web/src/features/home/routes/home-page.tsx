import { ActivityList } from '../../../components/activity/activity-list';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../i18n/i18n';
import { getTelegramFirstName } from '../../../lib/session';
import { useTelegram } from '../../../lib/telegram';
import { useDashboardActivity } from '../api/get-dashboard-activity';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { StatGrid, StatGridSkeleton } from '../components/stat-grid';
import { SubscriptionOverviewCard } from '../components/subscription-overview-card';
import styles from './home-page.module.css';

export function HomePage() {
  const { user } = useTelegram();
  const { t } = useI18n();
  const stats = useDashboardStats();
  const activity = useDashboardActivity();
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
      {stats.data ? (
        <StatGrid stats={stats.data} />
      ) : stats.isError ? (
        <ErrorState
          message={t('home.error.load')}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : (
        <StatGridSkeleton />
      )}
      <SubscriptionOverviewCard />
      <Card aria-labelledby="home-activity-title" data-testid="home-activity">
        <h2 id="home-activity-title" className={styles.sectionTitle}>
          {t('activity.title')}
        </h2>
        <ActivityList items={activity.data} isError={activity.isError} />
      </Card>
    </Page>
  );
}
