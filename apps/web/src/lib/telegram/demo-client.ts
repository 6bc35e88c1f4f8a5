import type { DemoLaunchResponse } from '@app/contracts/auth';
import { emitEvent, mockTelegramEnv } from '@telegram-apps/sdk';
import { t } from '../../i18n/i18n';
import { api } from '../api-client';
import { getDemoPalette, prefersDark } from '../demo-theme';
import { saveInPage } from '../save-file';
import { answerPopupInPage } from './bridge';
import { demoStartParam } from './launch';
import { getTelegramState, setTelegramState } from './state';

export type TelegramEvent = { name: string; params: unknown };

declare global {
  interface Window {
    __tgEvents?: TelegramEvent[];
  }
}

/** The init data the demo server signed for the demo user; null when the server is not in demo mode. */
export async function fetchDemoInitData(): Promise<string | null> {
  try {
    const demo = await api.get<DemoLaunchResponse>('/demo/init-data', { auth: false });
    return demo.demo && demo.initData ? demo.initData : null;
  } catch {
    // 404: the server is not in demo mode. Anything else: no server. Either way there is no user.
    return null;
  }
}

const ZERO_INSETS = { top: 0, bottom: 0, left: 0, right: 0 };

/**
 * Mocks the Telegram client with `initData`: the SDK then behaves as inside Telegram, what it sends is recorded
 * (window.__tgEvents) and answered as a client would, and the in-page stand-ins draw the buttons it asked for.
 */
export function mockDemoClient(initData: string): void {
  const events: TelegramEvent[] = [];
  window.__tgEvents = events;
  const darkQuery = window.matchMedia?.('(prefers-color-scheme: dark)');
  const startParam = demoStartParam();

  mockTelegramEnv({
    launchParams: {
      tgWebAppData: initData,
      tgWebAppThemeParams: getDemoPalette(prefersDark()),
      tgWebAppPlatform: 'tdesktop',
      tgWebAppVersion: '8.0',
      ...(startParam ? { tgWebAppStartParam: startParam } : {}),
    },
    resetPostMessage: true,
    onEvent: ([name, params]) => {
      events.push({ name, params });
      answerAsClient(name, params);
    },
  });

  // Closing the tab is how a demo user closes the app: the browser's own prompt stands in for Telegram's.
  window.addEventListener('beforeunload', (event) => {
    if (getTelegramState().closingConfirmation) event.preventDefault();
  });
  // A live theme change, as when the user switches Telegram to night mode: the system's scheme stands in.
  darkQuery?.addEventListener('change', (query) => {
    emitEvent('theme_changed', { theme_params: getDemoPalette(query.matches) });
  });
  window.addEventListener('resize', () => emitEvent('viewport_changed', currentViewport()));
}

function currentViewport() {
  return { height: window.innerHeight, width: window.innerWidth, is_expanded: true, is_state_stable: true };
}

