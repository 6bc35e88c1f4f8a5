import { BOT_MESSAGES, type VerifyTokenResponse } from '@app/contracts/bots';
import { AppError } from '../../lib/app-error';
import {
  type BotApi,
  isUnknownTokenError,
  TelegramApiError,
  type TelegramBotUser,
  TelegramUnreachableError,
} from '../../lib/telegram/bot-api';

// Telegram's answers as this module's errors and reports, the same for every call.

/** Telegram's own errors mapped to ours, once for every call. */
export function telegramFailure(err: unknown): never {
  if (err instanceof TelegramUnreachableError) throw new AppError('TELEGRAM_UNAVAILABLE');
  if (err instanceof TelegramApiError) {
    throw new AppError('TELEGRAM_ERROR', { description: err.description, telegramErrorCode: err.errorCode });
  }
  throw err;
}

/** What a logged failure says: the error's message, never its stack. */
export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** getMe for a create or a token change: a token Telegram does not know is BOT_TOKEN_INVALID. */
export async function getMeOrThrow(botApi: BotApi, token: string): Promise<TelegramBotUser> {
  try {
    return await botApi.getMe(token);
  } catch (err) {
    if (isUnknownTokenError(err)) throw new AppError('BOT_TOKEN_INVALID');
    return telegramFailure(err);
  }
}

/** Asks Telegram about a token for the wizard. Never throws for Telegram's answer: it reports it. */
export async function verifyToken(
  botApi: BotApi,
  token: string,
  expectTelegramBotId?: number,
): Promise<VerifyTokenResponse> {
  let me: TelegramBotUser;
  try {
    me = await botApi.getMe(token);
  } catch (err) {
    if (isUnknownTokenError(err)) return { valid: false, error: BOT_MESSAGES.tokenUnknown, botInfo: null };
    if (err instanceof TelegramApiError || err instanceof TelegramUnreachableError) {
      return { valid: false, error: BOT_MESSAGES.tokenNetwork, botInfo: null };
    }
    throw err;
  }
  const botInfo = { id: me.id, username: me.username ?? '', firstName: me.first_name };
  if (expectTelegramBotId !== undefined && me.id !== expectTelegramBotId) {
    return { valid: false, error: new AppError('BOT_TOKEN_MISMATCH').message, botInfo };
  }
  return { valid: true, error: null, botInfo };
}
