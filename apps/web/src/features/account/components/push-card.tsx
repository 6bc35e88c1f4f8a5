import { useEffect, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { useI18n } from '../../../i18n/i18n';
import { haptics } from '../../../lib/telegram/bridge';
import { useTelegram } from '../../../lib/telegram/state';
import { usePushStatus, useSetPush } from '../api/web-push';
import {
  browserPushSupport,
  currentEndpoint,
  subscribeBrowser,
  unsubscribeBrowser,
} from '../lib/browser-push';
import { showAccountPopup } from '../lib/messages';
import styles from './account.module.css';

/**
 * Web Push on this browser (issue 21), for the back-office opened outside Telegram: the notifications whose Push
 * switch is on arrive as browser notifications. Inside Telegram the platform bot's messages are the push channel,
 * and this card is not shown.
 */
export function PushCard() {
  const { t } = useI18n();
  const outside = useTelegram().isDemo;
  const status = usePushStatus(outside);
  const setPush = useSetPush();
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [support, setSupport] = useState(browserPushSupport);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (outside) void currentEndpoint().then(setEndpoint, () => setEndpoint(null));
  }, [outside]);
  if (!outside) return null;

  const on = endpoint !== null && (status.data?.endpoints.includes(endpoint) ?? false);
  const failed = () => void showAccountPopup('account.errorTitle', t('account.push.failed'), 'error');

  const toggle = async (next: boolean) => {
    haptics.selection();
    setBusy(true);
    try {
      if (next) {
        const publicKey = status.data?.publicKey;
        if (!publicKey) return;
        const subscription = await subscribeBrowser(publicKey);
        setSupport(browserPushSupport());
        if (!subscription) return;
        await setPush.mutateAsync({ on: subscription });
        setEndpoint(subscription.endpoint);
        void showAccountPopup('account.push.onTitle', t('account.push.on'), 'success');
      } else {
        const gone = (await unsubscribeBrowser()) ?? endpoint;
        if (gone) await setPush.mutateAsync({ off: gone });
        setEndpoint(null);
      }
    } catch (error) {
      console.error('Web Push change failed', error);
      failed();
    } finally {
      setBusy(false);
    }
  };

  const note =
    support === 'unsupported'
      ? t('account.push.unsupported')
      : support === 'blocked'
        ? t('account.push.blocked')
        : status.data && !status.data.publicKey
          ? t('account.push.unavailable')
          : null;

  return (
    <Card className={styles.section} data-testid="push-card">
      <div className={styles.head}>
        <span className={styles.grow}>
          <h2 className={styles.sectionTitle}>{t('account.push.title')}</h2>
          <p className={styles.muted}>{note ?? t('account.push.hint')}</p>
        </span>
        <Switch
          label={t('account.push.toggle')}
          hideLabel
          checked={on}
          disabled={busy || note !== null || !status.data}
          onChange={(next) => void toggle(next)}
        />
      </div>
    </Card>
  );
}
