import type { SecurityOverview } from '@app/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function getSecurity(signal?: AbortSignal): Promise<SecurityOverview> {
  return api.get<SecurityOverview>(vendorPath('/security'), { signal });
}

export function useSecurity() {
  return useQuery(
    queryOptions({ queryKey: accountKeys.security(), queryFn: ({ signal }) => getSecurity(signal) }),
  );
}
