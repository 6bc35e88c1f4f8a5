import type { OrderListQuery } from '@app/contracts/orders';
import { queryRoots } from '../../../lib/query-keys';

/** The list's filters as the screen keeps them (the address): no paging, the pages are the infinite query's. */
export type OrderFilters = Pick<OrderListQuery, 'search' | 'botId' | 'productType' | 'customerId'> & {
  status?: string;
};

export const orderKeys = {
  all: queryRoots.orders,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: OrderFilters) => [...orderKeys.lists(), filters] as const,
  stats: (botId?: string) => [...orderKeys.all, 'stats', botId ?? 'all'] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (orderId: string) => [...orderKeys.details(), orderId] as const,
};

/** Caches of other features that an order change moves: Home's figures, customers' totals, analytics. */
export const ORDER_DEPENDENT_KEY_PREFIXES = [
  queryRoots.dashboard,
  queryRoots.customers,
  queryRoots.analytics,
] as const;
