import { z } from 'zod';
import type { Tx } from '../../db/types';
import { toUsdMinor } from '../../lib/usd-rates';
import type { EventConsumer, EventRow } from '../events/events.dispatcher';
import { planAt } from '../subscriptions/subscriptions.service';
import * as repo from './payments.repository';

/** What the shop runtime records with `payment.received` for a paid order (subject: the order). */
const SalePayload = z.object({
  orderNumber: z.number().int().optional(),
  amountMinor: z.number().int().nonnegative(),
  currency: z.string().min(1),
  /** The sale's USD value when the runtime converted it itself (a Stars sale); else USD_RATES convert it. */
  amountUsdMinor: z.number().int().nonnegative().optional(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A fee in USD cents: the sale's USD value at the rate, rounded to the nearest cent. */
export const feeOf = (saleUsdMinor: number, feeBps: number) => Math.round((saleUsdMinor * feeBps) / 10_000);

/** The order a sale or refund event is about, or null when it is not about a shop order. */
function orderOf(event: EventRow): { orderId: string; botId: string } | null {
  if (event.subjectKind !== 'order' || !UUID.test(event.subjectId)) return null;
  // Every shop order belongs to a bot, and the fee is that bot's plan's: an event without one is a bug to look at.
  if (!event.botId) throw new Error(`${event.type} of order ${event.subjectId} names no bot`);
  return { orderId: event.subjectId, botId: event.botId };
}

/** A paid order accrues its bot's plan fee, at the plan in force when it sold; once per order. */
async function accrue(tx: Tx, event: EventRow, order: { orderId: string; botId: string }) {
  const sale = SalePayload.parse(event.payload);
  const saleUsdMinor = sale.amountUsdMinor ?? toUsdMinor(sale.amountMinor, sale.currency);
  const { plan, feeBps } = await planAt(tx, event.vendorId, order.botId, event.createdAt);
  await repo.insertPlanFee(tx, {
    vendorId: event.vendorId,
    botId: order.botId,
    orderId: order.orderId,
    orderNumber: sale.orderNumber ?? null,
    kind: 'accrual',
    plan,
    feeBps,
    saleUsdMinor,
    amountMinor: feeOf(saleUsdMinor, feeBps),
    eventId: event.id,
    occurredAt: event.createdAt,
  });
}

/** A refunded order gives its fee back, once, in the month of the refund. An order with no fee has none to give. */
async function reverse(tx: Tx, event: EventRow, order: { orderId: string }) {
  const accrued = await repo.findPlanFee(tx, event.vendorId, order.orderId, 'accrual');
  if (!accrued) return;
  await repo.insertPlanFee(tx, {
    vendorId: event.vendorId,
    botId: accrued.botId,
    orderId: accrued.orderId,
    orderNumber: accrued.orderNumber,
    kind: 'reversal',
    plan: accrued.plan,
    feeBps: accrued.feeBps,
    saleUsdMinor: accrued.saleUsdMinor,
    amountMinor: -accrued.amountMinor,
    eventId: event.id,
    occurredAt: event.createdAt,
  });
}

/**
 * Plan fees on shop sales (ARCHITECTURE.md "Money"): `payment.received` of a shop order accrues the fee,
 * `refund.created` reverses it. Idempotent by event id and by order (unique indexes on plan_fees): the same
 * event handed over again, or a second payment or refund event of the same order, writes nothing more.
 */
export const planFeesConsumer: EventConsumer = {
  name: 'plan-fees',
  async handle(tx, event) {
    if (event.type !== 'payment.received' && event.type !== 'refund.created') return;
    const order = orderOf(event);
    if (!order) return;
    if (event.type === 'payment.received') await accrue(tx, event, order);
    else await reverse(tx, event, order);
  },
};
