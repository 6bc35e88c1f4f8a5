import type { CustomerListQuery } from '@app/contracts/customers';
import { queryRoots } from '../../../lib/query-keys';

/** The list's filters as the screen keeps them (the address); the pages are the infinite query's. */
export type CustomerFilters = Pick<CustomerListQuery, 'search' | 'segment' | 'botId'>;

export const customerKeys = {
  all: queryRoots.customers,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (filters: CustomerFilters) => [...customerKeys.lists(), filters] as const,
  stats: (botId?: string) => [...customerKeys.all, 'stats', botId ?? 'all'] as const,
  details: () => [...customerKeys.all, 'detail'] as const,
  detail: (customerId: string) => [...customerKeys.details(), customerId] as const,
};
