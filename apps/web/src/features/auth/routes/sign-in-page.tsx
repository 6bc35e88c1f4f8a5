import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TelegramIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { type SignInState, signIn, useAuthState } from '../../../lib/auth';
import { haptics } from '../../../lib/telegram/bridge';
import { useTelegram } from '../../../lib/telegram/state';
import styles from './sign-in-page.module.css';

/** /auth and /auth/login: where the app lands without a session (a refused refresh, say). */
export function SignInPage() {
  const navigate = useNavigate();
  const auth = useAuthState();
  const { user, initData } = useTelegram();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);
  const { t } = useI18n();
  const sentWith = (useLocation().state ?? {}) as SignInState;

  const shownError = error ?? sentWith.reason ?? auth.error;
  useEffect(() => {
    if (sentWith.reason) haptics.error();
  }, [sentWith.reason]);

  // Opened with a session already (a reload here, say): nothing to do on this screen.
  if (auth.status === 'signed-in' && !busy) return <Navigate to="/" replace />;

  async function handleSignIn() {
    if (!user || !initData) {
      setError('auth.error.noTelegramUser');
      haptics.error();
      return;
    }
    setBusy(true);
    setError(null);
    const signedIn = await signIn({ initData, user }, { fresh: true });
    setBusy(false);
    if (signedIn) {
      haptics.success();
      void navigate('/', { replace: true });
    } else {
      haptics.error();
    }
  }

  return (
    <main className={styles.screen} data-testid="sign-in-page">
      <div className={styles.logo}>
        <TelegramIcon size={36} />
      </div>
      <h1 className={styles.title}>{t('auth.signIn.title')}</h1>
      <p className={styles.text}>{t('auth.signIn.text')}</p>
      {shownError ? (
        <p className={styles.error} role="alert">
          {t(shownError)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button fullWidth onClick={() => void handleSignIn()} disabled={busy || auth.status === 'signing-in'}>
          {busy ? <Spinner size="small" /> : <TelegramIcon size={20} />}
          {t('auth.signIn.button')}
        </Button>
      </div>
    </main>
  );
}
