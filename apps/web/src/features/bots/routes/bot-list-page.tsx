import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../i18n/i18n';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useBots } from '../api/get-bots';
import { BotCard, BotCardSkeleton } from '../components/bot-card';
import { BotStatsCard } from '../components/bot-stats-card';
import { describeBotError } from '../lib/messages';
import styles from './bot-list-page.module.css';

export function BotListPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const bots = useBots();
  const openWizard = () => navigate('/bot-new');
  useMainButton(t('bots.list.create'), openWizard);

  const data = bots.data;
  const subtitle = data
    ? `${t('bots.list.summary', { count: data.summary.activeBots, total: data.summary.totalBots })} · ${t('bots.list.unlimited')}`
    : t('bots.list.unlimited');

  return (
    <Page title={t('bots.list.title')} subtitle={subtitle} data-testid="bot-list-page">
      {data ? (
        data.bots.length === 0 ? (
          <EmptyState
            icon="🤖"
            title={t('bots.list.emptyTitle')}
            hint={t('bots.list.emptyHint')}
            action={<Button onClick={openWizard}>{t('bots.list.emptyAction')}</Button>}
          />
        ) : (
          <>
            <section className={styles.list} aria-label={t('bots.list.region')}>
              {data.bots.map((bot) => (
                <BotCard key={bot.id} bot={bot} />
              ))}
            </section>
            <BotStatsCard summary={data.summary} />
          </>
        )
      ) : bots.isError ? (
        <ErrorState
          message={describeBotError(bots.error, 'bots.list.loadError')}
          onRetry={() => void bots.refetch()}
          retrying={bots.isFetching}
        />
      ) : (
        <div className={styles.list} role="status" aria-label={t('bots.list.loading')}>
          <BotCardSkeleton />
          <BotCardSkeleton />
        </div>
      )}
    </Page>
  );
}
