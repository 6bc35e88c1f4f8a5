import { BOT_MESSAGES, BOT_TOKEN_PATTERN, type Bot, type BotSubscription } from '@app/contracts/bots';
import { isApiError } from '../../../lib/api-client';

/** The token input keeps only what a token may contain (spec part 1 §5): digits, letters, `:`, `_`, `-`. */
export function sanitizeTokenInput(value: string): string {
  return value.replace(/[^A-Za-z0-9:_-]/g, '').trim();
}

/** Null when the token may be sent for verification; otherwise the message the wizard shows. */
export function checkTokenFormat(token: string): string | null {
  if (token.length === 0) return BOT_MESSAGES.tokenEmptyOnVerify;
  if (!BOT_TOKEN_PATTERN.test(token)) return BOT_MESSAGES.tokenFormat;
  return null;
}

/** A subscription counts as expired when it says so, was cancelled, or its period has ended. */
export function isSubscriptionExpired(subscription: BotSubscription, now = Date.now()): boolean {
  if (subscription.status === 'expired' || subscription.status === 'cancelled') return true;
  return subscription.expiresAt !== null && Date.parse(subscription.expiresAt) <= now;
}

export type BotCardKind = 'normal' | 'expired' | 'inactive';

/**
 * Spec part 1 §2: a bot that is active and has an active subscription gets the normal card; every other bot
 * the red card, badged EXPIRED when its subscription expired or was cancelled, INACTIVE otherwise.
 */
export function getBotCardKind(
  bot: Pick<Bot, 'isActive' | 'hasActiveSubscription' | 'subscription'>,
  now = Date.now(),
): BotCardKind {
  if (bot.isActive && bot.hasActiveSubscription) return 'normal';
  return isSubscriptionExpired(bot.subscription, now) ? 'expired' : 'inactive';
}

export const CREATE_BOT_MESSAGES = {
  tokenAlreadyRegistered:
    'This bot token is already registered. Please use a different bot or check your existing bots.',
  usernameTaken: 'This bot username is already in use. Please create a new bot with @BotFather.',
  network: 'Network error. Please check your connection and try again.',
  fallback: 'Failed to create bot',
} as const;

/** Spec part 1 §8: what the wizard says when creating the bot fails. */
export function getCreateBotErrorMessage(error: unknown): string {
  if (!isApiError(error)) return CREATE_BOT_MESSAGES.fallback;
  if (error.status === 0) return CREATE_BOT_MESSAGES.network;
  if (
    error.code === 'BOT_TOKEN_ALREADY_REGISTERED' ||
    error.message === BOT_MESSAGES.tokenAlreadyRegistered
  ) {
    return CREATE_BOT_MESSAGES.tokenAlreadyRegistered;
  }
  if (error.code === 'BOT_USERNAME_TAKEN' || error.message === BOT_MESSAGES.usernameTaken) {
    return CREATE_BOT_MESSAGES.usernameTaken;
  }
  return error.message || CREATE_BOT_MESSAGES.fallback;
}

/** Spec part 1 §8: what the wizard says when verifying the token fails. */
export function getVerifyErrorMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0) return BOT_MESSAGES.tokenNetwork;
  if (error.code === 'BOT_TOKEN_INVALID' || error.code === 'VALIDATION_FAILED' || error.status === 404) {
    return BOT_MESSAGES.tokenUnknown;
  }
  return error.message || BOT_MESSAGES.tokenNetwork;
}

/** Strips any leading @ and adds exactly one. */
export function withAt(username: string): string {
  return `@${username.replace(/^@+/, '')}`;
}
