import type { PaymentStatus } from '@app/contracts/catalogue';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { shopDownloads, shopPayments } from '../../../db/schema/index';
import type { Conn } from '../../../db/types';

export type ShopPaymentRow = typeof shopPayments.$inferSelect;
export type NewShopPaymentRow = typeof shopPayments.$inferInsert;
export type ShopDownloadRow = typeof shopDownloads.$inferSelect;

/**
 * Records a Telegram charge, once: a charge id seen before inserts nothing and answers null (the unique
 * index decides, so two deliveries of one successful_payment racing each other cannot both insert).
 */
export async function insertCharge(db: Conn, row: NewShopPaymentRow): Promise<ShopPaymentRow | null> {
  const [inserted] = await db
    .insert(shopPayments)
    .values(row)
    .onConflictDoNothing({ target: shopPayments.telegramChargeId })
    .returning();
  return inserted ?? null;
}

export async function insertPayment(db: Conn, row: NewShopPaymentRow): Promise<ShopPaymentRow> {
  const [inserted] = await db.insert(shopPayments).values(row).returning();
  if (!inserted) throw new Error('shop payment not inserted');
  return inserted;
}

export async function updatePayment(
  db: Conn,
  vendorId: string,
  id: string,
  changes: Partial<NewShopPaymentRow>,
): Promise<void> {
  await db
    .update(shopPayments)
    .set(changes)
    .where(and(eq(shopPayments.vendorId, vendorId), eq(shopPayments.id, id)));
}

/** A payment by its id alone (a crypto IPN names it), locked for the rest of the transaction. */
export async function lockPaymentById(db: Conn, id: string): Promise<ShopPaymentRow | undefined> {
  const [row] = await db.select().from(shopPayments).where(eq(shopPayments.id, id)).for('update');
  return row;
}

export async function findPaymentById(db: Conn, id: string): Promise<ShopPaymentRow | undefined> {
  const [row] = await db.select().from(shopPayments).where(eq(shopPayments.id, id));
  return row;
}

/** Moves a payment from one status to another; answers whether it was in `from` (so moved by this call). */
export async function movePayment(
  db: Conn,
  vendorId: string,
  id: string,
  from: PaymentStatus,
  changes: Partial<NewShopPaymentRow> & { status: PaymentStatus },
): Promise<boolean> {
  const rows = await db
    .update(shopPayments)
    .set(changes)
    .where(and(eq(shopPayments.vendorId, vendorId), eq(shopPayments.id, id), eq(shopPayments.status, from)))
    .returning({ id: shopPayments.id });
  return rows.length === 1;
}

/** The payment that paid an order (the latest, should there be several). */
export async function paidPaymentOf(
  db: Conn,
  vendorId: string,
  orderId: string,
): Promise<ShopPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(shopPayments)
    .where(
      and(
        eq(shopPayments.vendorId, vendorId),
        eq(shopPayments.orderId, orderId),
        eq(shopPayments.status, 'paid'),
      ),
    )
    .orderBy(desc(shopPayments.paidAt))
    .limit(1);
  return row;
}

/** The order line's download, created on its first delivery and found again on every later one. */
export async function ensureDownload(
  db: Conn,
  row: typeof shopDownloads.$inferInsert,
): Promise<ShopDownloadRow> {
  await db.insert(shopDownloads).values(row).onConflictDoNothing();
  const [found] = await db
    .select()
    .from(shopDownloads)
    .where(and(eq(shopDownloads.vendorId, row.vendorId), eq(shopDownloads.orderItemId, row.orderItemId)));
  if (!found) throw new Error('download not stored');
  return found;
}

export async function findDownloadById(db: Conn, id: string): Promise<ShopDownloadRow | undefined> {
  const [row] = await db.select().from(shopDownloads).where(eq(shopDownloads.id, id));
  return row;
}

/** Counts one download if the link still allows one (not expired, under its limit); answers the row then. */
export async function takeDownload(db: Conn, id: string, at: Date): Promise<ShopDownloadRow | undefined> {
  const [row] = await db
    .update(shopDownloads)
    .set({ downloads: sql`${shopDownloads.downloads} + 1` })
    .where(
      and(
        eq(shopDownloads.id, id),
        lt(shopDownloads.downloads, shopDownloads.maxDownloads),
        gt(shopDownloads.expiresAt, at),
      ),
    )
    .returning();
  return row;
}
