import {
  CUSTOMER_LIMITS,
  type CustomerDetail,
  type CustomerListItem,
  type CustomerListQuery,
  type CustomerListResponse,
  type CustomerStats,
  type UpdateCustomerBody,
} from '@app/contracts/customers';
import type { Db, Tx } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { formatMoney } from '../../lib/money';
import { percentChange, percentOf } from '../../lib/percent';
import { recordEvent } from '../events/record-event';
import { eraseNamesFromTrail } from '../events/trail-erasure.service';
import { eraseCustomerShipping, eventActorOf } from '../orders/orders.service';
import * as repo from './customers-admin.repository';

const fullName = (first: string, last: string | null) => (last ? `${first} ${last}` : first);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toListItem(r: repo.CustomerRow): CustomerListItem {
  return {
    id: r.id,
    name: fullName(r.firstName, r.lastName),
    firstName: r.firstName,
    lastName: r.lastName,
    username: r.username,
    telegramId: r.telegramId,
    segment: r.segment,
    status: r.segment === 'Inactive' ? 'Inactive' : 'Active',
    orders: r.orderCount,
    totalSpent: r.totalSpentMinor,
    totalSpentFormatted: formatMoney(r.totalSpentMinor),
    lastOrderDate: iso(r.lastOrderAt),
    bot: r.botId ? { id: r.botId, username: r.botUsername ?? '', name: r.botName ?? '' } : null,
    botId: r.botId,
    tags: r.tags ?? [],
    createdAt: r.createdAt.toISOString(),
  };
}

/** What the customers screens' service is built from. */
export type CustomersAdminDeps = {
  db: Db;
  now?: () => Date;
  /**
   * Erases what a customer wrote in support conversations and their name there, in the caller's transaction;
   * answers the conversations' ids (modules/support's eraseCustomerConversations: support tells customers'
   * replies to the team, so it sits above customers and is handed in, not imported).
   */
  eraseConversations(tx: Tx, vendorId: string, customerId: string, name: string): Promise<string[]>;
};

/** The deps' clock, else the wall clock. */
const nowOf = (deps: CustomersAdminDeps): Date => deps.now?.() ?? new Date();

/** The customer and their memberships, within the caller's bots; not found otherwise. */
async function visibleCustomer(deps: CustomersAdminDeps, actor: Actor, customerId: string) {
  const at = nowOf(deps);
  const row = await repo.findCustomer(deps.db, actor.vendorId, customerId, actor.botIds, at);
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
  const bots = await repo.memberships(deps.db, actor.vendorId, customerId, actor.botIds);
  if (actor.botIds !== 'all' && bots.length === 0) throw new AppError('CUSTOMER_NOT_FOUND');
  return { row, bots };
}

/** A page of the vendor's customers (search, segment, status, bot); exact totals up to a cap, then an estimate. */
export async function listCustomers(
  deps: CustomersAdminDeps,
  actor: Actor,
  q: CustomerListQuery,
): Promise<CustomerListResponse> {
  const filter: repo.CustomerFilter = {
    vendorId: actor.vendorId,
    scope: actor.botIds,
    now: nowOf(deps),
    ...(q.botId ? { botId: q.botId } : {}),
    ...(q.segment ? { segment: q.segment } : {}),
    ...(q.status ? { active: q.status === 'Active' } : {}),
  };
  const search = q.search?.trim();
  if (search) {
    filter.pattern = `%${escapeLike(search.toLowerCase())}%`;
    if (/^\d{1,15}$/.test(search)) filter.telegramId = Number(search);
  }
  const offset = (q.page - 1) * q.limit;
  const cap = Math.max(CUSTOMER_LIMITS.exactTotalMax, q.limit);
  const listed = await repo.listCustomers(deps.db, filter, offset, q.limit + 1, cap);
  const rows = listed.rows;
  const counted = listed.matching ?? (await repo.countCustomersCapped(deps.db, filter, cap));
  let total = counted;
  let totalIsEstimate = false;
  if (counted > cap) {
    total = Math.max(counted, await repo.estimateCustomers(deps.db, filter));
    totalIsEstimate = true;
  }
  const page = rows.slice(0, q.limit);
  return {
    customers: page.map(toListItem),
    total: totalIsEstimate ? total : Math.max(total, offset + page.length),
    totalIsEstimate,
    page: q.page,
    limit: q.limit,
    hasMore: rows.length > q.limit,
  };
}

/** One customer with their memberships of the caller's bots; not found outside them. */
export async function customerDetail(
  deps: CustomersAdminDeps,
  actor: Actor,
  customerId: string,
): Promise<CustomerDetail> {
  const { row, bots } = await visibleCustomer(deps, actor, customerId);
  return {
    ...toListItem(row),
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    orderCount: row.orderCount,
    firstOrderDate: iso(row.firstOrderAt),
    avgOrderValue: row.orderCount === 0 ? 0 : Math.round(row.totalSpentMinor / row.orderCount),
    updatedAt: row.updatedAt.toISOString(),
    allBots: bots.map((b) => ({
      id: b.botId,
      botName: b.botName,
      botUsername: b.botUsername,
      joinedDate: b.joinedAt.toISOString(),
      orderCount: b.orderCount,
      totalSpent: b.totalSpentMinor,
      totalSpentFormatted: formatMoney(b.totalSpentMinor),
      lastOrderDate: iso(b.lastOrderAt),
    })),
  };
}

