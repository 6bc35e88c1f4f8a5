import { useState } from 'react';
import { Link } from 'react-router';
import { AccountSwitcher } from '../../../components/account/account-switcher';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Select } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { useCan } from '../../../lib/me';
import { haptics } from '../../../lib/telegram/bridge';
import { useBotChoices } from '../api/get-bot-choices';
import styles from '../components/settings.module.css';

type HubLink = { to: string; icon: string; title: MessageKey; hint?: MessageKey };

// Spec part 2 §2.3: the hub's account links (their screens are another issue's), then the per-bot ones.
const ACCOUNT_LINKS: HubLink[] = [
  { to: '/settings/profile', icon: '👤', title: 'shell.screen.profile' },
  { to: '/settings/security', icon: '🔒', title: 'shell.screen.security' },
  { to: '/settings/notifications', icon: '🔔', title: 'shell.screen.notifications' },
  { to: '/settings/payment', icon: '💳', title: 'shell.screen.paymentMethods' },
  { to: '/settings/invoices', icon: '🧾', title: 'shell.screen.invoices' },
  { to: '/settings/payouts', icon: '🏦', title: 'shell.screen.payoutSettings' },
  { to: '/settings/export', icon: '📤', title: 'shell.screen.exportData' },
  { to: '/settings/api', icon: '🔑', title: 'shell.screen.apiAccess' },
  { to: '/settings/danger', icon: '⚠️', title: 'shell.screen.dangerZone' },
];

const STORE_LINKS: HubLink[] = [
  { to: '/categories', icon: '🗂️', title: 'shell.screen.categories' },
  { to: '/products', icon: '📦', title: 'shell.screen.products' },
  { to: '/orders', icon: '🛒', title: 'shell.screen.orders' },
  // The store's policies and FAQs are the vendor's, for all their bots.
  { to: '/settings/policies', icon: '📜', title: 'store.policies.title', hint: 'store.hub.policiesHint' },
  { to: '/settings/faqs', icon: '❓', title: 'store.faqs.title', hint: 'store.hub.faqsHint' },
];

// The team (spec part 2 §2.2): for the owner and Full Access staff.
const TEAM_LINKS: HubLink[] = [
  { to: '/staff-management', icon: '👥', title: 'shell.screen.staffManagement' },
  { to: '/support-staff', icon: '🎧', title: 'shell.screen.supportStaff' },
];

const botLinks = (botId: string): HubLink[] => {
  const base = `/bots/${encodeURIComponent(botId)}`;
  return [
    { to: `${base}/store`, icon: '🏪', title: 'shell.screen.storeDetails', hint: 'settings.hub.store.hint' },
    {
      to: `${base}/welcome`,
      icon: '👋',
      title: 'shell.screen.welcomeMessage',
      hint: 'settings.hub.welcome.hint',
    },
    {
      to: `${base}/filters`,
      icon: '🛡️',
      title: 'shell.screen.contentFilters',
      hint: 'settings.hub.filters.hint',
    },
    { to: `${base}/token`, icon: '🔐', title: 'shell.screen.botToken', hint: 'settings.hub.token.hint' },
    {
      to: `${base}/payments`,
      icon: '💰',
      title: 'shell.screen.paymentProviders',
      hint: 'settings.hub.payments.hint',
    },
    {
      to: `${base}/shipping`,
      icon: '🚚',
      title: 'shell.screen.shippingMethods',
      hint: 'settings.hub.shipping.hint',
    },
    {
      to: `${base}/webhooks`,
      icon: '🔗',
      title: 'shell.screen.webhooks',
      hint: 'settings.hub.webhooks.hint',
    },
  ];
};

// The abandoned-cart reminder is a campaign of the bot: for those who may send campaigns.
const campaignLinks = (botId: string): HubLink[] => [
  {
    to: `/bots/${encodeURIComponent(botId)}/abandoned-cart`,
    icon: '🛒',
    title: 'campaigns.abandoned.title',
    hint: 'campaigns.abandoned.hubHint',
  },
];

