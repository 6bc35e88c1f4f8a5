import { BOT_MESSAGES, type VerifyTokenResponse } from '@app/contracts/bots';
import type { ContractMessages } from '../../../components/ui/form/zod-form';
import { t } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { isApiError } from '../../../lib/api-client';

type BotMessageName = keyof typeof BOT_MESSAGES;
const messageKey = (name: BotMessageName) => `bots.messages.${name}` as const satisfies MessageKey;

/** Each contract text of BOT_MESSAGES → its catalogue key, for the bots forms (see useZodForm). */
export const BOT_MESSAGE_KEYS: ContractMessages = Object.fromEntries(
  (Object.keys(BOT_MESSAGES) as BotMessageName[]).map((name) => [BOT_MESSAGES[name], messageKey(name)]),
);

/** A contract text in the user's language; a text the catalogue does not know is shown as it came. */
export function translateBotMessage(text: string): string {
  const key = BOT_MESSAGE_KEYS[text];
  return key ? t(key) : text;
}

export function botMessage(name: BotMessageName): string {
  return t(messageKey(name));
}

const ERROR_KEYS: Partial<Record<string, MessageKey>> = {
  BOT_NOT_FOUND: 'bots.errors.BOT_NOT_FOUND',
  BOT_TOKEN_INVALID: 'bots.errors.BOT_TOKEN_INVALID',
  BOT_TOKEN_MISMATCH: 'bots.errors.BOT_TOKEN_MISMATCH',
  FREE_PLAN_NOT_AVAILABLE: 'bots.errors.FREE_PLAN_NOT_AVAILABLE',
  TELEGRAM_ERROR: 'bots.errors.TELEGRAM_ERROR',
  TELEGRAM_UNAVAILABLE: 'bots.errors.TELEGRAM_UNAVAILABLE',
};

/**
 * A failed bots call in the user's language: a network failure or a known code from the catalogue, else the
 * server's text, else `fallback`.
 */
export function describeBotError(error: unknown, fallback: MessageKey): string {
  if (!isApiError(error)) return t(fallback);
  if (error.status === 0) return t('bots.errors.network');
  const key = ERROR_KEYS[error.code];
  if (key) return t(key);
  return error.message || t(fallback);
}

/** Spec part 1 §8: what the wizard says when creating the bot fails. */
export function getCreateBotErrorMessage(error: unknown): string {
  if (!isApiError(error)) return t('bots.wizard.createFailed');
  if (error.code === 'BOT_TOKEN_ALREADY_REGISTERED') return t('bots.wizard.createTokenTaken');
  if (error.code === 'BOT_USERNAME_TAKEN') return t('bots.wizard.createUsernameTaken');
  return describeBotError(error, 'bots.wizard.createFailed');
}

/** Spec part 1 §8: what the wizard says when the verify call itself fails. */
export function getVerifyErrorMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0) return botMessage('tokenNetwork');
  if (error.code === 'BOT_TOKEN_INVALID' || error.code === 'VALIDATION_FAILED' || error.status === 404) {
    return botMessage('tokenUnknown');
  }
  return describeBotError(error, 'bots.messages.tokenNetwork');
}

/**
 * Spec part 1 §8: an invalid token from the API shows its error or 'Invalid bot token'. A token or username
 * already in use gets the wording the create step would use.
 */
export function getVerifyResultMessage(result: VerifyTokenResponse): string {
  if (result.error === BOT_MESSAGES.tokenAlreadyRegistered) return t('bots.wizard.createTokenTaken');
  if (result.error === BOT_MESSAGES.usernameTaken) return t('bots.wizard.createUsernameTaken');
  return result.error ? translateBotMessage(result.error) : t('bots.wizard.verifyInvalid');
}
