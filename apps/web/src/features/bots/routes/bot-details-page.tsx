import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { haptics } from '../../../lib/telegram';
import { useBotDetail } from '../api/get-bot-detail';
import styles from '../components/bot-details.module.css';
import { IntegrationsTab } from '../components/integrations-tab';
import { OverviewTab } from '../components/overview-tab';
import { SettingsTab } from '../components/settings-tab';
import { getBotCardKind, withAt } from '../lib/bot-rules';

const TABS = ['Overview', 'Settings', 'Integrations'] as const;
type Tab = (typeof TABS)[number];

export function BotDetailsPage() {
  const { botId = '' } = useParams();
  const navigate = useNavigate();
  const detail = useBotDetail(botId);
  const [tab, setTab] = useState<Tab>('Overview');

  if (detail.isPending) {
    return (
      <Page title="Bot Details" data-testid="bot-details-page">
        <LoadingState label="Loading bot..." />
      </Page>
    );
  }

  if (detail.isError) {
    const notFound = isApiError(detail.error) && detail.error.status === 404;
    const back = (
      <Button variant="secondary" onClick={() => navigate('/bots')}>
        Back to Bots
      </Button>
    );
    return (
      <Page title={notFound ? 'Bot Not Found' : 'Bot Details'} data-testid="bot-details-page">
        {notFound ? (
          <EmptyState icon="🤖" title="This bot does not exist or has been deleted" action={back} />
        ) : (
          <>
            <ErrorState
              message={detail.error.message || 'Failed to load bot details'}
              onRetry={() => void detail.refetch()}
              retrying={detail.isFetching}
            />
            <div className={styles.center}>{back}</div>
          </>
        )}
      </Page>
    );
  }

  const bot = detail.data;
  const kind = getBotCardKind(bot);
  const status = kind === 'normal' ? 'Active' : kind === 'expired' ? 'Expired' : 'Inactive';

  return (
    <Page
      title={bot.name}
      subtitle={
        <span className={styles.subtitle}>
          <span>{withAt(bot.username)}</span>
          <span className={`${styles.status} ${kind === 'normal' ? styles.statusOn : styles.statusOff}`}>
            {status}
          </span>
          <span className={styles.plan}>{bot.subscription.label}</span>
        </span>
      }
      data-testid="bot-details-page"
    >
      <div className={styles.tabs} role="tablist" aria-label="Bot sections">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`bot-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="bot-tab-panel"
            className={`${styles.tab} ${tab === name ? styles.tabActive : ''}`}
            onClick={() => {
              haptics.selection();
              setTab(name);
            }}
          >
            {name}
          </button>
        ))}
      </div>
      <div id="bot-tab-panel" role="tabpanel" aria-labelledby={`bot-tab-${tab}`} className={styles.panel}>
        {tab === 'Overview' ? (
          <OverviewTab bot={bot} />
        ) : tab === 'Settings' ? (
          <SettingsTab bot={bot} />
        ) : (
          <IntegrationsTab bot={bot} />
        )}
      </div>
    </Page>
  );
}