// Answers the requests a real client would, after the SDK has started listening for the answer.
function answerAsClient(name: string, params: unknown): void {
  const reply = (fn: () => void) => setTimeout(fn, 0);
  const data = (params ?? {}) as Record<string, unknown>;
  switch (name) {
    case 'web_app_setup_back_button':
      setTelegramState({ backButtonVisible: data.is_visible === true });
      return;
    case 'web_app_setup_main_button':
      setTelegramState({
        mainButton: {
          text: typeof data.text === 'string' ? data.text : getTelegramState().mainButton.text,
          isVisible: data.is_visible === true,
          isEnabled: data.is_active !== false,
        },
      });
      return;
    case 'web_app_setup_secondary_button': {
      const current = getTelegramState().secondaryButton;
      const position = data.position;
      setTelegramState({
        secondaryButton: {
          text: typeof data.text === 'string' ? data.text : current.text,
          isVisible: data.is_visible === true,
          isEnabled: data.is_active !== false,
          position:
            position === 'left' || position === 'right' || position === 'top' || position === 'bottom'
              ? position
              : current.position,
        },
      });
      return;
    }
    case 'web_app_setup_closing_behavior':
      setTelegramState({ closingConfirmation: data.need_confirmation === true });
      return;
    case 'web_app_request_theme':
      reply(() => emitEvent('theme_changed', { theme_params: getDemoPalette(prefersDark()) }));
      return;
    case 'web_app_request_viewport':
      reply(() => emitEvent('viewport_changed', currentViewport()));
      return;
    case 'web_app_request_safe_area':
      reply(() => emitEvent('safe_area_changed', ZERO_INSETS));
      return;
    case 'web_app_request_content_safe_area':
      reply(() => emitEvent('content_safe_area_changed', ZERO_INSETS));
      return;
    case 'web_app_open_popup':
      // The page stands in for Telegram's popup, its code loaded only when one opens.
      void answerPopupInPage(data).then((id) =>
        emitEvent('popup_closed', id === undefined ? {} : { button_id: id }),
      );
      return;
    case 'web_app_open_invoice':
      reply(() => void payDemoInvoice(String(data.slug ?? '')));
      return;
    case 'web_app_open_tg_link':
      // A t.me link opens that chat in Telegram; in the demo, that bot's chat on the fake Telegram's page.
      window.location.assign(demoChatPageOf(String(data.path_full ?? '')));
      return;
    case 'web_app_close':
      // The demo opened the Mini App from a chat page: closing goes back to it.
      window.history.back();
      return;
    // Only the back-office's sensitive actions ask: the stand-in loads then, off the first load.
    case 'web_app_biometry_get_info':
    case 'web_app_biometry_request_access':
      void import('./demo-biometry').then(({ demoBiometry }) =>
        emitEvent('biometry_info_received', demoBiometry.info()),
      );
      return;
    case 'web_app_biometry_request_auth':
      void import('./demo-biometry').then(({ demoBiometry }) =>
        emitEvent('biometry_auth_requested', demoBiometry.authenticate(String(data.reason ?? ''))),
      );
      return;
    case 'web_app_biometry_update_token':
      void import('./demo-biometry').then(({ demoBiometry }) =>
        emitEvent('biometry_token_updated', demoBiometry.save(String(data.token ?? ''))),
      );
      return;
    case 'web_app_request_file_download':
      // Telegram asks, then downloads; the demo's browser just downloads.
      saveInPage(String(data.url ?? ''), String(data.file_name ?? ''));
      reply(() => emitEvent('file_download_requested', { status: 'downloading' }));
      return;
  }
}

// Demo mode's stand-in for Telegram's payment sheet: the browser asks, then the demo server's fake Bot API
// pays the invoice as Telegram would (pre_checkout_query, then successful_payment to the platform webhook).
async function payDemoInvoice(slug: string): Promise<void> {
  if (!window.confirm(t('payments.demo.invoiceConfirm'))) {
    emitEvent('invoice_closed', { slug, status: 'cancelled' });
    return;
  }
  let status: 'paid' | 'failed' = 'failed';
  try {
    const res = await fetch('/fake-telegram/__control/pay-invoice', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `https://t.me/$${slug}`, userId: getTelegramState().user?.id ?? 0 }),
    });
    const body = (await res.json()) as { paid?: boolean };
    if (res.ok && body.paid) status = 'paid';
  } catch {
    status = 'failed';
  }
  emitEvent('invoice_closed', { slug, status });
}

/** `/<bot>?start=<param>` (a t.me link's path) as the demo chat page with that bot, which sends /start <param>. */
function demoChatPageOf(pathFull: string): string {
  const link = new URL(pathFull, 'https://t.me');
  const page = new URLSearchParams({ bot: link.pathname.slice(1) });
  const start = link.searchParams.get('start');
  if (start) page.set('start', start);
  return `/fake-telegram/__control/chat-page?${page}`;
}

/** Demo only: the in-page back button presses the mocked native one, so the same listener runs. */
export function pressDemoBackButton(): void {
  emitEvent('back_button_pressed');
}

/** Demo only: the in-page main button presses the mocked native one. */
export function pressDemoMainButton(): void {
  emitEvent('main_button_pressed');
}

/** Demo only: the in-page secondary button presses the mocked native one. */
export function pressDemoSecondaryButton(): void {
  emitEvent('secondary_button_pressed');
}
