import type { Permission } from '@app/contracts/permissions';
import type { ActorResolver, BotScope } from '../../lib/actor';

/** What a staff member may do in one vendor's account. */
export type StaffGrant = { permissions: readonly Permission[]; botIds: BotScope };

/** A staff member's grant in a vendor's account; null when they are not (or no longer) staff there. */
export type FindStaffGrant = (vendorId: string, telegramId: number) => Promise<StaffGrant | null>;

/**
 * The one place that decides who the caller of a vendor route is and what they may do. The owner holds `all`
 * on every bot, from the token alone. A staff member holds their grant, looked up on every request so that a
 * changed or revoked grant applies at once: the staff module supplies `findStaffGrant`. Until it exists no
 * grant is found, and a staff token acts on nothing (null: the vendor scope answers 403).
 */
export function createActorResolver(deps: { findStaffGrant?: FindStaffGrant } = {}): ActorResolver {
  return async (auth) => {
    const who = { vendorId: auth.vendorId, telegramId: auth.telegramId };
    if (auth.role === 'VENDOR') return { ...who, kind: 'owner', permissions: ['all'], botIds: 'all' };
    const grant = (await deps.findStaffGrant?.(auth.vendorId, auth.telegramId)) ?? null;
    return grant && { ...who, kind: 'staff', permissions: grant.permissions, botIds: grant.botIds };
  };
}
