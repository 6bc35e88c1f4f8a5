import type { Profile } from '@app/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from './api-client';
import { profileKey } from './query-keys';

/**
 * The vendor's profile (`GET /vendors/{id}/profile`): the Profile screen edits it, and a new service's hours are
 * read in its timezone (features do not import each other: both read it here, one cached answer).
 */
export const profileQuery = () =>
  queryOptions({
    queryKey: profileKey(),
    queryFn: ({ signal }) => api.get<Profile>(vendorPath('/profile'), { signal }),
  });

export function useProfile() {
  return useQuery(profileQuery());
}
