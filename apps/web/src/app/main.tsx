import '../styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConnectGate } from '../components/telegram/connect-gate';
import { enBackOfficeCore } from '../i18n/en/core';
import { addEnglish, loadScreenTexts, setLocale } from '../i18n/i18n';
import { setSessionExpiredHandler } from '../lib/api-client';
import { bindQueryFocusToApp } from '../lib/app-focus';
import { getAuthState, markSignedOut, signIn } from '../lib/auth';
import { connectTelegram } from '../lib/telegram/connect';
import { takeStartParam } from '../lib/telegram/launch';
import { getTelegramState } from '../lib/telegram/state';
import { INVITE_PREFIX, openStartParam } from './deep-links';
import { Providers, queryClient } from './providers';
import { AppRouter, router } from './router';

// The back-office's English beyond the shop's, before anything renders.
addEnglish(enBackOfficeCore);

// Start talking to Telegram (or fetching demo launch data) before React renders anything, and sign in as
// soon as the user is known rather than after the first screen's code has loaded.
void connectTelegram().then(() => {
  const { user, initData } = getTelegramState();
  // Telegram's language until the vendor's profile names one.
  void setLocale(user?.languageCode);
  const startParam = takeStartParam();
  // A team invite (startapp=invite_<token>) is taken at sign-in: the seat is this account's, no screen to open.
  const inviteToken = startParam?.startsWith(INVITE_PREFIX)
    ? startParam.slice(INVITE_PREFIX.length)
    : undefined;
  if (user && initData && getAuthState().status === 'idle') {
    void signIn({ user, initData }, inviteToken ? { inviteToken } : {});
  }
  // Opened through a deep link (startapp=…): on that screen, with Home beneath it.
  if (!inviteToken) void openStartParam(startParam, (to, options) => router.navigate(to, options));
});

// Spec part 1 §4: when the session cannot be renewed, sign out and go to /auth/login.
setSessionExpiredHandler(() => {
  markSignedOut('auth.error.sessionExpired');
  queryClient.clear();
  void router.navigate('/auth/login', { replace: true });
});

// Polling pauses while Telegram keeps the app in the background, and catches up when it comes back.
bindQueryFocusToApp();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <ConnectGate>
        <AppRouter />
      </ConnectGate>
    </Providers>
  </StrictMode>,
);

// The other screens' texts, fetched while the user reads Home, so the first tap elsewhere does not wait for them.
const prefetchTexts = () => void loadScreenTexts().catch(() => undefined);
// Safari has no requestIdleCallback.
if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(prefetchTexts);
else setTimeout(prefetchTexts, 1000);
