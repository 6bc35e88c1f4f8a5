import type { PayoutSettings } from '@app/contracts/billing';
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  billingChargeAttempts,
  billingPaymentMethods,
  botStarBalances,
  botStarTransactions,
  feeSettlements,
  payoutSettings,
  payouts,
} from '../../db/schema/index';
import type { Conn, Tx } from '../../db/types';

export type MethodRow = typeof billingPaymentMethods.$inferSelect;
export type NewMethodRow = typeof billingPaymentMethods.$inferInsert;

/** Serialises changes to one vendor's payment methods (the default rule reads, then writes). */
export async function lockMethods(tx: Tx, vendorId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing-methods:${vendorId}`}))`);
}

export function listMethods(db: Conn, vendorId: string): Promise<MethodRow[]> {
  return db
    .select()
    .from(billingPaymentMethods)
    .where(eq(billingPaymentMethods.vendorId, vendorId))
    .orderBy(asc(billingPaymentMethods.createdAt), asc(billingPaymentMethods.id));
}

export async function findMethod(db: Conn, vendorId: string, id: string): Promise<MethodRow | null> {
  const [row] = await db
    .select()
    .from(billingPaymentMethods)
    .where(and(eq(billingPaymentMethods.vendorId, vendorId), eq(billingPaymentMethods.id, id)));
  return row ?? null;
}

/** Inserts a method; null when the vendor has it already (the wallet, Stars, Litecoin once; a card once). */
export async function insertMethod(tx: Tx, row: NewMethodRow): Promise<MethodRow | null> {
  const [inserted] = await tx.insert(billingPaymentMethods).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** Makes one method the default: the others lose it first (the unique index allows one at a time). */
export async function setDefault(tx: Tx, vendorId: string, id: string): Promise<void> {
  await tx
    .update(billingPaymentMethods)
    .set({ isDefault: false })
    .where(and(eq(billingPaymentMethods.vendorId, vendorId), eq(billingPaymentMethods.isDefault, true)));
  await tx
    .update(billingPaymentMethods)
    .set({ isDefault: true })
    .where(and(eq(billingPaymentMethods.vendorId, vendorId), eq(billingPaymentMethods.id, id)));
}

export async function deleteMethod(tx: Tx, vendorId: string, id: string): Promise<void> {
  await tx
    .delete(billingPaymentMethods)
    .where(and(eq(billingPaymentMethods.vendorId, vendorId), eq(billingPaymentMethods.id, id)));
}

export type SettlementRow = typeof feeSettlements.$inferSelect;

/** The vendor's settled fee statements, by month. */
export function listSettlements(db: Conn, vendorId: string): Promise<SettlementRow[]> {
  return db.select().from(feeSettlements).where(eq(feeSettlements.vendorId, vendorId));
}

/** Records a month's statement as paid; false when it was paid already. */
export async function insertSettlement(db: Conn, row: typeof feeSettlements.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(feeSettlements)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: feeSettlements.id });
  return inserted.length > 0;
}

export type AttemptRow = typeof billingChargeAttempts.$inferSelect;

/** The attempts made for one subject, oldest first. */
export function listAttempts(db: Conn, vendorId: string, subject: string): Promise<AttemptRow[]> {
  return db
    .select()
    .from(billingChargeAttempts)
    .where(and(eq(billingChargeAttempts.vendorId, vendorId), eq(billingChargeAttempts.subject, subject)))
    .orderBy(asc(billingChargeAttempts.attempt));
}

/** Claims an attempt before charging; null when it is claimed already (another run, or a restart). */
export async function claimAttempt(
  db: Conn,
  row: typeof billingChargeAttempts.$inferInsert,
): Promise<AttemptRow | null> {
  const [inserted] = await db.insert(billingChargeAttempts).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** One attempt by its id (an invoiced attempt's id is its payment's). */
export async function findAttempt(db: Conn, vendorId: string, id: string): Promise<AttemptRow | null> {
  const [row] = await db
    .select()
    .from(billingChargeAttempts)
    .where(and(eq(billingChargeAttempts.vendorId, vendorId), eq(billingChargeAttempts.id, id)));
  return row ?? null;
}

/** An attempt whose invoice was sent: it stays `started` (no retry follows) until the invoice is paid. */
export async function markAttemptInvoiced(db: Conn, vendorId: string, id: string, paymentId: string) {
  await db
    .update(billingChargeAttempts)
    .set({ providerChargeId: paymentId })
    .where(and(eq(billingChargeAttempts.vendorId, vendorId), eq(billingChargeAttempts.id, id)));
}

export async function finishAttempt(
  db: Conn,
  vendorId: string,
  id: string,
  result: { status: 'succeeded' | 'failed'; failureCode?: string | null; providerChargeId?: string | null },
): Promise<void> {
  await db
    .update(billingChargeAttempts)
    .set({
      status: result.status,
      failureCode: result.failureCode ?? null,
      providerChargeId: result.providerChargeId ?? null,
    })
    .where(and(eq(billingChargeAttempts.vendorId, vendorId), eq(billingChargeAttempts.id, id)));
}

export async function getPayoutSettings(db: Conn, vendorId: string): Promise<PayoutSettings | null> {
  const [row] = await db.select().from(payoutSettings).where(eq(payoutSettings.vendorId, vendorId));
  return row?.settings ?? null;
}

export async function upsertPayoutSettings(
  db: Conn,
  vendorId: string,
  settings: PayoutSettings,
): Promise<void> {
  await db
    .insert(payoutSettings)
    .values({ vendorId, settings })
    .onConflictDoUpdate({ target: payoutSettings.vendorId, set: { settings, updatedAt: new Date() } });
}

export type PayoutRow = typeof payouts.$inferSelect;

export async function insertPayout(db: Conn, row: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [inserted] = await db.insert(payouts).values(row).returning();
  if (!inserted) throw new Error('payout insert returned nothing');
  return inserted;
}

export function listPayouts(db: Conn, vendorId: string, limit = 20): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(eq(payouts.vendorId, vendorId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit);
}

/** A payout by id alone, locked for the change (the operator's command names no vendor). */
export async function lockPayoutById(tx: Tx, id: string): Promise<PayoutRow | null> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
  return row ?? null;
}

