import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { formatCount } from '../../../lib/format';
import { useMainButton } from '../../../lib/telegram';
import { useBots } from '../api/get-bots';
import { BotCard, BotCardSkeleton } from '../components/bot-card';
import { BotStatsCard } from '../components/bot-stats-card';
import styles from './bot-list-page.module.css';

export function BotListPage() {
  const navigate = useNavigate();
  const bots = useBots();
  const openWizard = () => navigate('/bot-new');
  useMainButton('Create New Bot', openWizard);

  const data = bots.data;
  const subtitle = data
    ? `${formatCount(data.summary.activeBots)} active of ${formatCount(data.summary.totalBots)} · Unlimited bots allowed`
    : 'Unlimited bots allowed';

  return (
    <Page title="Your Bots" subtitle={subtitle} data-testid="bot-list-page">
      {data ? (
        data.bots.length === 0 ? (
          <EmptyState
            icon="🤖"
            title="No Bots Yet"
            hint="Create your first bot to start selling on Telegram."
            action={<Button onClick={openWizard}>Create First Bot</Button>}
          />
        ) : (
          <>
            <section className={styles.list} aria-label="Bots">
              {data.bots.map((bot) => (
                <BotCard key={bot.id} bot={bot} />
              ))}
            </section>
            <BotStatsCard summary={data.summary} />
          </>
        )
      ) : bots.isError ? (
        <ErrorState
          message={bots.error.message || 'Failed to load bots'}
          onRetry={() => void bots.refetch()}
          retrying={bots.isFetching}
        />
      ) : (
        <div className={styles.list} role="status" aria-label="Loading bots">
          <BotCardSkeleton />
          <BotCardSkeleton />
        </div>
      )}
    </Page>
  );
}
