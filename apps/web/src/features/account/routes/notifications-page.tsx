import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationType,
} from '@app/contracts/account';
import { useEffect, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { TextInput } from '../../../components/ui/form/controls';
import { Field } from '../../../components/ui/form/field';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { useAccess, useMe } from '../../../lib/me';
import { haptics } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useTelegram } from '../../../lib/telegram/state';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';
import styles from '../components/account.module.css';
import { MyAlertsCard } from '../components/my-alerts-card';
import { PushCard } from '../components/push-card';
import { describeAccountError, showAccountPopup } from '../lib/messages';

const typeKey = (type: NotificationType) => `account.notifications.type.${type}` as MessageKey;
const typeHintKey = (type: NotificationType) => `account.notifications.hint.${type}` as MessageKey;
const channelKey = (channel: NotificationChannel) => `account.notifications.channel.${channel}` as MessageKey;

/** Spec part 2 §6: critical security notifications always go by e-mail: that switch shows on and locked. */
const locked = (type: NotificationType, channel: NotificationChannel) =>
  type === 'security' && channel === 'email';

function Preferences({ saved }: { saved: NotificationSettings }) {
  const { t } = useI18n();
  const outside = useTelegram().isDemo;
  const save = useSaveNotificationSettings();
  const [draft, setDraft] = useState(saved);
  useEffect(() => setDraft(saved), [saved]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  useMainButton(
    t('account.notifications.save'),
    () =>
      save.mutate(draft, {
        onSuccess: () =>
          void showAccountPopup(
            'account.notifications.savedTitle',
            t('account.notifications.saved'),
            'success',
          ),
        onError: (error) =>
          void showAccountPopup(
            'account.errorTitle',
            describeAccountError(error, 'account.notifications.saveFailed'),
            'error',
          ),
      }),
    { enabled: dirty && !save.isPending, loading: save.isPending },
  );

  const toggle = (type: NotificationType, channel: NotificationChannel, on: boolean) => {
    haptics.selection();
    setDraft({ ...draft, types: { ...draft.types, [type]: { ...draft.types[type], [channel]: on } } });
  };

  return (
    <div className={styles.stack}>
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('account.notifications.types')}</h2>
        {/* Inside Telegram the platform bot's messages are the push channel; outside it, the push card below. */}
        {outside ? null : <p className={styles.muted}>{t('account.notifications.pushInTelegram')}</p>}
        <ul className={styles.list}>
          {NOTIFICATION_TYPES.map((type) => (
            <li key={type} className={styles.item} data-testid={`notification-${type}`}>
              <span className={styles.itemMain}>
                <span className={styles.itemTitle}>{t(typeKey(type))}</span>
                <span className={styles.muted}>{t(typeHintKey(type))}</span>
                <span className={styles.row}>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <span key={channel} className={styles.row}>
                      <span className={styles.muted} aria-hidden="true">
                        {t(channelKey(channel))}
                      </span>
                      <Switch
                        label={`${t(typeKey(type))}: ${t(channelKey(channel))}`}
                        hideLabel
                        checked={locked(type, channel) || draft.types[type][channel]}
                        disabled={locked(type, channel)}
                        onChange={(on) => toggle(type, channel, on)}
                      />
                    </span>
                  ))}
                </span>
                {type === 'security' ? (
                  <span className={styles.muted}>{t('account.notifications.securityLocked')}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      </Card>
      <PushCard />
      <Card className={styles.section}>
        <div className={styles.head}>
          <span className={styles.grow}>
            <h2 className={styles.sectionTitle}>{t('account.notifications.quietHours')}</h2>
            <p className={styles.muted}>{t('account.notifications.quietHint')}</p>
          </span>
          <Switch
            label={t('account.notifications.quietHours')}
            hideLabel
            checked={draft.quietHours.enabled}
            onChange={(enabled) => setDraft({ ...draft, quietHours: { ...draft.quietHours, enabled } })}
          />
        </div>
        <div className={styles.grid2}>
          <Field label={t('account.notifications.from')}>
            {(aria) => (
              <TextInput
                {...aria}
                type="time"
                value={draft.quietHours.start}
                onChange={(e) =>
                  setDraft({ ...draft, quietHours: { ...draft.quietHours, start: e.target.value } })
                }
              />
            )}
          </Field>
          <Field label={t('account.notifications.to')}>
            {(aria) => (
              <TextInput
                {...aria}
                type="time"
                value={draft.quietHours.end}
                onChange={(e) =>
                  setDraft({ ...draft, quietHours: { ...draft.quietHours, end: e.target.value } })
                }
              />
            )}
          </Field>
        </div>
      </Card>
    </div>
  );
}

/**
 * /settings/notifications (spec part 2 §2.3 Notifications). The account's grid is the owner's (and Full Access
 * staff's); a staff member also gets "My alerts", their own mutes per kind, whatever their permissions.
 */
export function NotificationsPage() {
  const { t } = useI18n();
  const access = useAccess();
  const me = useMe();
  const staff = me.data?.role === 'STAFF';
  const grid = access.ready && access.can('all');
  const query = useNotificationSettings(grid);
  let body: React.ReactNode;
  if (!access.ready) body = <LoadingState label={t('account.loading')} />;
  else if (!grid) body = null;
  else if (query.isPending) body = <LoadingState label={t('account.loading')} />;
  else if (query.isError)
    body = (
      <ErrorState
        message={describeAccountError(query.error, 'account.loadError')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else body = <Preferences saved={query.data} />;
  return (
    <Page title={t('shell.screen.notifications')} data-testid="notifications-page">
      {staff ? <MyAlertsCard /> : null}
      {body}
    </Page>
  );
}
