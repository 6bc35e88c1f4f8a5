import {
  hapticFeedback,
  invoice,
  isAccessDeniedError,
  popup,
  type ShowPopupOptionsButton,
  downloadFile as sdkDownloadFile,
  openLink as sdkOpenLink,
  openTelegramLink as sdkOpenTelegramLink,
} from '@telegram-apps/sdk';
import { t } from '../../i18n/i18n';
import { saveInPage } from '../save-file';

// ---------------------------------------------------------------------------------------------------------
// Haptics.

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

// ---------------------------------------------------------------------------------------------------------
// Popups.

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
  return (await answerPopupInPage(options)) ?? null;
}

/**
 * The page's stand-in for Telegram's popup (demo mode, or a client without popups), its code loaded only when
 * one opens: the browser's dialogs, or a popup drawn in the page when it has more than two buttons.
 */
export async function answerPopupInPage(params: Record<string, unknown>): Promise<string | undefined> {
  const { answerPopupInPage: answer } = await import('./in-page-popup');
  return answer(params, { ok: t('common.ok'), cancel: t('common.cancel') });
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
