import { AppError } from '../../../lib/app-error';
import {
  cancelBookedService,
  type PayableOrder,
  setServiceAddress,
} from '../../orders/order-payment.service';
import type { ShopPaymentsDeps, ShopRef } from './shop-payments.types';
import { customerActor, nowOf, orderOf } from './shop-payments-orders.service';
import { type Refunded, refundPaidOrder } from './shop-payments-refunds.service';

// A paid service order as its customer meets it in the chat: the confirmation's details, the address the
// service needs, and cancelling within the policy's notice.

/** What a paid booking's confirmation tells the customer. */
export type BookingSummary = {
  orderNumber: number;
  /** Paid, waiting for the vendor's confirmation (the service does not confirm automatically). */
  requested: boolean;
  start: Date | null;
  /** A recurring service's series: every occurrence booked, the first being `start`; empty for one. */
  occurrences: Date[];
  location: 'online' | 'onsite' | 'hybrid';
  address: string | null;
  meetingLink: string | null;
  /** Who gives the service, as the vendor named them; null: not named. */
  provider: string | null;
  /** The customer's own address is needed and not given yet. */
  needsAddress: boolean;
  cancellationPolicy: string | null;
  /** Until when the customer may cancel from the chat; null: not from the chat (no notice stated). */
  cancelUntil: Date | null;
  /** The customer may cancel now (before `cancelUntil`). */
  canCancel: boolean;
};

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const HOUR_MS = 3_600_000;

/** When the customer may still cancel: the slot's start minus the policy's notice; null without either. */
function cancelUntilOf(info: Record<string, unknown>): Date | null {
  const start = str(info.scheduledDate);
  const notice = typeof info.noticeHours === 'number' ? info.noticeHours : null;
  return start && notice !== null ? new Date(Date.parse(start) - notice * HOUR_MS) : null;
}

/** The booking of the shop's paid service order, as its confirmation tells it; null for anything else. */
export async function bookingOf(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  orderId: string,
): Promise<BookingSummary | null> {
  const order = await orderOf(deps, shop, orderId);
  if (!order || order.botId !== shop.botId || order.productType !== 'service') return null;
  return summaryOf(order, nowOf(deps));
}

function summaryOf(order: PayableOrder, at: Date): BookingSummary {
  const info = order.serviceInfo ?? {};
  const location = info.location === 'onsite' || info.location === 'hybrid' ? info.location : 'online';
  const start = str(info.scheduledDate);
  const cancelUntil = cancelUntilOf(info);
  return {
    orderNumber: order.number,
    requested: order.paymentStatus === 'paid' && order.status === 'pending',
    start: start ? new Date(start) : null,
    occurrences: Array.isArray(info.occurrences)
      ? info.occurrences.filter((o): o is string => typeof o === 'string').map((o) => new Date(o))
      : [],
    location,
    address: str(info.address),
    meetingLink: str(info.meetingLink),
    provider: str(info.provider),
    needsAddress: info.requiresAddress === true && str(info.customerAddress) === null,
    cancellationPolicy: str(info.cancellationPolicy),
    cancelUntil,
    canCancel: cancelUntil !== null && at.getTime() <= cancelUntil.getTime(),
  };
}

/** The address the customer sent for their booking, kept on the order; false when it is not theirs to give. */
export async function giveServiceAddress(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  orderId: string,
  payerId: number,
  address: string,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const order = await orderOf(deps, shop, orderId, true, tx);
    if (!order || order.botId !== shop.botId || order.customerTelegramId !== payerId) return false;
    if (order.productType !== 'service' || order.status === 'cancelled') return false;
    await setServiceAddress(tx, order, address, customerActor(order), nowOf(deps));
    return true;
  });
}

export type BookingCancellation =
  | { outcome: 'cancelled'; orderNumber: number; policy: string | null; refunded: Refunded | null }
  | { outcome: 'too_late'; until: Date; noticeHours: number; policy: string | null }
  | { outcome: 'not_from_chat'; policy: string | null }
  /** Telegram did not give the Stars back: nothing changed, the customer may try again. */
  | { outcome: 'refund_failed' }
  | { outcome: 'unknown' };

/** Whether the customer may cancel the order from the chat at `at`, and if not, why. */
function cancellability(
  order: PayableOrder,
  at: Date,
): 'open' | 'gone' | { tooLate: Date; noticeHours: number } | 'not_from_chat' {
  if (order.productType !== 'service' || !['pending', 'scheduled'].includes(order.status)) return 'gone';
  const { cancelUntil } = summaryOf(order, at);
  if (!cancelUntil) return 'not_from_chat';
  if (at.getTime() > cancelUntil.getTime()) {
    return { tooLate: cancelUntil, noticeHours: Number(order.serviceInfo?.noticeHours ?? 0) };
  }
  return 'open';
}

/**
 * The customer cancels their booking from the chat: allowed until the policy's notice before the slot (the
 * booking's place is freed, the order cancelled with its rollups). A paid booking cancelled in time is
 * refunded by its rail, as the back-office's Refund does it (Stars back through Telegram; other rails recorded
 * for the vendor to return at their provider), with refund.created by the customer. Late: nothing changes.
 */
export async function cancelBooking(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  orderId: string,
  payerId: number,
): Promise<BookingCancellation> {
  const at = nowOf(deps);
  const order = await orderOf(deps, shop, orderId);
  if (!order || order.botId !== shop.botId || order.customerTelegramId !== payerId)
    return { outcome: 'unknown' };
  const policy = summaryOf(order, at).cancellationPolicy;
  const can = cancellability(order, at);
  if (can === 'gone') return { outcome: 'unknown' };
  if (can === 'not_from_chat') return { outcome: 'not_from_chat', policy };
  if (can !== 'open')
    return { outcome: 'too_late', until: can.tooLate, noticeHours: can.noticeHours, policy };
  const cancelled = { outcome: 'cancelled' as const, orderNumber: order.number, policy };
  if (order.paymentStatus === 'paid') {
    // Checked again on the locked order: a second tap (or the vendor) may have got there first.
    try {
      const refunded = await refundPaidOrder(
        deps,
        order,
        () => customerActor(order),
        (locked) => cancellability(locked, at) === 'open',
      );
      return refunded ? { ...cancelled, refunded } : { outcome: 'unknown' };
    } catch (err) {
      if (err instanceof AppError && err.code.startsWith('TELEGRAM_')) return { outcome: 'refund_failed' };
      throw err;
    }
  }
  return deps.db.transaction(async (tx) => {
    const locked = await orderOf(deps, shop, orderId, true, tx);
    if (!locked || locked.paymentStatus !== order.paymentStatus || cancellability(locked, at) !== 'open')
      return { outcome: 'unknown' };
    if (!(await cancelBookedService(tx, locked, customerActor(locked), at))) return { outcome: 'unknown' };
    return { ...cancelled, refunded: null };
  });
}
