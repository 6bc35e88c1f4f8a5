import { PLANS, type Plan, TRIAL_DAYS } from '@app/contracts/plans';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { isApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/me';
import { haptics } from '../../../lib/telegram/bridge';
import { useBotDetail } from '../api/get-bot-detail';
import { useUnpayableTypes } from '../api/get-unpayable';
import styles from '../components/bot-details.module.css';
import { IntegrationsTab } from '../components/integrations-tab';
import { OverviewTab } from '../components/overview-tab';
import { SettingsTab } from '../components/settings-tab';
import { getBotCardKind, withAt } from '../lib/bot-rules';
import { describeBotError } from '../lib/messages';
import { PLAN_KEYS, PLAN_LABEL_KEYS } from '../lib/options';

/** The wizard lands here with the plan the new bot was created on. */
function createdPlan(state: unknown): Plan | null {
  const plan = (state as { created?: unknown } | null)?.created;
  return typeof plan === 'string' && plan in PLANS ? (plan as Plan) : null;
}

const TABS = ['overview', 'settings', 'integrations'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, MessageKey> = {
  overview: 'bots.details.tabOverview',
  settings: 'bots.details.tabSettings',
  integrations: 'bots.details.tabIntegrations',
};

export function BotDetailsPage() {
  const { t } = useI18n();
  const { botId = '' } = useParams();
  const navigate = useNavigate();
  const created = createdPlan(useLocation().state);
  const detail = useBotDetail(botId);
  const unpayable = useUnpayableTypes(botId);
  const can = useCan();
  const [tab, setTab] = useState<Tab>('overview');
  // A tab once opened stays mounted (hidden), so unsaved edits survive a look at another tab.
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(() => new Set(['overview']));

  if (detail.isPending) {
    return (
      <Page title={t('bots.details.title')} data-testid="bot-details-page">
        <LoadingState label={t('bots.details.loading')} />
      </Page>
    );
  }

  if (detail.isError) {
    const notFound = isApiError(detail.error) && detail.error.status === 404;
    const back = (
      <Button variant="secondary" onClick={() => navigate('/bots')}>
        {t('bots.details.backToBots')}
      </Button>
    );
    return (
      <Page
        title={notFound ? t('bots.details.notFoundTitle') : t('bots.details.title')}
        data-testid="bot-details-page"
      >
        {notFound ? (
          <EmptyState icon="🤖" title={t('bots.details.notFound')} action={back} />
        ) : (
          <>
            <ErrorState
              message={describeBotError(detail.error, 'bots.details.loadError')}
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
  const status =
    kind === 'normal'
      ? t('bots.status.active')
      : kind === 'stopped'
        ? t('bots.status.stopped')
        : kind === 'expired'
          ? t('bots.status.expired')
          : t('bots.status.inactive');

  const open = (next: Tab) => {
    haptics.selection();
    setTab(next);
    setOpened((current) => (current.has(next) ? current : new Set([...current, next])));
  };

  return (
    <Page
      title={bot.name}
      subtitle={
        <span className={styles.subtitle}>
          <span>{withAt(bot.username)}</span>
          <span className={`${styles.status} ${kind === 'normal' ? styles.statusOn : styles.statusOff}`}>
            {status}
          </span>
          <span className={styles.plan}>{t(PLAN_LABEL_KEYS[bot.subscription.label])}</span>
        </span>
      }
      data-testid="bot-details-page"
    >
      {created ? (
        <p className={styles.created} role="status" data-testid="bot-created">
          {created === 'FREE'
            ? t('bots.details.created')
            : t('bots.details.createdTrial', { count: TRIAL_DAYS, plan: t(PLAN_KEYS[created]) })}
        </p>
      ) : null}
      {unpayable.data && unpayable.data.length > 0 ? (
        <p className={styles.warning} role="alert" data-testid="bot-unpayable">
          {t('bots.detail.unpayable')}{' '}
          <Link to={`/bots/${bot.id}/payments`}>{t('bots.detail.unpayableFix')}</Link>
        </p>
      ) : null}
      {can('billing') ? (
        <p className={styles.created}>
          <Link to={`/bots/${bot.id}/stars`} data-testid="bot-stars-link">
            ⭐ {t('bots.detail.stars')}
          </Link>
        </p>
      ) : null}
      <div className={styles.tabs} role="tablist" aria-label={t('bots.details.sections')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`bot-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`bot-panel-${name}`}
            className={`${styles.tab} ${tab === name ? styles.tabActive : ''}`}
            onClick={() => open(name)}
          >
            {t(TAB_LABELS[name])}
          </button>
        ))}
      </div>
      {TABS.filter((name) => opened.has(name)).map((name) => (
        <div
          key={name}
          id={`bot-panel-${name}`}
          role="tabpanel"
          aria-labelledby={`bot-tab-${name}`}
          hidden={tab !== name}
          className={styles.panel}
        >
          {name === 'overview' ? (
            <OverviewTab bot={bot} />
          ) : name === 'settings' ? (
            <SettingsTab
              bot={bot}
              active={tab === 'settings'}
              onDeleted={() => void navigate('/bots', { replace: true })}
            />
          ) : (
            <IntegrationsTab bot={bot} />
          )}
        </div>
      ))}
    </Page>
  );
}
