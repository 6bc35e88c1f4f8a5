import { LIMITS } from '@app/contracts/limits';
import { type ReactNode, useEffect, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { connectTelegram } from '../../lib/telegram/connect';
import { useTelegram } from '../../lib/telegram/state';
import { Button } from '../ui/button';
import { FullScreen, fullScreenStyles as styles } from '../ui/full-screen';
import { TelegramIcon } from '../ui/icons';
import { LoadingState } from '../ui/spinner';

/**
 * Spec part 1 §1: nothing renders until the Telegram user is known. 'Connecting to Telegram...' for up to
 * 2 s, then, still without a user, 'Unable to Connect' (a user arriving later still opens the app).
 */
export function ConnectGate({ children }: { children: ReactNode }) {
  const { user } = useTelegram();
  const { t } = useI18n();
  const [waitedLongEnough, setWaitedLongEnough] = useState(false);

  useEffect(() => {
    void connectTelegram();
    const timer = setTimeout(() => setWaitedLongEnough(true), LIMITS.connectTimeoutMs);
    return () => clearTimeout(timer);
  }, []);

  if (user) return children;

  if (!waitedLongEnough) {
    return (
      <FullScreen data-testid="connecting-screen">
        <LoadingState label={t('shell.connecting')} />
      </FullScreen>
    );
  }

  return (
    <FullScreen data-testid="unable-to-connect">
      <div className={styles.logo}>
        <TelegramIcon size={36} />
      </div>
      <div role="alert" className={styles.text}>
        <h1 className={styles.title}>{t('shell.unableToConnect.title')}</h1>{' '}
        <p className={styles.message}>{t('shell.unableToConnect.message')}</p>
      </div>
      <p className={styles.hint}>{t('shell.unableToConnect.hint')}</p>
      <Button onClick={() => window.location.reload()}>{t('shell.unableToConnect.refresh')}</Button>
    </FullScreen>
  );
}
