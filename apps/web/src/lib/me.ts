import type { MeResponse } from '@app/contracts/auth';
import type { Permission } from '@app/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from './api-client';
import { meKey } from './query-keys';
import { getRole } from './session';

/**
 * Who the signed-in caller is in the current account (`GET /me`): the owner holds every permission on every
 * bot; a staff member their seat's. The app follows it: navigation, Home cards, buttons and screens show a
 * staff member only what they may use. Refetched every minute and on focus, so a changed grant shows soon.
 */
export function useMe() {
  return useQuery({
    queryKey: meKey(),
    queryFn: ({ signal }) => api.get<MeResponse>('/me', { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
    // A refusal is an answer: the seat is gone.
    retry: (failures, error) => !(isApiError(error) && error.status === 403) && failures < 1,
  });
}

/** Whether permissions hold `needed` (Full Access holds every one). */
export const holds = (permissions: readonly Permission[], needed: Permission) =>
  permissions.includes('all') || permissions.includes(needed);

/**
 * Whether the caller may use what needs `needed`. The owner may at once (their role is known from sign-in);
 * a staff member once `GET /me` has answered (until then: no, so nothing flashes that they cannot use).
 */
export function useCan(): (needed: Permission) => boolean {
  return useAccess().can;
}

/** `ready` once what the caller may do is known (at once for the owner); `can` as for useCan. */
export function useAccess(): { ready: boolean; can: (needed: Permission) => boolean } {
  const me = useMe();
  // Refused outright: the seat is gone (revoked), whatever an earlier answer said.
  if (isApiError(me.error) && me.error.status === 403) return { ready: true, can: () => false };
  if (me.data) {
    const permissions = me.data.permissions;
    return { ready: true, can: (needed) => holds(permissions, needed) };
  }
  const owner = getRole() === 'VENDOR';
  return { ready: owner || me.isError, can: () => owner };
}
