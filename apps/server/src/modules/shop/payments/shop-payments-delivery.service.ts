import { DAY_MS } from '@app/contracts/common';
import { type Actor, inBotScope } from '../../../lib/actor';
import { AppError } from '../../../lib/app-error';
import { eventRecordedSince, recordEvent, SYSTEM_ACTOR } from '../../events/record-event';
import {
  advanceOrder,
  findPayableOrder,
  recordDelivery,
  releaseDelivery,
} from '../../orders/order-payment.service';
import { eventActorOf, orderItems } from '../../orders/orders.service';
import { codesForOrder, digitalDeliveryOf } from '../../products/product-delivery.service';
import * as repo from './shop-payments.repository';
import type { DeliveredLine, Delivery, ShopPaymentsDeps, ShopRef } from './shop-payments.types';
import { downloadLink } from './shop-payments-downloads.service';
import { nowOf, orderOf, UUID } from './shop-payments-orders.service';

// After a digital order is paid: what it delivers (codes, download links), then its completion.

/**
 * What a paid digital order delivers, line by line: its codes (those checkout claimed, topped up to the
 * quantity only when it claimed fewer; a repeated delivery finds the same ones) and its download link (one
 * per line, kept across re-sends with its count and expiry), with the terms the buyer is told (file, event,
 * validity, activations, support). A product that does not deliver automatically is held (its codes claimed,
 * nothing sent) until the vendor releases the order (`digitalInfo.releasedAt`). Records the delivery on the
 * order: the codes, whether some are held, and when each product's codes stop being valid (set once, at the
 * first delivery, so a re-send keeps them).
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
    const released = typeof order.digitalInfo?.releasedAt === 'string';
    const validity: Record<string, string> = {
      ...((order.digitalInfo?.validUntil as Record<string, string> | undefined) ?? {}),
    };
    const lines: DeliveredLine[] = [];
    let codesIssued = 0;
    let firstLink: string | null = null;
    for (const item of await orderItems(tx, order.vendorId, order.id)) {
      if (item.productType !== 'digital' || !item.productId) continue;
      const productId = item.productId;
      const delivery = await digitalDeliveryOf(tx, order.vendorId, productId);
      const line: DeliveredLine = {
        name: item.name,
        codes: [],
        download: null,
        missing: false,
        held: delivery ? !delivery.autoDeliver && !released : false,
        terms: delivery?.terms ?? null,
        validUntil: null,
      };
      lines.push(line);
      if (!delivery) {
        line.missing = true;
      } else if (delivery.kind === 'codes') {
        // A savepoint: an empty pool leaves this line missing without undoing the others.
        const codes = await tx
          .transaction((sp) => codesForOrder(sp, order.vendorId, productId, order.id, item.quantity))
          .catch((err: unknown) => {
            if (err instanceof AppError && err.code === 'CODES_UNAVAILABLE') return null;
            throw err;
          });
        codesIssued += codes?.length ?? 0;
        line.codes = codes ?? [];
        line.missing = codes === null;
        const days = delivery.terms.validityDays;
        if (codes && !line.held && days !== null) {
          validity[productId] ??= new Date(at.getTime() + days * DAY_MS).toISOString();
        }
        line.validUntil = validity[productId] ? new Date(validity[productId]) : null;
      } else if (line.held) {
        // The link's expiry counts from its release, not from the payment.
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
        line.download = { link, maxDownloads: row.maxDownloads, expiresAt: row.expiresAt };
      } else {
        line.missing = true;
      }
    }
    await recordDelivery(tx, order, {
      codesIssued,
      deliveredAt: at,
      downloadLink: firstLink,
      held: lines.some((l) => l.held),
      validUntil: validity,
    });
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

/** What the release sends: the order's delivery, to the buyer's chat with the bot. */
export type ReleasedDelivery = {
  vendorId: string;
  botId: string;
  orderId: string;
  orderNumber: number;
  productType: 'digital';
  chatId: number;
};

/**
 * The vendor releases what a paid digital order holds (products that do not deliver automatically): the order
 * records the release and `order.delivery_released`, and the caller sends the delivery. 404 for an order the
 * caller may not see; 409 ORDER_NOT_HELD when it holds nothing (not paid, not held, or released already).
 */
export async function releaseHeld(
  deps: ShopPaymentsDeps,
  actor: Actor,
  orderId: string,
): Promise<ReleasedDelivery> {
  const at = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const order = UUID.test(orderId) ? await findPayableOrder(tx, actor.vendorId, orderId, true) : null;
    if (!order || !inBotScope(actor.botIds, order.botId)) throw new AppError('ORDER_NOT_FOUND');
    const info = order.digitalInfo ?? {};
    if (
      order.productType !== 'digital' ||
      order.paymentStatus !== 'paid' ||
      order.status === 'cancelled' ||
      info.held !== true ||
      typeof info.releasedAt === 'string'
    ) {
      throw new AppError('ORDER_NOT_HELD');
    }
    await releaseDelivery(tx, order, at);
    await recordEvent(tx, {
      vendorId: order.vendorId,
      botId: order.botId,
      type: 'order.delivery_released',
      actor: await eventActorOf(tx, actor),
      subject: { kind: 'order', id: order.id },
      payload: { orderId: order.id, orderNumber: order.number },
      at,
    });
    return {
      vendorId: order.vendorId,
      botId: order.botId,
      orderId: order.id,
      orderNumber: order.number,
      productType: 'digital' as const,
      chatId: order.customerTelegramId,
    };
  });
}
