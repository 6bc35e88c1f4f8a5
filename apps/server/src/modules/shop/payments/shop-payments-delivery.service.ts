import { DAY_MS } from '@app/contracts/common';
import { AppError } from '../../../lib/app-error';
import { eventRecordedSince, recordEvent, SYSTEM_ACTOR } from '../../events/record-event';
import { advanceOrder, recordDelivery } from '../../orders/order-payment.service';
import { orderItems } from '../../orders/orders.service';
import { codesForOrder, digitalDeliveryOf } from '../../products/product-delivery.service';
import * as repo from './shop-payments.repository';
import type { DeliveredLine, Delivery, ShopPaymentsDeps, ShopRef } from './shop-payments.types';
import { downloadLink } from './shop-payments-downloads.service';
import { nowOf, orderOf } from './shop-payments-orders.service';

// After a digital order is paid: what it delivers (codes, download links), then its completion.

/**
 * What a paid digital order delivers, line by line: its codes (those checkout claimed, topped up to the
 * quantity only when it claimed fewer; a repeated delivery finds the same ones) and its download link (one
 * per line, kept across re-sends with its count and expiry). Records the delivery on the order.
 */
export async function prepareDelivery(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  orderId: string,
): Promise<Delivery | null> {
  const at = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const order = await orderOf(deps, shop, orderId, true, tx);
    if (!order || order.botId !== shop.botId || order.paymentStatus !== 'paid') return null;
    const lines: DeliveredLine[] = [];
    let codesIssued = 0;
    let firstLink: string | null = null;
    for (const item of await orderItems(tx, order.vendorId, order.id)) {
      if (item.productType !== 'digital' || !item.productId) continue;
      const productId = item.productId;
      const delivery = await digitalDeliveryOf(tx, order.vendorId, productId);
      if (!delivery) {
        lines.push({ name: item.name, codes: [], download: null, missing: true });
      } else if (delivery.kind === 'codes') {
        // A savepoint: an empty pool leaves this line missing without undoing the others.
        const codes = await tx
          .transaction((sp) => codesForOrder(sp, order.vendorId, productId, order.id, item.quantity))
          .catch((err: unknown) => {
            if (err instanceof AppError && err.code === 'CODES_UNAVAILABLE') return null;
            throw err;
          });
        codesIssued += codes?.length ?? 0;
        lines.push({ name: item.name, codes: codes ?? [], download: null, missing: codes === null });
      } else if (delivery.fileMediaId || delivery.downloadUrl) {
        const row = await repo.ensureDownload(tx, {
          vendorId: order.vendorId,
          orderId: order.id,
          orderItemId: item.id,
          productId,
          mediaId: delivery.fileMediaId,
          url: delivery.fileMediaId ? null : delivery.downloadUrl,
          maxDownloads: delivery.maxDownloads,
          expiresAt: new Date(at.getTime() + delivery.downloadExpiryDays * DAY_MS),
        });
        const link = downloadLink(deps, row.id);
        firstLink ??= link;
        const download = { link, maxDownloads: row.maxDownloads, expiresAt: row.expiresAt };
        lines.push({ name: item.name, codes: [], download, missing: false });
      } else {
        lines.push({ name: item.name, codes: [], download: null, missing: true });
      }
    }
    await recordDelivery(tx, order, { codesIssued, deliveredAt: at, downloadLink: firstLink });
    return { orderNumber: order.number, lines };
  });
}

/**
 * What a paid customer is owed could not be sent (Telegram failed): `delayed` after the first attempt, while a
 * durable job retries (the order's timeline shows it); `failed` once the retries ran out (the vendor is told).
 * Recorded once per order and kind.
 */
export async function noteDeliveryTrouble(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  orderId: string,
  kind: 'delayed' | 'failed',
  error: string,
): Promise<void> {
  const type = kind === 'delayed' ? 'order.delivery_delayed' : 'order.delivery_failed';
  await deps.db.transaction(async (tx) => {
    const order = await orderOf(deps, shop, orderId, true, tx);
    if (!order || order.botId !== shop.botId) return;
    const subject = { kind: 'order' as const, id: order.id };
    if (await eventRecordedSince(tx, { vendorId: order.vendorId, type, subject, since: new Date(0) })) return;
    await recordEvent(tx, {
      vendorId: order.vendorId,
      botId: order.botId,
      type,
      actor: SYSTEM_ACTOR,
      subject,
      payload: { orderId: order.id, orderNumber: order.number, error: error.slice(0, 300) },
    });
  });
}

/** The delivery reached the customer: a digital order completes. */
export async function completeDelivery(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  orderId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await orderOf(deps, shop, orderId, true, tx);
    if (!order || order.botId !== shop.botId || order.paymentStatus !== 'paid') return;
    await advanceOrder(tx, order, 'completed', SYSTEM_ACTOR, nowOf(deps));
  });
}
