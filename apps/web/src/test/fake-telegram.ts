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
  };
}

let popupAnswer: string | undefined;
let popupsAnswered = 0;
