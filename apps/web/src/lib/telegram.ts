/**
 * The bridge to the Telegram client: the only module that touches @telegram-apps/sdk. Screens call these
 * functions and never `window.Telegram`.
 *
 * Outside Telegram, when the server runs in demo mode, it mocks the client with init data the server signed
 * for the demo user; the SDK then behaves as inside Telegram, and what it would have sent to the client is
 * recorded (window.__tgEvents) and drives in-page stand-ins for the native back and main buttons.
 */
import type { DemoLaunchResponse } from '@app/contracts/auth';
import {
  backButton,
  closingBehavior,
  emitEvent,
  hapticFeedback,
  init,
  invoice,
  isAccessDeniedError,
  mainButton,
  miniApp,
  mockTelegramEnv,
  on,
  popup,
  postEvent,
  retrieveLaunchParams,
  retrieveRawInitData,
  type ShowPopupOptionsButton,
  downloadFile as sdkDownloadFile,
  openLink as sdkOpenLink,
  openTelegramLink as sdkOpenTelegramLink,
  secondaryButton,
  themeParams,
  viewport,
} from '@telegram-apps/sdk';
import { useEffect, useRef } from 'react';
import { t } from '../i18n/i18n';
import { api } from './api-client';
import { readableColor } from './contrast';
import { getDemoPalette, prefersDark } from './demo-theme';
import { saveInPage } from './save-file';
import { createStore } from './store';

export type TelegramUser = {
  id: number;
  firstName: string;
  lastName?: string;
  username?: string;
  photoUrl?: string;
  languageCode?: string;
};

export type TelegramStatus = 'connecting' | 'connected' | 'unavailable';

export type MainButtonState = { text: string; isVisible: boolean; isEnabled: boolean };
export type SecondaryButtonState = MainButtonState & { position: 'left' | 'right' | 'top' | 'bottom' };

export type TelegramState = {
  status: TelegramStatus;
  user: TelegramUser | null;
  /** The raw init data string, exactly as Telegram passed it: the server checks its signature. */
  initData: string | null;
  isDemo: boolean;
  /** What the mocked client was last told to show; demo mode renders in-page stand-ins from these. */
  backButtonVisible: boolean;
  mainButton: MainButtonState;
  secondaryButton: SecondaryButtonState;
  /** Whether the mocked client was asked to confirm before closing (demo mode). */
  closingConfirmation: boolean;
};

export type TelegramEvent = { name: string; params: unknown };

declare global {
  interface Window {
    __tgEvents?: TelegramEvent[];
  }
}

// ---------------------------------------------------------------------------------------------------------
// State, readable from React with useTelegram().

const store = createStore<TelegramState>({
  status: 'connecting',
  user: null,
  initData: null,
  isDemo: false,
  backButtonVisible: false,
  mainButton: { text: '', isVisible: false, isEnabled: true },
  secondaryButton: { text: '', isVisible: false, isEnabled: true, position: 'left' },
  closingConfirmation: false,
});

function setState(patch: Partial<TelegramState>): void {
  store.set({ ...store.get(), ...patch });
}

export const getTelegramState = store.get;
export const useTelegram = store.use;

