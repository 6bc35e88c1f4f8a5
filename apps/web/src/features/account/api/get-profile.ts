import type { Profile } from '@app/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return api.get<Profile>(vendorPath('/profile'), { signal });
}

export const profileQuery = () =>
  queryOptions({ queryKey: accountKeys.profile(), queryFn: ({ signal }) => getProfile(signal) });

export function useProfile() {
  return useQuery(profileQuery());
}