// The chosen bot survives a visit to one of its screens and back.
const SELECTED_KEY = 'settings_bot_id';

function LinkList({ links, label }: { links: HubLink[]; label: string }) {
  const { t } = useI18n();
  return (
    <nav aria-label={label}>
      {links.map((link) => (
        <Link key={link.to} to={link.to} className={styles.linkRow}>
          <span className={styles.linkIcon} aria-hidden="true">
            {link.icon}
          </span>
          <span className={styles.itemMain}>
            <span className={styles.itemTitle}>{t(link.title)}</span>
            {link.hint ? <span className={styles.muted}>{t(link.hint)}</span> : null}
          </span>
          <span aria-hidden="true">›</span>
        </Link>
      ))}
    </nav>
  );
}

/** /settings: the account links, and a bot's own settings once a bot is chosen. */
export function SettingsHubPage() {
  const { t } = useI18n();
  const can = useCan();
  const bots = useBotChoices();
  const [selected, setSelected] = useState(() => sessionStorage.getItem(SELECTED_KEY) ?? '');
  const choices = bots.data?.bots ?? [];
  const botId = choices.some((b) => b.id === selected) ? selected : '';

  const choose = (id: string) => {
    haptics.selection();
    setSelected(id);
    if (id) sessionStorage.setItem(SELECTED_KEY, id);
    else sessionStorage.removeItem(SELECTED_KEY);
  };

  return (
    <Page title={t('shell.screen.settings')} data-testid="settings-hub-page">
      <AccountSwitcher />
      {can('all') ? (
        <Card className={styles.section} aria-labelledby="hub-team-title">
          <h2 id="hub-team-title" className={styles.sectionTitle}>
            {t('staff.team')}
          </h2>
          <LinkList links={TEAM_LINKS} label={t('staff.team')} />
        </Card>
      ) : null}
      {/* A bot's settings need Settings; the selector offers the caller's own bots (GET /me/bots). */}
      {can('settings') ? (
        <Card className={styles.section} aria-labelledby="hub-bot-title">
          <h2 id="hub-bot-title" className={styles.sectionTitle}>
            {t('settings.hub.botSettings')}
          </h2>
          {bots.isPending ? (
            <LoadingState />
          ) : bots.isError ? (
            <ErrorState
              message={t('settings.hub.loadError')}
              onRetry={() => void bots.refetch()}
              retrying={bots.isFetching}
            />
          ) : choices.length === 0 ? (
            <p className={styles.muted}>{t('settings.hub.noBots')}</p>
          ) : (
            <>
              <Field label={t('settings.hub.botLabel')}>
                {(aria) => (
                  <Select
                    {...aria}
                    value={botId}
                    onChange={(event) => choose(event.target.value)}
                    options={[
                      { value: '', label: t('settings.hub.selectBot') },
                      ...choices.map((b) => ({ value: b.id, label: `${b.name} (@${b.username})` })),
                    ]}
                  />
                )}
              </Field>
              {botId ? (
                <LinkList
                  links={[
                    ...botLinks(botId),
                    ...(can('customers') && can('support') ? campaignLinks(botId) : []),
                  ]}
                  label={t('settings.hub.botSettings')}
                />
              ) : (
                <p className={styles.muted}>{t('settings.hub.selectHint')}</p>
              )}
            </>
          )}
        </Card>
      ) : null}

      <Card className={styles.section} aria-labelledby="hub-account-title">
        <h2 id="hub-account-title" className={styles.sectionTitle}>
          {t('settings.hub.account')}
        </h2>
        <LinkList links={ACCOUNT_LINKS} label={t('settings.hub.account')} />
      </Card>

      <Card className={styles.section} aria-labelledby="hub-store-title">
        <h2 id="hub-store-title" className={styles.sectionTitle}>
          {t('settings.hub.store')}
        </h2>
        <LinkList links={STORE_LINKS} label={t('settings.hub.store')} />
      </Card>
    </Page>
  );
}
