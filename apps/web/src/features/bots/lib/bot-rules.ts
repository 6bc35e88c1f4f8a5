import type { Bot, BotSubscription } from '@app/contracts/bots';

/** The token input keeps only what a token may contain (spec part 1 §5): digits, letters, `:`, `_`, `-`. */
export function sanitizeTokenInput(value: string): string {
  return value.replace(/[^A-Za-z0-9:_-]/g, '').trim();
}

/** A subscription counts as expired when it says so, was cancelled, or its period has ended. */
export function isSubscriptionExpired(subscription: BotSubscription, now = Date.now()): boolean {
  if (subscription.status === 'expired' || subscription.status === 'cancelled') return true;
  return subscription.expiresAt !== null && Date.parse(subscription.expiresAt) <= now;
}

export type BotCardKind = 'normal' | 'stopped' | 'expired' | 'inactive';

/**
 * Spec part 1 §2: a bot that is active and has an active subscription gets the normal card, and so does one
 * the vendor stopped while its subscription runs ("Stopped", with Start); every other bot the red card, badged EXPIRED when its subscription expired or was cancelled, INACTIVE otherwise.
 */
export function getBotCardKind(
  bot: Pick<Bot, 'isActive' | 'hasActiveSubscription' | 'subscription'>,
  now = Date.now(),
): BotCardKind {
  if (bot.isActive && bot.hasActiveSubscription) return 'normal';
  // Stopped by the vendor with a valid subscription: nothing to renew, only Start (not the red card).
  if (bot.hasActiveSubscription && !isSubscriptionExpired(bot.subscription, now)) return 'stopped';
  return isSubscriptionExpired(bot.subscription, now) ? 'expired' : 'inactive';
}

/** Strips any leading @ and adds exactly one. */
export function withAt(username: string): string {
  return `@${username.replace(/^@+/, '')}`;
}
