import { createStore } from '../store';

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

/** Merges `patch` into the bridge's state; every reader of useTelegram() renders again. */
export function setTelegramState(patch: Partial<TelegramState>): void {
  store.set({ ...store.get(), ...patch });
}

export const getTelegramState = store.get;
export const useTelegram = store.use;

/** Runs one step of talking to the client; a step that throws (an older client, no SDK) is logged, not fatal. */
export function attempt(step: () => unknown): void {
  try {
    step();
  } catch (error) {
    console.warn('Telegram start-up step failed', error);
  }
}
