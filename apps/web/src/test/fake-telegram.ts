import { backButton, emitEvent, init, mainButton, mockTelegramEnv } from '@telegram-apps/sdk';

export type SentEvent = { name: string; params: Record<string, unknown> };

const INIT_DATA = new URLSearchParams({
  user: JSON.stringify({ id: 42, first_name: 'Test', language_code: 'en' }),
  auth_date: '1700000000',
  signature: 'test',
  hash: 'test',
}).toString();

let started: SentEvent[] | null = null;

/**
 * Starts the Telegram SDK against a fake client (for jsdom component tests): what the app sends the
 * client is recorded, and `press` plays the client's side (a button pressed). Started once per test file.
 */
export function startFakeTelegram() {
  if (!started) {
    const events: SentEvent[] = [];
    mockTelegramEnv({
      launchParams: {
        tgWebAppData: INIT_DATA,
        tgWebAppThemeParams: {},
        tgWebAppPlatform: 'tdesktop',
        tgWebAppVersion: '8.0',
      },
      resetPostMessage: true,
      onEvent: ([name, params]) => {
        events.push({ name, params: (params ?? {}) as Record<string, unknown> });
        // A real client answers the popup; this one presses its first button.
        if (name === 'web_app_open_popup') {
          const buttons = ((params ?? {}) as { buttons?: { id?: string }[] }).buttons ?? [];
          setTimeout(() => {
            emitEvent('popup_closed', { button_id: popupAnswer ?? buttons[0]?.id });
            popupsAnswered += 1;
          }, 0);
        }
        // A real client asks the user, then downloads; this one says the download started.
        if (name === 'web_app_request_file_download') {
          setTimeout(() => emitEvent('file_download_requested', { status: 'downloading' }), 0);
        }
        answerBiometry(name, (params ?? {}) as Record<string, unknown>);
      },
    });
    init();
    backButton.mount();
    mainButton.mount();
    started = events;
  }
  const events = started;
  return {
    events,
    /** The last parameters the app sent with `name` (say, web_app_setup_main_button). */
    last(name: string): Record<string, unknown> | undefined {
      return events.filter((event) => event.name === name).at(-1)?.params;
    },
    press(button: 'main' | 'secondary' | 'back') {
      emitEvent(
        button === 'main'
          ? 'main_button_pressed'
          : button === 'secondary'
            ? 'secondary_button_pressed'
            : 'back_button_pressed',
      );
    },
    /**
     * How many popups the fake client has answered. Once it counts one more, the app has also handled that answer
     * (the SDK and the app react in the same task), so a test can check what the answer did, or did not do.
     */
    popupsAnswered: () => popupsAnswered,
    /** Which popup button the fake client presses next (by id); undefined = the first. */
    answerPopupWith(id: string | undefined) {
      popupAnswer = id;
    },
    /**
     * The device's BiometricManager (Face ID / fingerprint): available with this id, access granted, and the
     * token saved on it (what updateBiometricToken saved last); `authorize: false` = the user cancels the prompt.
     * Set before the app first asks: the app reads the device once.
     */
    biometry(device: { deviceId: string; token?: string; authorize?: boolean } | null) {
      biometry = device ? { authorize: true, ...device } : null;
    },
    /** The token the app saved on the fake device (updateBiometricToken). */
    savedBiometricToken: () => biometry?.token,
  };
}

let popupAnswer: string | undefined;
let popupsAnswered = 0;

let biometry: { deviceId: string; token?: string; authorize: boolean } | null = null;

/** The client's side of BiometricManager, as `biometry(…)` set it. */
function answerBiometry(name: string, params: Record<string, unknown>) {
  const info = () =>
    biometry
      ? {
          available: true,
          access_requested: true,
          access_granted: true,
          device_id: biometry.deviceId,
          token_saved: Boolean(biometry.token),
          type: 'face',
        }
      : { available: false };
  const reply = (fn: () => void) => setTimeout(fn, 0);
  if (name === 'web_app_biometry_get_info' || name === 'web_app_biometry_request_access') {
    reply(() => emitEvent('biometry_info_received', info() as never));
  } else if (name === 'web_app_biometry_request_auth') {
    reply(() =>
      emitEvent(
        'biometry_auth_requested',
        biometry?.authorize && biometry.token
          ? { status: 'authorized', token: biometry.token }
          : { status: 'failed' },
      ),
    );
  } else if (name === 'web_app_biometry_update_token') {
    const token = typeof params.token === 'string' ? params.token : '';
    if (biometry) biometry.token = token || undefined;
    reply(() =>
      emitEvent('biometry_token_updated', { status: biometry ? (token ? 'updated' : 'removed') : 'failed' }),
    );
  }
}