// ---------------------------------------------------------------------------------------------------------
// Start-up.

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
    const initData = demoInitData && ((launchFromAddress && launchInitDataInAddress()) || demoInitData);
    if (!initData) {
      setState({ status: 'unavailable' });
      return;
    }
    try {
      mockDemoClient(initData);
    } catch (error) {
      console.error('Could not start demo mode', error);
      setState({ status: 'unavailable' });
      return;
    }
  }

  try {
    startSdk();
  } catch (error) {
    console.error('Could not start the Telegram SDK', error);
  }

  const user = readUser();
  setState({
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

let launchFromAddress = false;

/**
 * The shop's Mini App only, before connecting: in demo mode, take the launch data from the address's fragment,
 * where the demo chat page puts it as Telegram does (init data its fake Telegram signed with that shop bot's
 * token, for the customer in the chat). The back-office never does: a link could sign a person in as whoever
 * the link's launch data names.
 */
export function acceptLaunchDataInAddress(): void {
  launchFromAddress = true;
}

function launchInitDataInAddress(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('tgWebAppData');
}

async function fetchDemoInitData(): Promise<string | null> {
  try {
    const demo = await api.get<DemoLaunchResponse>('/demo/init-data', { auth: false });
    return demo.demo && demo.initData ? demo.initData : null;
  } catch {
    // 404: the server is not in demo mode. Anything else: no server. Either way there is no user.
    return null;
  }
}

function attempt(step: () => unknown): void {
  try {
    step();
  } catch (error) {
    console.warn('Telegram start-up step failed', error);
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
  attempt(() => {
    const [called, mounting] = viewport.mount.ifAvailable();
    if (!called) return;
    mounting
      .then(() => !viewport.isCssVarsBound() && viewport.bindCssVars.ifAvailable())
      .catch((error: unknown) => console.warn('Viewport not mounted', error));
  });
  attempt(followColorScheme);
  attempt(followThemeInButtons);
}

// The SDK starts out believing header and background are already 'bg_color' and skips setting them again,
// so the first call is posted directly. Later theme changes are then followed by the SDK (and by Telegram
// itself for the header's colour key).
function paintClientChrome(): void {
  attempt(() => postEvent('web_app_set_header_color', { color_key: 'bg_color' }));
  attempt(() => {
    const background = themeParams.backgroundColor();
    if (background) postEvent('web_app_set_background_color', { color: background });
  });
  attempt(() => miniApp.setBottomBarColor.ifAvailable('bg_color'));
}

// Text colours that Telegram's palettes make too faint on our surfaces (see contrast.ts; the day theme's hint
// is 2.5:1 on a card, its link 3.7:1). The SDK binds them under `-original`; the app's CSS reads
// `--tg-theme-hint-color` and the others, which are set here to a readable version of the same colour and
// follow every theme change.
const READABLE_TEXT_KEYS = ['hint_color', 'subtitle_text_color', 'link_color', 'accent_text_color'] as const;

function bindThemeCssVars(): void {
  if (themeParams.isCssVarsBound()) return;
  const kebab = (key: string) => key.replaceAll('_', '-');
  const toVar = (key: string) =>
    (READABLE_TEXT_KEYS as readonly string[]).includes(key)
      ? `--tg-theme-${kebab(key)}-original`
      : `--tg-theme-${kebab(key)}`;
  const [bound] = themeParams.bindCssVars.ifAvailable(toVar);
  if (!bound) return;
  const apply = () => {
    const theme = themeParams.state();
    const surfaces = [theme.bg_color, theme.secondary_bg_color, theme.section_bg_color].filter(
      (color): color is `#${string}` => color !== undefined,
    );
    for (const key of READABLE_TEXT_KEYS) {
      const color = theme[key];
      const name = `--tg-theme-${kebab(key)}`;
      if (!color) document.documentElement.style.removeProperty(name);
      else
        document.documentElement.style.setProperty(
          name,
          readableColor(color, surfaces, theme.text_color ?? color),
        );
    }
  };
  apply();
  themeParams.state.sub(apply);
}

// The SDK gives the main and secondary buttons the theme's colours only when they are set up, so after a live
// theme change (the user switches to night mode) they would keep the launch theme's colours: post them again.
// Header and background follow by themselves (the header by its colour key, the background through the SDK).
function followThemeInButtons(): void {
  themeParams.state.sub(() => {
    // After the SDK's own listeners: its buttons read the theme through signals that are updated after ours
    // is called, and would post the old colours once more.
    queueMicrotask(() => {
      if (mainButton.isMounted() && mainButton.isVisible()) mainButton.setParams.ifAvailable({});
      if (secondaryButton.isMounted() && secondaryButton.isVisible())
        secondaryButton.setParams.ifAvailable({});
    });
  });
}

// Native controls and scrollbars follow the theme too, not only our CSS variables.
function followColorScheme(): void {
  const apply = () => {
    const dark = themeParams.isDark();
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  };
  apply();
  themeParams.isDark.sub(apply);
}

const START_PARAM_TAKEN_KEY = 'tg_start_param_taken';

/**
 * The start parameter this launch was opened with (`startapp=…`), the first time it is asked for; null after
 * that and when there is none. The SDK keeps launch parameters in session storage, so a reload would otherwise
 * open the deep link again; the mark names the launch (its init data's signature), so a later launch with
 * the same parameter, in the same browser tab of Telegram's web client, still opens it.
 */
export function takeStartParam(): string | null {
  let param: string | undefined;
  let launch: string;
  try {
    const params = retrieveLaunchParams();
    param = params.tgWebAppStartParam;
    launch = `${params.tgWebAppData?.hash ?? ''}:${param ?? ''}`;
  } catch {
    return null;
  }
  if (!param) return null;
  try {
    if (sessionStorage.getItem(START_PARAM_TAKEN_KEY) === launch) return null;
    sessionStorage.setItem(START_PARAM_TAKEN_KEY, launch);
  } catch {
    // No session storage: a reload may open the deep link again, which is harmless.
  }
  return param;
}

function readUser(): TelegramUser | null {
  try {
    const user = retrieveLaunchParams().tgWebAppData?.user;
    if (!user) return null;
    return {
      id: user.id,
      firstName: user.first_name,
      lastName: user.last_name,
      username: user.username,
      photoUrl: user.photo_url,
      languageCode: user.language_code,
    };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Demo mode: a mocked client.

const ZERO_INSETS = { top: 0, bottom: 0, left: 0, right: 0 };

function mockDemoClient(initData: string): void {
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
    if (store.get().closingConfirmation) event.preventDefault();
  });
  // A live theme change, as when the user switches Telegram to night mode: the system's scheme stands in.
  darkQuery?.addEventListener('change', (query) => {
    emitEvent('theme_changed', { theme_params: getDemoPalette(query.matches) });
  });
  window.addEventListener('resize', () => emitEvent('viewport_changed', currentViewport()));
}

// Demo mode takes the start parameter from the address, as Telegram's web client passes it:
// `/?startapp=bot_<id>` (or `?tgWebAppStartParam=bot_<id>`).
function demoStartParam(): string | undefined {
  const query = new URLSearchParams(window.location.search);
  return query.get('startapp') ?? query.get('tgWebAppStartParam') ?? undefined;
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
      setState({ backButtonVisible: data.is_visible === true });
      return;
    case 'web_app_setup_main_button':
      setState({
        mainButton: {
          text: typeof data.text === 'string' ? data.text : store.get().mainButton.text,
          isVisible: data.is_visible === true,
          isEnabled: data.is_active !== false,
        },
      });
      return;
    case 'web_app_setup_secondary_button': {
      const current = store.get().secondaryButton;
      const position = data.position;
      setState({
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
      setState({ closingConfirmation: data.need_confirmation === true });
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
      reply(() => emitEvent('popup_closed', { button_id: answerPopupInPage(data) }));
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
      body: JSON.stringify({ url: `https://t.me/$${slug}`, userId: store.get().user?.id ?? 0 }),
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

type PopupButtonParams = { id?: string; type?: string };

// The browser's own dialogs stand in for Telegram's popup: OK picks the first button that is not a cancel.
function answerPopupInPage(params: Record<string, unknown>): string | undefined {
  const message = typeof params.message === 'string' ? params.message : '';
  const buttons = (Array.isArray(params.buttons) ? params.buttons : []) as PopupButtonParams[];
  const isDismiss = (button: PopupButtonParams) => button.type === 'cancel' || button.type === 'close';
  const accept = buttons.find((button) => !isDismiss(button));
  const dismiss = buttons.find(isDismiss);
  if (buttons.length < 2) {
    window.alert(message);
    return buttons[0]?.id;
  }
  return window.confirm(message) ? accept?.id : dismiss?.id;
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

// ---------------------------------------------------------------------------------------------------------
// Back button, main button, haptics, popups.

export function showBackButton(): void {
  backButton.show.ifAvailable();
}

export function hideBackButton(): void {
  backButton.hide.ifAvailable();
}

/**
 * Adds a back button listener; returns the function that removes it. While a screen overrides the back
 * button (useBackButtonOverride), a press goes to that screen instead of to these listeners.
 */
export function onBackButtonClick(listener: () => void): () => void {
  const [called, off] = backButton.onClick.ifAvailable(() => {
    if (!takeBackPress()) listener();
  });
  return called ? off : () => undefined;
}

export type MainButtonParams = { text?: string; visible?: boolean; enabled?: boolean; loading?: boolean };

export function setMainButton(params: MainButtonParams): void {
  mainButton.setParams.ifAvailable({
    ...(params.text === undefined ? {} : { text: params.text }),
    ...(params.visible === undefined ? {} : { isVisible: params.visible }),
    ...(params.enabled === undefined ? {} : { isEnabled: params.enabled }),
    ...(params.loading === undefined ? {} : { isLoaderVisible: params.loading }),
  });
}

export function hideMainButton(): void {
  setMainButton({ visible: false, loading: false });
}

/** Adds a main button listener; returns the function that removes it. */
export function onMainButtonClick(listener: () => void): () => void {
  const [called, off] = mainButton.onClick.ifAvailable(listener);
  return called ? off : () => undefined;
}

/**
 * Shows the main button with `text` while the calling screen is mounted, and hides it when the screen goes.
 * The latest `onClick` is always the one called, so callers need not memoise it.
 */
export function useMainButton(
  text: string,
  onClick: () => void,
  options: { visible?: boolean; enabled?: boolean; loading?: boolean } = {},
): void {
  const { visible = true, enabled = true, loading = false } = options;
  const latestOnClick = useRef(onClick);
  useEffect(() => {
    latestOnClick.current = onClick;
  });

  useEffect(() => onMainButtonClick(() => latestOnClick.current()), []);

  useEffect(() => {
    setMainButton({ text, visible, enabled, loading });
  }, [text, visible, enabled, loading]);

  useEffect(() => hideMainButton, []);
}

// Several screens (or a form and its dialog) may hold unsaved work at once: Telegram confirms closing while
// any of them does.
let unsavedWorkHolders = 0;

function syncClosingConfirmation(): void {
  attempt(() => {
    // Mounted at start-up (startSdk); a screen rendered without it (a component test) mounts it here.
    if (closingBehavior.isMounted?.() === false) closingBehavior.mount.ifAvailable();
    if (unsavedWorkHolders > 0) closingBehavior.enableConfirmation.ifAvailable();
    else closingBehavior.disableConfirmation.ifAvailable();
  });
}

/**
 * Asks Telegram to confirm before the user closes the Mini App (swipe down, Close) for as long as `dirty` is
 * true and the calling component is mounted: a form with unsaved changes calls `useClosingConfirmation(isDirty)`.
 */
export function useClosingConfirmation(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    unsavedWorkHolders += 1;
    syncClosingConfirmation();
    return () => {
      unsavedWorkHolders -= 1;
      syncClosingConfirmation();
    };
  }, [dirty]);
}

export type ImpactStyle = 'light' | 'medium' | 'heavy' | 'rigid' | 'soft';

export const haptics = {
  impact(style: ImpactStyle = 'light'): void {
    hapticFeedback.impactOccurred.ifAvailable(style);
  },
  success(): void {
    hapticFeedback.notificationOccurred.ifAvailable('success');
  },
  error(): void {
    hapticFeedback.notificationOccurred.ifAvailable('error');
  },
  warning(): void {
    hapticFeedback.notificationOccurred.ifAvailable('warning');
  },
  selection(): void {
    hapticFeedback.selectionChanged.ifAvailable();
  },
};

// ---------------------------------------------------------------------------------------------------------
// Payments and links.

export type InvoiceStatus = 'paid' | 'cancelled' | 'failed' | 'pending';

/**
 * Opens Telegram's native payment sheet for an invoice link (https://t.me/$…) and resolves to how it closed.
 * Only a hint for the screen: the server activates on the successful_payment its bot receives.
 */
export async function openInvoice(url: string): Promise<InvoiceStatus> {
  try {
    return (await invoice.open(url, 'url')) as InvoiceStatus;
  } catch (error) {
    console.warn('Telegram invoice failed', error);
    return 'failed';
  }
}

/** Opens a page in the browser, outside the Mini App (a payment provider's page). */
export function openLink(url: string): void {
  if (sdkOpenLink.isAvailable()) {
    try {
      sdkOpenLink(url);
      return;
    } catch (error) {
      console.warn('Telegram openLink failed', error);
    }
  }
  window.open(url, '_blank', 'noopener');
}

/** Opens a t.me link in Telegram itself (a bot's chat, with its start parameter), leaving the Mini App. */
export function openTelegramLink(url: string): void {
  if (sdkOpenTelegramLink.isAvailable()) {
    try {
      sdkOpenTelegramLink(url);
      return;
    } catch (error) {
      console.warn('Telegram openTelegramLink failed', error);
    }
  }
  window.location.assign(url);
}

/**
 * Saves a file the server serves at `url`, a link that works without the app's session (Telegram fetches it
 * itself): Telegram's download prompt (Mini Apps 8.0+), or on an older client the link in the browser. In
 * demo mode the browser downloads it. False when the user declined the prompt.
 */
export async function downloadFile(url: string, fileName: string): Promise<boolean> {
  const absolute = new URL(url, window.location.href).toString();
  if (sdkDownloadFile.isAvailable()) {
    try {
      await sdkDownloadFile(absolute, fileName);
      return true;
    } catch (error) {
      if (isAccessDeniedError(error)) return false;
      console.warn('Telegram downloadFile failed', error);
    }
  }
  if (sdkOpenLink.isAvailable()) {
    openLink(absolute);
    return true;
  }
  saveInPage(absolute, fileName);
  return true;
}

export type PopupButton = ShowPopupOptionsButton;
export type PopupOptions = { title?: string; message: string; buttons?: PopupButton[] };

/** Shows Telegram's popup and resolves to the id of the button pressed (null when dismissed). */
export async function showPopup(options: PopupOptions): Promise<string | null> {
  if (popup.show.isAvailable()) {
    try {
      return await popup.show(options);
    } catch (error) {
      console.warn('Telegram popup failed; using the browser dialog', error);
    }
  }
  return answerPopupInPage(options) ?? null;
}

export type ConfirmOptions = {
  title?: string;
  /** The confirm button is styled as destructive (delete, discard): Telegram draws it red. */
  destructive?: boolean;
};

/** Asks a yes/no question; true when the user confirms. */
export async function showConfirm(
  message: string,
  confirmText = t('common.ok'),
  options: ConfirmOptions = {},
): Promise<boolean> {
  const pressed = await showPopup({
    ...(options.title ? { title: options.title } : {}),
    message,
    buttons: [
      { id: 'confirm', type: options.destructive ? 'destructive' : 'default', text: confirmText },
      { id: 'cancel', type: 'cancel' },
    ],
  });
  return pressed === 'confirm';
}

export async function showAlert(message: string): Promise<void> {
  await showPopup({ message, buttons: [{ id: 'ok', type: 'ok' }] });
}

// ---------------------------------------------------------------------------------------------------------
// Secondary button, back-button overrides and closing confirmation: what forms and wizards need.

export type SecondaryButtonParams = MainButtonParams & { position?: 'left' | 'right' | 'top' | 'bottom' };

// Mounted on first use (start-up does not need it); older clients (< 7.10) have no secondary button.
function mountSecondaryButton(): boolean {
  if (!secondaryButton.isMounted()) attempt(() => secondaryButton.mount.ifAvailable());
  return secondaryButton.isMounted();
}

export function setSecondaryButton(params: SecondaryButtonParams): void {
  if (!mountSecondaryButton()) return;
  secondaryButton.setParams.ifAvailable({
    ...(params.text === undefined ? {} : { text: params.text }),
    ...(params.visible === undefined ? {} : { isVisible: params.visible }),
    ...(params.enabled === undefined ? {} : { isEnabled: params.enabled }),
    ...(params.loading === undefined ? {} : { isLoaderVisible: params.loading }),
    ...(params.position === undefined ? {} : { position: params.position }),
  });
}

export function hideSecondaryButton(): void {
  setSecondaryButton({ visible: false, loading: false });
}

/** Adds a secondary button listener; returns the function that removes it. */
export function onSecondaryButtonClick(listener: () => void): () => void {
  if (!mountSecondaryButton()) return () => undefined;
  const [called, off] = secondaryButton.onClick.ifAvailable(listener);
  return called ? off : () => undefined;
}

/**
 * True when the Telegram client (or demo mode's in-page stand-in) draws the secondary button. Otherwise (a
 * client older than 7.10) the screen shows the action as a button of its own.
 */
export function isSecondaryButtonNative(): boolean {
  try {
    return secondaryButton.isSupported();
  } catch {
    return false;
  }
}

/**
 * Shows Telegram's secondary button (beside the main one) with `text` while the calling screen is mounted,
 * and hides it when the screen goes. Returns whether Telegram draws it: when not, the screen draws its own.
 */
export function useSecondaryButton(
  text: string,
  onClick: () => void,
  options: { visible?: boolean; enabled?: boolean; loading?: boolean; position?: 'left' | 'right' } = {},
): boolean {
  const { visible = true, enabled = true, loading = false, position = 'left' } = options;
  const latestOnClick = useRef(onClick);
  useEffect(() => {
    latestOnClick.current = onClick;
  });

  useEffect(() => onSecondaryButtonClick(() => latestOnClick.current()), []);

  useEffect(() => {
    setSecondaryButton({ text, visible, enabled, loading, position });
  }, [text, visible, enabled, loading, position]);

  useEffect(() => hideSecondaryButton, []);

  return isSecondaryButtonNative();
}

// The screens that take Telegram's back button for themselves, latest last. Only the latest is called.
const backOverrides: { handle: () => void }[] = [];
let backPressTaken = false;

// Every listener added with onBackButtonClick asks this for the same press; the override runs once.
function takeBackPress(): boolean {
  const top = backOverrides.at(-1);
  if (!top) return false;
  if (!backPressTaken) {
    backPressTaken = true;
    queueMicrotask(() => {
      backPressTaken = false;
    });
    top.handle();
  }
  return true;
}

/**
 * While `handler` is set, Telegram's back button calls it instead of the app's own back (the router's
 * previous screen): a wizard goes back a step, not out of the wizard. Pass null to let back go back.
 */
export function useBackButtonOverride(handler: (() => void) | null | undefined): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const active = Boolean(handler);
  useEffect(() => {
    if (!active) return;
    const entry = { handle: () => latest.current?.() };
    backOverrides.push(entry);
    return () => {
      const index = backOverrides.lastIndexOf(entry);
      if (index >= 0) backOverrides.splice(index, 1);
    };
  }, [active]);
}

// ---------------------------------------------------------------------------------------------------------
// Whether the user has the Mini App in front of them.

// Telegram (Bot API 8.0) sends `visibility_changed` when it puts the Mini App in the background (minimised,
// another chat opened) and when it brings it back. The SDK does not follow it, so the bridge listens itself.
let miniAppActive = true;
const activeListeners = new Set<(active: boolean) => void>();
let followingVisibility = false;

function followVisibility(): void {
  if (followingVisibility) return;
  followingVisibility = true;
  attempt(() =>
    on('visibility_changed', ({ is_visible }) => {
      miniAppActive = is_visible;
      for (const listener of activeListeners) listener(is_visible);
    }),
  );
}

/** Calls `listener` when Telegram hides the Mini App or brings it back; returns the function that stops it. */
export function onMiniAppActiveChange(listener: (active: boolean) => void): () => void {
  followVisibility();
  activeListeners.add(listener);
  return () => activeListeners.delete(listener);
}

/** False while Telegram keeps the Mini App in the background. */
export function isMiniAppActive(): boolean {
  return miniAppActive;
}
