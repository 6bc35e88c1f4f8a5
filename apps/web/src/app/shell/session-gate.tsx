import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreen } from '../../components/ui/full-screen';
import { LoadingState } from '../../components/ui/spinner';
import { useI18n } from '../../i18n/i18n';
import { markSignedOut, type SignInState, signIn, useAuthState } from '../../lib/auth';
import { useTelegram } from '../../lib/telegram/state';

const isPaymentPage = (path: string) => path.startsWith('/payments/') || path === '/wallet/add-funds';

/** Signs in with the Telegram identity once per page load; without a session, the sign-in screen. */
export function SessionGate({ children }: { children: ReactNode }) {
  const auth = useAuthState();
  const { user, initData } = useTelegram();
  const location = useLocation();
  const { t } = useI18n();

  useEffect(() => {
    if (auth.status !== 'idle') return;
    if (user && initData) void signIn({ initData, user });
    else markSignedOut('auth.error.noTelegramUser');
  }, [auth.status, user, initData]);

  if (auth.status === 'signed-out') {
    // Spec part 1 §8: a payment page without a session says so and goes to /auth.
    if (isPaymentPage(location.pathname)) {
      const state: SignInState = { from: location.pathname, reason: 'auth.error.authRequired' };
      return <Navigate to="/auth" replace state={state} />;
    }
    return <Navigate to="/auth/login" replace state={{ from: location.pathname }} />;
  }
  if (auth.status !== 'signed-in') {
    return (
      <FullScreen data-testid="signing-in">
        <LoadingState label={t('shell.signingIn')} />
      </FullScreen>
    );
  }
  return children;
}
