import { LIMITS } from '@app/contracts/limits';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { TelegramIcon } from '../../components/ui/icons';
import { LoadingState } from '../../components/ui/spinner';
import { connectTelegram, useTelegram } from '../../lib/telegram';
import { FullScreen, fullScreenStyles as styles } from './full-screen';

/**
 * Spec part 1 §1: nothing renders until the Telegram user is known. 'Connecting to Telegram...' for up to
 * 2 s, then, still without a user, 'Unable to Connect' (a user arriving later still opens the app).
 */
export function ConnectGate({ children }: { children: ReactNode }) {
  const { user } = useTelegram();
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
        <LoadingState label="Connecting to Telegram..." />
      </FullScreen>
    );
  }

  return (
    <FullScreen data-testid="unable-to-connect">
      <div className={styles.logo}>
        <TelegramIcon size={36} />
      </div>
      <div role="alert">
        <h1 className={styles.title}>Unable to Connect.</h1>{' '}
        <p className={styles.message}>Please open this app from Telegram to continue.</p>
      </div>
      <p className={styles.hint}>
        If you opened it from Telegram, close it and open it again, or refresh this page.
      </p>
      <Button onClick={() => window.location.reload()}>Refresh</Button>
    </FullScreen>
  );
}
