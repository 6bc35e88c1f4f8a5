import {
  ORDER_LIMITS,
  type OrderListQuery,
  type OrderListResponse,
  type OrderStats,
} from '@app/contracts/orders';
import type { Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { dayOf } from '../../lib/days';
import { formatMoney } from '../../lib/money';
import { percentOf } from '../../lib/percent';
import { toListItem } from './order-view';
import * as repo from './orders.repository';

// The orders list (filters, search, totals exact or estimated) and the order stats, both from the rollups where
// they can.

/** What the list and the stats read with. */
export type OrderListDeps = { db: Db; now?: () => Date };

const nowOf = (deps: OrderListDeps): Date => deps.now?.() ?? new Date();

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A search naming more customers than this filters orders by a subquery instead of by their ids. */
const NAMED_MATCHES_MAX = 5000;

/** The end of a `to` bound: a date includes its whole day. */
function toBound(v: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000) : new Date(v);
}

/** The order stats from the rollups' figures. */
function statsOf({ counts, today }: repo.OrderFigures): OrderStats {
  const sum = (pred: (c: repo.StatusCount) => boolean) =>
    counts.filter(pred).reduce((s, c) => s + c.orders, 0);
  const live = counts.filter((c) => c.status !== 'cancelled');
  const liveOrders = live.reduce((s, c) => s + c.orders, 0);
  const liveUsd = live.reduce((s, c) => s + c.revenueUsdMinor, 0);
  const avg = liveOrders === 0 ? 0 : Math.round(liveUsd / liveOrders);
  return {
    // Total Orders is one figure on every screen (Home, Analytics, the bots): cancelled orders aside, counted
    // on their own below.
    totalOrders: liveOrders,
    physicalOrders: sum((c) => c.status !== 'cancelled' && c.productType === 'physical'),
    digitalOrders: sum((c) => c.status !== 'cancelled' && c.productType === 'digital'),
    serviceOrders: sum((c) => c.status !== 'cancelled' && c.productType === 'service'),
    mixedOrders: sum((c) => c.status !== 'cancelled' && c.productType === 'mixed'),
    todayOrders: today.placed,
    todayCompleted: today.completed,
    pendingOrders: sum((c) => c.status === 'pending'),
    cancelledOrders: sum((c) => c.status === 'cancelled'),
    avgOrderValue: avg,
    avgOrderValueFormatted: formatMoney(avg),
    fulfillmentRate: percentOf(
      sum((c) => c.status === 'completed'),
      liveOrders,
    ),
  };
}

/**
 * Adds a search to `filter`: an order number, or the customers whose name or @username matches, named by id
 * when few enough (their orders are then picked by id) and otherwise as a subquery. Answers the filter with
 * the subquery, which the planner estimates from (planning thousands of ids would cost more than running the
 * query), and, for a search alone whose matches have more orders than are counted exactly, their kept order
 * counts as the estimate (non-cancelled ones, so a few percent under), so that nothing is counted.
 */
async function applySearch(
  deps: OrderListDeps,
  actor: Actor,
  q: OrderListQuery,
  search: string,
  filter: repo.OrderFilter,
) {
  const n = /^#?(\d{1,15})$/.exec(search);
  if (n) {
    filter.number = Number(n[1]);
    return { estimated: filter, searchEstimate: null };
  }
  const pattern = `%${escapeLike(search.toLowerCase())}%`;
  const matched = await repo.matchingCustomers(deps.db, actor.vendorId, pattern, NAMED_MATCHES_MAX + 1);
  const estimated = { ...filter, customerPattern: pattern };
  if (matched.ids.length <= NAMED_MATCHES_MAX) filter.customerIds = matched.ids;
  else filter.customerPattern = pattern;
  const alone = !q.status && !q.botId && !q.productType && !q.customerId && !q.from && !q.to;
  const kept = alone && actor.botIds === 'all' && matched.orders > ORDER_LIMITS.exactTotalMax;
  return { estimated, searchEstimate: kept ? matched.orders : null };
}

/** The rollups' figures for the caller's bots (or one bot), today being the clock's day. */
const figures = (deps: OrderListDeps, actor: Actor, botId?: string) =>
  repo.orderFigures(deps.db, actor.vendorId, actor.botIds, dayOf(nowOf(deps)), botId);

/** The order stats of the caller's bots (or one bot), from the rollups. */
export async function orderStats(deps: OrderListDeps, actor: Actor, botId?: string): Promise<OrderStats> {
  return statsOf(await figures(deps, actor, botId));
}

/**
 * A page of the caller's orders, newest first, with the total (exact from the rollups or a capped count, else an
 * estimate, flagged) and the stats.
 */
export async function listOrders(
  deps: OrderListDeps,
  actor: Actor,
  q: OrderListQuery,
): Promise<OrderListResponse> {
  const { db } = deps;
  const filter: repo.OrderFilter = {
    vendorId: actor.vendorId,
    scope: actor.botIds,
    ...(q.status ? { statuses: q.status } : {}),
    ...(q.botId ? { botId: q.botId } : {}),
    ...(q.productType ? { productType: q.productType } : {}),
    ...(q.customerId ? { customerId: q.customerId } : {}),
    ...(q.from ? { from: new Date(q.from.length === 10 ? `${q.from}T00:00:00Z` : q.from) } : {}),
    ...(q.to ? { to: toBound(q.to) } : {}),
  };
  const search = q.search?.trim();
  const { estimated, searchEstimate } = search
    ? await applySearch(deps, actor, q, search, filter)
    : { estimated: filter, searchEstimate: null };
  const offset = (q.page - 1) * q.limit;
  const rollupTotal = !search && !q.customerId && !q.from && !q.to;
  // The status rollup gives both the stats and, without search / customer / dates, the exact total.
  const [rows, figs, capped] = await Promise.all([
    repo.listOrders(db, filter, offset, q.limit + 1),
    figures(deps, actor, q.botId),
    rollupTotal || searchEstimate !== null
      ? null
      : repo.countOrdersCapped(db, filter, ORDER_LIMITS.exactTotalMax),
  ]);
  const counted = capped ?? figs.counts;
  let total: number;
  let totalIsEstimate = false;
  if (searchEstimate !== null) {
    total = searchEstimate;
    totalIsEstimate = true;
  } else if (Array.isArray(counted)) {
    total = counted
      .filter(
        (c) =>
          (!q.status || q.status.includes(c.status)) && (!q.productType || c.productType === q.productType),
      )
      .reduce((s, c) => s + c.orders, 0);
  } else if (counted > ORDER_LIMITS.exactTotalMax) {
    total = Math.max(counted, await repo.estimateOrders(db, estimated));
    totalIsEstimate = true;
  } else {
    total = counted;
  }
  const hasMore = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  total = Math.max(total, offset + page.length);
  return {
    orders: page.map(toListItem),
    total,
    totalIsEstimate,
    page: q.page,
    limit: q.limit,
    hasMore,
    stats: statsOf(figs),
  };
}
