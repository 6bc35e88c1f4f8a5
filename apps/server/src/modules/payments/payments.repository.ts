import { and, desc, eq, gte, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { botScopeWhere } from '../../db/bot-scope';
import { invoices, payments, planFees, walletLedger } from '../../db/schema/index';
import type { Conn, Tx } from '../../db/types';
import type { BotScope } from '../../lib/actor';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type InvoiceRow = typeof invoices.$inferSelect;
export type LedgerRow = typeof walletLedger.$inferSelect;
export type PlanFeeRow = typeof planFees.$inferSelect;

export async function insertPayment(db: Conn, values: NewPaymentRow): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('insert answered nothing');
  return row;
}

export async function findPayment(db: Conn, vendorId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.vendorId, vendorId), eq(payments.id, id)))
    .limit(1);
  return row;
}

/** A payment named by a callback (invoice payload, IPN order id), before any vendor is known. */
export async function findPaymentById(db: Conn, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

/** The payment row locked for the caller's transaction. */
export async function lockPayment(tx: Tx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
  return row;
}

export async function chargeIdKnown(db: Conn, chargeId: string): Promise<boolean> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.telegramChargeId, chargeId))
    .limit(1);
  return rows.length > 0;
}

export async function updatePayment(
  db: Conn,
  vendorId: string,
  id: string,
  changes: Partial<NewPaymentRow>,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set(changes)
    .where(and(eq(payments.vendorId, vendorId), eq(payments.id, id)))
    .returning();
  return row;
}

/** Marks a payment completed unless it already is; answers the row only when this call completed it. */
export async function markCompleted(
  tx: Tx,
  vendorId: string,
  id: string,
  changes: Partial<NewPaymentRow>,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ ...changes, status: 'completed' })
    .where(and(eq(payments.vendorId, vendorId), eq(payments.id, id), ne(payments.status, 'completed')))
    .returning();
  return row;
}

/** The newest completed Star subscription payment of each bot (for auto-renew and cancelling it). */
export async function latestStarSubscriptions(db: Conn, vendorId: string): Promise<PaymentRow[]> {
  return db
    .selectDistinctOn([payments.botId])
    .from(payments)
    .where(
      and(
        eq(payments.vendorId, vendorId),
        eq(payments.starSubscription, true),
        eq(payments.status, 'completed'),
        isNotNull(payments.telegramChargeId),
      ),
    )
    .orderBy(payments.botId, desc(payments.completedAt));
}

// --- Wallet ---------------------------------------------------------------------------------------

/** Serialises wallet changes of one vendor for the rest of the transaction (works on PGlite and PostgreSQL). */
export async function lockWallet(tx: Tx, vendorId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wallet:${vendorId}`}))`);
}

