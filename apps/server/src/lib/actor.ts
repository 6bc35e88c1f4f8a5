import type { Permission } from '@app/contracts/permissions';
import type { AuthContext } from './jwt';

/** The bots a caller may act on: every bot of the vendor, or only these ones. */
export type BotScope = 'all' | readonly string[];

/**
 * Who calls a `/vendors/:vendorId/…` route, resolved once per request by the vendor scope
 * (`req.actor`, plugins/vendor-scope.ts). Services take it as their first argument: `vendorId` scopes every
 * query, `botIds` scopes what a list shows. The permission a route needs is already checked when it runs.
 */
export type Actor = {
  vendorId: string;
  telegramId: number;
  kind: 'owner' | 'staff' | 'apiKey';
  permissions: readonly Permission[];
  botIds: BotScope;
  /** The key of an `apiKey` caller (then `telegramId` is the key's creator): events record the key as the actor. */
  apiKey?: { id: string; name: string };
};

/** Who made a change, as the audit trail records it: a person by their Telegram id, a key by its id and name. */
export function eventActorOf(actor: Pick<Actor, 'kind' | 'telegramId' | 'apiKey'>): {
  kind: Actor['kind'];
  id: string;
  name?: string;
} {
  if (actor.kind === 'apiKey' && actor.apiKey) {
    return { kind: 'apiKey', id: actor.apiKey.id, name: actor.apiKey.name };
  }
  return { kind: actor.kind, id: String(actor.telegramId) };
}

/** `all` grants every permission; a route that needs `all` is open to Full Access callers only. */
export function hasPermission(actor: Pick<Actor, 'permissions'>, needed: Permission): boolean {
  return actor.permissions.includes('all') || actor.permissions.includes(needed);
}

/** Whether a bot is one the caller may see and act on. */
export function inBotScope(scope: BotScope, botId: string): boolean {
  return scope === 'all' || scope.includes(botId);
}

/** Turns a verified access token into the caller, or null when it may not act for the vendor at all. */
export type ActorResolver = (auth: AuthContext) => Promise<Actor | null>;
