import type { Profile } from '@app/contracts/account';
import { useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/**
 * The vendor's timezone (their profile, `GET /vendors/{id}/profile`): a new service's hours are read in it until
 * the vendor chooses another. Under the account screens' profile key, so both read one cached profile.
 */
export function useVendorTimezone(): string | undefined {
  const profile = useQuery({
    queryKey: [...queryRoots.account, 'profile'],
    queryFn: ({ signal }) => api.get<Profile>(vendorPath('/profile'), { signal }),
  });
  return profile.data?.timezone;
}
