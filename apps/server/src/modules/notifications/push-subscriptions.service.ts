import type { PushStatus, PushSubscriptionBody } from '@app/contracts/account';
import type { Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { isPrivateAddress } from '../../lib/safe-post';
import * as repo from './notifications.repository';

// Web Push (issue 21): the browsers where the back-office, opened outside Telegram, was allowed to notify. The
// notifications.send job pushes to them by the preferences' push column (notifications.service.ts).

export type PushSubscriptionsDeps = {
  db: Db;
  /** The VAPID public key browsers subscribe with; null when Web Push is not set up. */
  vapidPublicKey: string | null;
  /** Push services are public https hosts; tests and demo mode (WEBHOOKS_ALLOW_PRIVATE) use a local one. */
  allowPrivate: boolean;
};

/**
 * The server posts to the endpoint a browser gives: only an https address that is not loopback or private by its
 * name (the push services are public), unless private addresses are allowed.
 */
function checkEndpoint(deps: PushSubscriptionsDeps, endpoint: string): void {
  if (deps.allowPrivate) return;
  const target = new URL(endpoint);
  if (target.protocol !== 'https:')
    throw new AppError('PUSH_ENDPOINT_NOT_ALLOWED', { reason: 'https required' });
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const literal = /^[\d.]+$/.test(host) || host.includes(':');
  if (host === 'localhost' || host.endsWith('.localhost') || (literal && isPrivateAddress(host))) {
    throw new AppError('PUSH_ENDPOINT_NOT_ALLOWED', { reason: 'private address' });
  }
}

async function status(deps: PushSubscriptionsDeps, actor: Actor): Promise<PushStatus> {
  const rows = await repo.pushSubscriptionsOf(deps.db, actor.vendorId, actor.telegramId);
  return { publicKey: deps.vapidPublicKey, endpoints: rows.map((r) => r.endpoint) };
}

/** Web Push for the account, to this browser, from now on (by the preferences' push column). */
async function subscribe(
  deps: PushSubscriptionsDeps,
  actor: Actor,
  body: PushSubscriptionBody,
  userAgent: string | null,
): Promise<PushStatus> {
  if (!deps.vapidPublicKey) throw new AppError('PUSH_UNAVAILABLE');
  checkEndpoint(deps, body.endpoint);
  await repo.putPushSubscription(deps.db, {
    vendorId: actor.vendorId,
    telegramId: actor.telegramId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    userAgent: userAgent?.slice(0, 500) ?? null,
  });
  return status(deps, actor);
}

async function unsubscribe(deps: PushSubscriptionsDeps, actor: Actor, endpoint: string): Promise<PushStatus> {
  await repo.deletePushSubscription(deps.db, actor.vendorId, endpoint);
  return status(deps, actor);
}

/** The notifications screen's push switch: every method bound to `deps`. */
export function createPushSubscriptionsService(deps: PushSubscriptionsDeps) {
  return {
    status: (actor: Actor) => status(deps, actor),
    subscribe: (actor: Actor, body: PushSubscriptionBody, userAgent: string | null) =>
      subscribe(deps, actor, body, userAgent),
    unsubscribe: (actor: Actor, endpoint: string) => unsubscribe(deps, actor, endpoint),
  };
}
export type PushSubscriptionsService = ReturnType<typeof createPushSubscriptionsService>;
