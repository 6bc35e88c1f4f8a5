import { BOT_MESSAGES, type VerifyTokenResponse } from '@app/contracts/bots';
import type { ContractMessages } from '../../../components/ui/form/zod-form';
import { t } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { isApiError } from '../../../lib/api-client';
import { type DescribeErrorOptions, describeError } from '../../../lib/describe-error';

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

/** The codes the bots screens word, each with its catalogue key. */
const BOT_ERRORS = {
  NETWORK_ERROR: 'bots.errors.network',
  BOT_NOT_FOUND: 'bots.errors.BOT_NOT_FOUND',
  BOT_TOKEN_INVALID: 'bots.errors.BOT_TOKEN_INVALID',
  BOT_TOKEN_MISMATCH: 'bots.errors.BOT_TOKEN_MISMATCH',
  BOT_TOKEN_ALREADY_REGISTERED: 'bots.messages.tokenAlreadyRegistered',
  BOT_USERNAME_TAKEN: 'bots.messages.usernameTaken',
  FREE_PLAN_NOT_AVAILABLE: 'bots.errors.FREE_PLAN_NOT_AVAILABLE',
  SUBSCRIPTION_EXPIRED: 'bots.messages.subscriptionExpired',
  TELEGRAM_ERROR: 'bots.errors.TELEGRAM_ERROR',
  TELEGRAM_UNAVAILABLE: 'bots.errors.TELEGRAM_UNAVAILABLE',
} as const satisfies DescribeErrorOptions['codes'];

/** A failed bots call in the user's language: a known code or field text from the catalogue, else `fallback`. */
export const describeBotError = (error: unknown, fallback: MessageKey) =>
  describeError(error, { codes: BOT_ERRORS, texts: BOT_MESSAGE_KEYS, fallback });

const CREATE_ERRORS = {
  ...BOT_ERRORS,
  BOT_TOKEN_ALREADY_REGISTERED: 'bots.wizard.createTokenTaken',
  BOT_USERNAME_TAKEN: 'bots.wizard.createUsernameTaken',
} as const satisfies DescribeErrorOptions['codes'];

/** Spec part 1 §8: what the wizard says when creating the bot fails. */
export function getCreateBotErrorMessage(error: unknown): string {
  // The spec: "Other server errors show the server text" (a code the catalogue does not word).
  if (
    isApiError(error) &&
    error.message &&
    !(error.code in CREATE_ERRORS) &&
    !BOT_MESSAGE_KEYS[error.message]
  ) {
    return error.message;
  }
  return describeError(error, {
    codes: CREATE_ERRORS,
    texts: BOT_MESSAGE_KEYS,
    fallback: 'bots.wizard.createFailed',
  });
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