export async function setPayoutStatus(tx: Tx, vendorId: string, id: string, status: PayoutRow['status']) {
  await tx
    .update(payouts)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(payouts.vendorId, vendorId), eq(payouts.id, id)));
}

/** The vendors with automatic payouts on, and their settings. */
export async function autoPayoutSettings(
  db: Conn,
): Promise<{ vendorId: string; settings: PayoutSettings }[]> {
  return db
    .select({ vendorId: payoutSettings.vendorId, settings: payoutSettings.settings })
    .from(payoutSettings)
    .where(sql`(${payoutSettings.settings} ->> 'autoPayout')::boolean`);
}

/** Whether the vendor has an automatic (not manual) payout since `since`. */
export async function hasAutoPayoutSince(db: Conn, vendorId: string, since: Date): Promise<boolean> {
  const rows = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.vendorId, vendorId), eq(payouts.manual, false), gte(payouts.createdAt, since)))
    .limit(1);
  return rows.length > 0;
}

export type StarTransactionRow = typeof botStarTransactions.$inferSelect;
export type NewStarTransactionRow = typeof botStarTransactions.$inferInsert;
export type StarBalanceRow = typeof botStarBalances.$inferSelect;

export async function getStarBalance(
  db: Conn,
  vendorId: string,
  botId: string,
): Promise<StarBalanceRow | null> {
  const [row] = await db
    .select()
    .from(botStarBalances)
    .where(and(eq(botStarBalances.vendorId, vendorId), eq(botStarBalances.botId, botId)));
  return row ?? null;
}

export async function putStarBalance(db: Conn, row: StarBalanceRow): Promise<void> {
  await db
    .insert(botStarBalances)
    .values(row)
    .onConflictDoUpdate({
      target: [botStarBalances.vendorId, botStarBalances.botId],
      set: { balance: row.balance, fetched: row.fetched, syncedAt: row.syncedAt },
    });
}

/** Keeps a page of fetched transactions; one already kept (the same place in the list) is left as it is. */
export async function insertStarTransactions(db: Conn, rows: NewStarTransactionRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(botStarTransactions).values(rows).onConflictDoNothing();
}

/** The bot's kept transactions, newest first; all of them without a limit. */
export function listStarTransactions(
  db: Conn,
  vendorId: string,
  botId: string,
  limit?: number,
): Promise<StarTransactionRow[]> {
  const query = db
    .select()
    .from(botStarTransactions)
    .where(and(eq(botStarTransactions.vendorId, vendorId), eq(botStarTransactions.botId, botId)))
    .orderBy(desc(botStarTransactions.seq));
  return limit === undefined ? query : query.limit(limit);
}

export async function setStarMatch(
  db: Conn,
  vendorId: string,
  id: string,
  match: Pick<StarTransactionRow, 'match' | 'reason' | 'orderId' | 'orderNumber'>,
): Promise<void> {
  await db
    .update(botStarTransactions)
    .set(match)
    .where(and(eq(botStarTransactions.vendorId, vendorId), eq(botStarTransactions.id, id)));
}

/** How many of the vendor's Star transactions are flagged, per bot (of `botIds`, or every bot). */
export async function unmatchedStarsByBot(
  db: Conn,
  vendorId: string,
  botIds: readonly string[] | 'all',
): Promise<{ botId: string; unmatched: number }[]> {
  if (botIds !== 'all' && botIds.length === 0) return [];
  return db
    .select({ botId: botStarTransactions.botId, unmatched: count() })
    .from(botStarTransactions)
    .where(
      and(
        eq(botStarTransactions.vendorId, vendorId),
        eq(botStarTransactions.match, 'unmatched'),
        botIds === 'all' ? undefined : inArray(botStarTransactions.botId, [...botIds]),
      ),
    )
    .groupBy(botStarTransactions.botId);
}

/** Crypto payouts still open: pending (not sent to the provider yet) or processing (sent, not finished). */
export function openCryptoPayouts(db: Conn): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.method, 'crypto'), inArray(payouts.status, ['pending', 'processing'])))
    .orderBy(asc(payouts.createdAt));
}

/** Records that the provider took a pending payout: processing, with its id there. */
export async function markPayoutSent(db: Conn, vendorId: string, id: string, providerPayoutId: string) {
  await db
    .update(payouts)
    .set({ status: 'processing', providerPayoutId, updatedAt: new Date() })
    .where(and(eq(payouts.vendorId, vendorId), eq(payouts.id, id), eq(payouts.status, 'pending')));
}
