import type { OrderDetail } from '@app/contracts/orders';
import type { PaymentProviderId } from '@app/contracts/settings';
import type { Tx } from '../../../db/types';
import { type Actor, inBotScope } from '../../../lib/actor';
import { AppError } from '../../../lib/app-error';
import { TelegramApiError, TelegramUnreachableError } from '../../../lib/telegram/bot-api';
import type { EventActor } from '../../events/record-event';
import { recordEvent } from '../../events/record-event';
import { findPayableOrder, type PayableOrder, refundOrderFigures } from '../../orders/order-payment.service';
import { eventActorOf } from '../../orders/orders.service';
import * as repo from './shop-payments.repository';
import type { ShopPaymentsDeps } from './shop-payments.types';
import { nowOf, UUID } from './shop-payments-orders.service';

// Refunding a paid shop order: the back-office's Refund, and a booking its customer cancels in time. One way.

/**
 * Refunds a paid order (the back-office's Refund). A Stars payment goes back through Telegram first
 * (`refundStarPayment` from the vendor's bot; a charge Telegram says is refunded already counts as done);
 * other rails are refunded by the vendor at their provider, and this records it. Then, in one transaction:
 * the payment and the order's payment status become refunded, the order is cancelled with its rollups,
 * what the customer did not receive goes back to stock, and refund.created is recorded.
 */
export async function refundOrder(
  deps: ShopPaymentsDeps,
  actor: Actor,
  orderId: string,
): Promise<OrderDetail> {
  const { db } = deps;
  const order = UUID.test(orderId) ? await findPayableOrder(db, actor.vendorId, orderId) : null;
  if (!order || !inBotScope(actor.botIds, order.botId)) throw new AppError('ORDER_NOT_FOUND');
  if (order.paymentStatus !== 'paid') throw new AppError('ORDER_NOT_REFUNDABLE');
  await refundPaidOrder(deps, order, (tx) => eventActorOf(tx, actor));
  return deps.orders.get(actor, order.id);
}

/** What a refund gave back: by which rail, how much (the order's amount; Stars for a Stars payment). */
export type Refunded = {
  rail: PaymentProviderId | null;
  amountMinor: number;
  currency: string;
  starsAmount: number | null;
};

/**
 * The refund itself, for whoever asked (`who`: the vendor's staff, or the customer cancelling a booking).
 * `stillRefundable`, checked on the locked order, may refuse a refund whose reason went meanwhile (the order
 * moved on): nothing is changed then, and null is answered. Null too when a refund that ran meanwhile did it
 * all. Throws TELEGRAM_UNAVAILABLE / TELEGRAM_REFUND_REFUSED when Telegram does not give the Stars back.
 */
export async function refundPaidOrder(
  deps: ShopPaymentsDeps,
  order: PayableOrder,
  who: (tx: Tx) => Promise<EventActor> | EventActor,
  stillRefundable: (locked: PayableOrder) => boolean = () => true,
): Promise<Refunded | null> {
  const { db } = deps;
  const payment = await repo.paidPaymentOf(db, order.vendorId, order.id);
  if (payment?.provider === 'stars' && payment.telegramChargeId && payment.payerTelegramId) {
    await refundStars(deps, order.botId, payment.payerTelegramId, payment.telegramChargeId);
  }
  const at = nowOf(deps);
  return db.transaction(async (tx) => {
    const locked = await findPayableOrder(tx, order.vendorId, order.id, true);
    // A refund that ran meanwhile has done it all.
    if (locked?.paymentStatus !== 'paid' || !stillRefundable(locked)) return null;
    const actor = await who(tx);
    await refundOrderFigures(tx, locked, actor, at);
    if (payment) {
      await repo.movePayment(tx, payment.vendorId, payment.id, 'paid', {
        status: 'refunded',
        refundedAt: at,
      });
    }
    const refunded: Refunded = {
      rail: payment?.provider ?? null,
      amountMinor: locked.totalMinor,
      currency: locked.currency,
      starsAmount: payment?.provider === 'stars' ? payment.amount : null,
    };
    await recordEvent(tx, {
      vendorId: locked.vendorId,
      botId: locked.botId,
      type: 'refund.created',
      actor,
      subject: { kind: 'order', id: locked.id },
      payload: {
        orderId: locked.id,
        orderNumber: locked.number,
        amountMinor: refunded.amountMinor,
        currency: refunded.currency,
        amountUsdMinor: locked.totalUsdMinor,
        rail: refunded.rail,
        starsAmount: refunded.starsAmount,
        customerTelegramId: locked.customerTelegramId,
      },
      at,
    });
    return refunded;
  });
}

/** Gives a Stars charge back through the vendor's bot; Telegram's "refunded already" counts as done. */
async function refundStars(
  deps: Pick<ShopPaymentsDeps, 'bots' | 'botApi'>,
  botId: string,
  userId: number,
  chargeId: string,
): Promise<void> {
  const shop = await deps.bots.shopOf(botId);
  if (!shop) throw new AppError('BOT_NOT_FOUND');
  try {
    await deps.botApi.call(shop.token, 'refundStarPayment', {
      user_id: userId,
      telegram_payment_charge_id: chargeId,
    });
  } catch (err) {
    // Refunded before (a retry after a failure on our side): the Stars are back, record it.
    if (err instanceof TelegramApiError && err.description.includes('CHARGE_ALREADY_REFUNDED')) return;
    if (err instanceof TelegramUnreachableError) throw new AppError('TELEGRAM_UNAVAILABLE');
    if (err instanceof TelegramApiError) {
      throw new AppError('TELEGRAM_REFUND_REFUSED', { description: err.description });
    }
    throw err;
  }
}
