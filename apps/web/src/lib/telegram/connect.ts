import {
  backButton,
  closingBehavior,
  init,
  mainButton,
  miniApp,
  retrieveLaunchParams,
  retrieveRawInitData,
  secondaryButton,
  themeParams,
  viewport,
} from '@telegram-apps/sdk';
import { fetchDemoInitData, mockDemoClient } from './demo-client';
import { acceptedInitDataInAddress, readUser } from './launch';
import { syncClosingConfirmation } from './mini-app';
import { attempt, setTelegramState } from './state';
import {
  bindThemeCssVars,
  followColorScheme,
  followThemeInButtons,
  mountViewport,
  paintClientChrome,
} from './theme';

let connecting: Promise<void> | null = null;

/** Starts the SDK once, inside Telegram or in demo mode, and publishes the user. Never rejects. */
export function connectTelegram(): Promise<void> {
  connecting ??= connect();
  return connecting;
}

async function connect(): Promise<void> {
  const inTelegram = isInsideTelegram();
  if (!inTelegram) {
    const demoInitData = await fetchDemoInitData();
    const initData = demoInitData && (acceptedInitDataInAddress() || demoInitData);
    if (!initData) {
      setTelegramState({ status: 'unavailable' });
      return;
    }
    try {
      mockDemoClient(initData);
    } catch (error) {
      console.error('Could not start demo mode', error);
      setTelegramState({ status: 'unavailable' });
      return;
    }
  }

  try {
    startSdk();
  } catch (error) {
    console.error('Could not start the Telegram SDK', error);
  }

  const user = readUser();
  setTelegramState({
    status: user ? 'connected' : 'unavailable',
    user,
    initData: retrieveRawInitData() ?? null,
    isDemo: !inTelegram,
  });
}

// A page can only talk to a Telegram client through the webview proxy (mobile and desktop apps) or its
// parent frame (web clients). Launch parameters alone are not enough: the SDK keeps them in session storage,
// so a demo tab reloaded in a plain browser still has them.
function isInsideTelegram(): boolean {
  const canReachClient = 'TelegramWebviewProxy' in window || window.parent !== window;
  if (!canReachClient) return false;
  try {
    retrieveLaunchParams();
    return true;
  } catch {
    return false;
  }
}

function startSdk(): void {
  init();
  attempt(() => miniApp.mountSync.ifAvailable());
  attempt(() => themeParams.mountSync.ifAvailable());
  attempt(bindThemeCssVars);
  attempt(() => !miniApp.isCssVarsBound() && miniApp.bindCssVars.ifAvailable());
  paintClientChrome();
  attempt(() => backButton.mount.ifAvailable());
  attempt(() => mainButton.mount.ifAvailable());
  attempt(() => secondaryButton.mount.ifAvailable());
  attempt(() => closingBehavior.mount.ifAvailable());
  // Mounting restores the last page load's setting from session storage; nothing is dirty yet.
  attempt(syncClosingConfirmation);
  attempt(() => miniApp.ready.ifAvailable());
  attempt(() => viewport.expand.ifAvailable());
  attempt(mountViewport);
  attempt(followColorScheme);
  attempt(followThemeInButtons);
}
