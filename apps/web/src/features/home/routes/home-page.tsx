import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { getTelegramFirstName } from '../../../lib/session';
import { useTelegram } from '../../../lib/telegram';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { StatGrid, StatGridSkeleton } from '../components/stat-grid';

export function HomePage() {
  const { user } = useTelegram();
  const stats = useDashboardStats();
  const firstName = user?.firstName ?? getTelegramFirstName() ?? 'there';

  // The sub-line depends on the orders, so it waits for them rather than flip after loading.
  let subtitle: string | undefined;
  if (stats.data) {
    subtitle =
      stats.data.totalOrders > 0 ? 'Your store is performing well today' : 'Ready to start selling today?';
  } else if (stats.isError) {
    subtitle = 'Ready to start selling today?';
  }

  return (
    <Page title={`Hello, ${firstName} 👋`} subtitle={subtitle ?? '\u00a0'} data-testid="home-page">
      {stats.data ? (
        <StatGrid stats={stats.data} />
      ) : stats.isError ? (
        <ErrorState
          message="Failed to load dashboard data"
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : (
        <StatGridSkeleton />
      )}
    </Page>
  );
}
