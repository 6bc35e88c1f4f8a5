import {
  CUSTOMER_LIMITS,
  type CustomerDetail,
  type CustomerListItem,
  type CustomerListQuery,
  type CustomerListResponse,
  type CustomerStats,
  type UpdateCustomerBody,
} from '@app/contracts/customers';
import type { Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { formatMoney } from '../../lib/money';
import { percentChange, percentOf } from '../../lib/percent';
import { recordEvent } from '../events/record-event';
import { eventActorOf } from '../orders/orders.service';
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

/** Customers of the vendor: list, detail, edit, stats; segments by the README's rules (SEGMENT_RULES). */
export function createCustomersAdminService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  async function visible(actor: Actor, customerId: string) {
    const at = now();
    const row = await repo.findCustomer(db, actor.vendorId, customerId, actor.botIds, at);
    if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
    const bots = await repo.memberships(db, actor.vendorId, customerId, actor.botIds);
    if (actor.botIds !== 'all' && bots.length === 0) throw new AppError('CUSTOMER_NOT_FOUND');
    return { row, bots };
  }

  async function detail(actor: Actor, customerId: string): Promise<CustomerDetail> {
    const { row, bots } = await visible(actor, customerId);
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

  return {
    async list(actor: Actor, q: CustomerListQuery): Promise<CustomerListResponse> {
      const filter: repo.CustomerFilter = {
        vendorId: actor.vendorId,
        scope: actor.botIds,
        now: now(),
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
      const listed = await repo.listCustomers(db, filter, offset, q.limit + 1, cap);
      const rows = listed.rows;
      const counted = listed.matching ?? (await repo.countCustomersCapped(db, filter, cap));
      let total = counted;
      let totalIsEstimate = false;
      if (counted > cap) {
        total = Math.max(counted, await repo.estimateCustomers(db, filter));
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
    },

    get: detail,

    async update(actor: Actor, customerId: string, body: UpdateCustomerBody): Promise<CustomerDetail> {
      const { row } = await visible(actor, customerId);
      const blankToNull = (v: string | null | undefined) =>
        v === undefined ? undefined : v === '' ? null : v;
      const change = {
        ...(body.tags !== undefined ? { tags: [...new Set(body.tags)] } : {}),
        ...(body.notes !== undefined ? { notes: blankToNull(body.notes) ?? null } : {}),
        ...(body.email !== undefined ? { email: blankToNull(body.email) ?? null } : {}),
        ...(body.phone !== undefined ? { phone: blankToNull(body.phone) ?? null } : {}),
      };
      await db.transaction(async (tx) => {
        const at = now();
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
      return detail(actor, customerId);
    },

    async stats(actor: Actor, botId?: string): Promise<CustomerStats> {
      const s = await repo.customerStats(db, actor.vendorId, actor.botIds, now(), botId);
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
    },
  };
}

export type CustomersAdminService = ReturnType<typeof createCustomersAdminService>;
