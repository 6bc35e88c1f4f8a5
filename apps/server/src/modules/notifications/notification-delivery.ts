import { type BotApi, TelegramApiError, TelegramUnreachableError } from '../../lib/telegram/bot-api';
import type { Message } from './notification-messages';

// The one Telegram call a notification makes, and how it ended: what the sender does next depends on it.

/** How one attempt to tell someone ended. `retry`: worth trying again later (Telegram busy or unreachable). */
export type Outcome =
  | { status: 'sent'; chatId: number | null }
  | { status: 'skipped'; chatId: number | null; reason: string }
  | { status: 'blocked'; chatId: number; error: string }
  | { status: 'failed'; chatId: number | null; error: string }
  | { status: 'retry'; chatId: number | null; error: string; afterMs?: number };

/** A callback button acted on in the chat (an alert's next order move): its words and its callback_data. */
export type AlertAction = { text: string; data: string };

/** One sendMessage, its failure sorted into what to do next. Telegram's answers never leak the token. */
export async function sendTo(
  botApi: BotApi,
  token: string,
  chatId: number,
  message: Message,
  link: string | null,
  action: AlertAction | null = null,
): Promise<Outcome> {
  // A message's own callback (a customer's "Try again") or the alert's order move.
  const callback =
    action ?? (message.action ? { text: message.action.text, data: message.action.callbackData } : null);
  const buttons = [
    ...(message.button && link ? [{ text: message.button.text, url: link }] : []),
    ...(callback ? [{ text: callback.text, callback_data: callback.data }] : []),
  ];
  try {
    await botApi.call(token, 'sendMessage', {
      chat_id: chatId,
      text: message.text,
      link_preview_options: { is_disabled: true },
      ...(buttons.length > 0 ? { reply_markup: { inline_keyboard: [buttons] } } : {}),
    });
    return { status: 'sent', chatId };
  } catch (err) {
    if (err instanceof TelegramApiError) {
      const error = `${err.errorCode} ${err.description}`;
      // 403: "bot was blocked by the user" (or never started): asking again will not help.
      if (err.errorCode === 403) return { status: 'blocked', chatId, error };
      if (err.errorCode === 429) {
        return { status: 'retry', chatId, error, afterMs: Math.max(1, err.retryAfter ?? 1) * 1000 };
      }
      if (err.errorCode >= 500) return { status: 'retry', chatId, error };
      // 400 (chat not found, bad text), 401/404 (the token was revoked): the same call would fail again.
      return { status: 'failed', chatId, error };
    }
    if (err instanceof TelegramUnreachableError) return { status: 'retry', chatId, error: err.message };
    throw err;
  }
}
