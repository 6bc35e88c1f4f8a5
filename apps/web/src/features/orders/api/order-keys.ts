import type { OrderListQuery } from '@app/contracts/orders';

/** The list's filters as the screen keeps them (the address): no paging, the pages are the infinite query's. */
export type OrderFilters = Pick<OrderListQuery, 'search' | 'botId' | 'productType' | 'customerId'> & {
  status?: string;
};

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: OrderFilters) => [...orderKeys.lists(), filters] as const,
  stats: (botId?: string) => [...orderKeys.all, 'stats', botId ?? 'all'] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (orderId: string) => [...orderKeys.details(), orderId] as const,
};

/**
 * Caches of other features that an order change moves (Home's figures, customers' totals, analytics); features
 * do not import each other, so their prefixes are named here.
 */
export const ORDER_DEPENDENT_KEY_PREFIXES = [['dashboard'], ['customers'], ['analytics']] as const;