/** Edits the customer's tags, notes, e-mail and phone (blank clears) and records `customer.updated`. */
export async function updateCustomer(
  deps: CustomersAdminDeps,
  actor: Actor,
  customerId: string,
  body: UpdateCustomerBody,
): Promise<CustomerDetail> {
  const { row } = await visibleCustomer(deps, actor, customerId);
  const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === '' ? null : v);
  const change = {
    ...(body.tags !== undefined ? { tags: [...new Set(body.tags)] } : {}),
    ...(body.notes !== undefined ? { notes: blankToNull(body.notes) ?? null } : {}),
    ...(body.email !== undefined ? { email: blankToNull(body.email) ?? null } : {}),
    ...(body.phone !== undefined ? { phone: blankToNull(body.phone) ?? null } : {}),
  };
  await deps.db.transaction(async (tx) => {
    const at = nowOf(deps);
    await repo.updateCustomer(tx, actor.vendorId, customerId, { ...change, at });
    await recordEvent(tx, {
      vendorId: actor.vendorId,
      botId: row.botId,
      type: 'customer.updated',
      actor: await eventActorOf(tx, actor),
      subject: { kind: 'customer', id: customerId },
      payload: {
        customerName: fullName(row.firstName, row.lastName),
        fields: Object.keys(change).join(','),
      },
      at,
    });
  });
  return customerDetail(deps, actor, customerId);
}

/**
 * Erases the customer's personal data (issue 21, where the law asks for it): their names, username, contacts,
 * notes and tags, and the shipping addresses of their orders; the orders' amounts and dates stay, anonymised.
 * Records `customer.deleted`. Another vendor's customer, or one outside the caller's bots, is not found.
 */
export async function eraseCustomer(
  deps: CustomersAdminDeps,
  actor: Actor,
  customerId: string,
): Promise<void> {
  const { row } = await visibleCustomer(deps, actor, customerId);
  await deps.db.transaction(async (tx) => {
    const at = nowOf(deps);
    await repo.eraseCustomer(tx, actor.vendorId, customerId, at);
    const orderIds = await eraseCustomerShipping(tx, actor.vendorId, customerId);
    const conversationIds = await deps.eraseConversations(tx, actor.vendorId, customerId, repo.ERASED_NAME);
    // What was recorded about them (the audit trail, the feed, notifications) keeps the facts, not the names.
    await eraseNamesFromTrail(tx, actor.vendorId, {
      ids: [customerId, ...orderIds, ...conversationIds],
      names: [
        fullName(row.firstName, row.lastName),
        row.firstName,
        row.lastName,
        row.username,
        row.username ? `@${row.username}` : null,
        row.email,
        row.phone,
      ],
      replacement: repo.ERASED_NAME,
    });
    await recordEvent(tx, {
      vendorId: actor.vendorId,
      botId: row.botId,
      type: 'customer.deleted',
      actor: await eventActorOf(tx, actor),
      subject: { kind: 'customer', id: customerId },
      payload: { customerName: repo.ERASED_NAME },
      at,
    });
  });
}

/** The customers screen's figures over the caller's bots (or one bot): segments, growth, retention. */
export async function customerStats(
  deps: CustomersAdminDeps,
  actor: Actor,
  botId?: string,
): Promise<CustomerStats> {
  const s = await repo.customerStats(deps.db, actor.vendorId, actor.botIds, nowOf(deps), botId);
  const avg = s.orders === 0 ? 0 : Math.round(s.spent / s.orders);
  return {
    totalCustomers: s.total,
    vipCustomers: s.vip,
    regularCustomers: s.regular,
    newCustomers: s.fresh,
    activeCustomers: s.total - s.inactive,
    inactiveCustomers: s.inactive,
    avgOrderValue: avg,
    avgOrderValueFormatted: formatMoney(avg),
    monthlyGrowth: percentChange(s.joinedRecent, s.joinedBefore),
    vipPercentage: percentOf(s.vip, s.total),
    retentionRate: percentOf(s.repeat, s.buyers),
    segments: { vip: s.vip, regular: s.regular, new: s.fresh, inactive: s.inactive },
  };
}

/**
 * Customers of the vendor: list, detail, edit, stats; segments by the README's rules (SEGMENT_RULES). Every
 * method is bound to `deps`, safe to pass around unbound.
 */
export function createCustomersAdminService(deps: CustomersAdminDeps) {
  return {
    list: (actor: Actor, q: CustomerListQuery) => listCustomers(deps, actor, q),
    get: (actor: Actor, customerId: string) => customerDetail(deps, actor, customerId),
    update: (actor: Actor, customerId: string, body: UpdateCustomerBody) =>
      updateCustomer(deps, actor, customerId, body),
    stats: (actor: Actor, botId?: string) => customerStats(deps, actor, botId),
    erase: (actor: Actor, customerId: string) => eraseCustomer(deps, actor, customerId),
  };
}

export type CustomersAdminService = ReturnType<typeof createCustomersAdminService>;