export async function walletBalance(db: Conn, vendorId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${walletLedger.amountMinor}), 0)` })
    .from(walletLedger)
    .where(eq(walletLedger.vendorId, vendorId));
  return Number(row?.sum ?? 0);
}

export async function insertLedgerRow(db: Conn, values: typeof walletLedger.$inferInsert) {
  await db.insert(walletLedger).values(values);
}

/** Whether the wallet has a row of this reason for this reference already. */
export async function hasLedgerRow(
  db: Conn,
  vendorId: string,
  reference: string,
  reason: LedgerRow['reason'],
): Promise<boolean> {
  const rows = await db
    .select({ id: walletLedger.id })
    .from(walletLedger)
    .where(
      and(
        eq(walletLedger.vendorId, vendorId),
        eq(walletLedger.reference, reference),
        eq(walletLedger.reason, reason),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function listLedger(db: Conn, vendorId: string, limit = 50): Promise<LedgerRow[]> {
  return db
    .select()
    .from(walletLedger)
    .where(eq(walletLedger.vendorId, vendorId))
    .orderBy(desc(walletLedger.createdAt))
    .limit(limit);
}

// --- Invoices -------------------------------------------------------------------------------------

export async function insertInvoice(db: Conn, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  if (!row) throw new Error('insert answered nothing');
  return row;
}

export async function listInvoices(db: Conn, vendorId: string, limit = 100): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.vendorId, vendorId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .limit(limit);
}

export async function findInvoice(db: Conn, vendorId: string, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.vendorId, vendorId), eq(invoices.id, id)))
    .limit(1);
  return row;
}

export async function markInvoiceRefunded(db: Conn, vendorId: string, paymentId: string) {
  await db
    .update(invoices)
    .set({ status: 'refunded' })
    .where(and(eq(invoices.vendorId, vendorId), eq(invoices.paymentId, paymentId)));
}

// --- Plan fees on shop sales ----------------------------------------------------------------------

/**
 * Writes a fee accrual or reversal unless the order already has one of that kind or the event already wrote a
 * row (the unique indexes): answers whether this call wrote it.
 */
export async function insertPlanFee(db: Conn, values: typeof planFees.$inferInsert): Promise<boolean> {
  const rows = await db.insert(planFees).values(values).onConflictDoNothing().returning({ id: planFees.id });
  return rows.length > 0;
}

export async function findPlanFee(
  db: Conn,
  vendorId: string,
  orderId: string,
  kind: PlanFeeRow['kind'],
): Promise<PlanFeeRow | undefined> {
  const [row] = await db
    .select()
    .from(planFees)
    .where(and(eq(planFees.vendorId, vendorId), eq(planFees.orderId, orderId), eq(planFees.kind, kind)))
    .limit(1);
  return row;
}

export type FeeMonthTotals = {
  month: string;
  orders: number;
  salesUsdMinor: number;
  feesMinor: number;
  refundedOrders: number;
  reversedMinor: number;
};

const monthOf = sql<string>`to_char(${planFees.occurredAt} at time zone 'UTC', 'YYYY-MM')`;
const feeTotals = {
  orders: sql<string>`count(*) filter (where ${planFees.kind} = 'accrual')`,
  salesUsdMinor: sql<string>`coalesce(sum(${planFees.saleUsdMinor}) filter (where ${planFees.kind} = 'accrual'), 0)`,
  feesMinor: sql<string>`coalesce(sum(${planFees.amountMinor}) filter (where ${planFees.kind} = 'accrual'), 0)`,
  refundedOrders: sql<string>`count(*) filter (where ${planFees.kind} = 'reversal')`,
  reversedMinor: sql<string>`coalesce(-sum(${planFees.amountMinor}) filter (where ${planFees.kind} = 'reversal'), 0)`,
};
const numbersOf = (r: Record<keyof typeof feeTotals, string>) => ({
  orders: Number(r.orders),
  salesUsdMinor: Number(r.salesUsdMinor),
  feesMinor: Number(r.feesMinor),
  refundedOrders: Number(r.refundedOrders),
  reversedMinor: Number(r.reversedMinor),
});

/** The fee totals of each month (UTC) that has fee rows in the caller's bots, newest first. */
export async function planFeeMonths(
  db: Conn,
  vendorId: string,
  scope: BotScope,
  limit = 24,
): Promise<FeeMonthTotals[]> {
  const rows = await db
    .select({ month: monthOf, ...feeTotals })
    .from(planFees)
    .where(and(eq(planFees.vendorId, vendorId), botScopeWhere(planFees.botId, scope)))
    .groupBy(monthOf)
    .orderBy(desc(monthOf))
    .limit(limit);
  return rows.map((r) => ({ month: r.month, ...numbersOf(r) }));
}

/** The vendors with plan fees that occurred before `before` (the months a fee collection looks at). */
export async function vendorsWithPlanFees(db: Conn, before: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ vendorId: planFees.vendorId })
    .from(planFees)
    .where(lt(planFees.occurredAt, before));
  return rows.map((r) => r.vendorId);
}

export type FeeLine = Omit<FeeMonthTotals, 'month'> & {
  botId: string;
  plan: PlanFeeRow['plan'];
  feeBps: number;
};

/** One month's fees (`from` ≤ occurred < `to`) per bot and rate, for the statement's lines. */
export async function planFeeLines(
  db: Conn,
  vendorId: string,
  scope: BotScope,
  from: Date,
  to: Date,
): Promise<FeeLine[]> {
  const rows = await db
    .select({ botId: planFees.botId, plan: planFees.plan, feeBps: planFees.feeBps, ...feeTotals })
    .from(planFees)
    .where(
      and(
        eq(planFees.vendorId, vendorId),
        gte(planFees.occurredAt, from),
        lt(planFees.occurredAt, to),
        botScopeWhere(planFees.botId, scope),
      ),
    )
    .groupBy(planFees.botId, planFees.plan, planFees.feeBps)
    .orderBy(planFees.botId, desc(planFees.feeBps));
  return rows.map((r) => ({ botId: r.botId, plan: r.plan, feeBps: r.feeBps, ...numbersOf(r) }));
}
