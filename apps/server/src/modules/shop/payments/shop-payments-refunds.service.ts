import type { OrderDetail } from '@app/contracts/orders';
import { type Actor, inBotScope } from '../../../lib/actor';
import { AppError } from '../../../lib/app-error';
import { TelegramApiError, TelegramUnreachableError } from '../../../lib/telegram/bot-api';
import { recordEvent } from '../../events/record-event';
import { findPayableOrder, refundOrderFigures } from '../../orders/order-payment.service';
import { eventActorOf } from '../../orders/orders.service';
import * as repo from './shop-payments.repository';
import type { ShopPaymentsDeps } from './shop-payments.types';
import { nowOf, UUID } from './shop-payments-orders.service';

// The back-office's Refund of a paid shop order.

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
  const payment = await repo.paidPaymentOf(db, actor.vendorId, order.id);
  if (payment?.provider === 'stars' && payment.telegramChargeId && payment.payerTelegramId) {
    await refundStars(deps, order.botId, payment.payerTelegramId, payment.telegramChargeId);
  }
  const at = nowOf(deps);
  await db.transaction(async (tx) => {
    const locked = await findPayableOrder(tx, actor.vendorId, order.id, true);
    // A refund that ran meanwhile has done it all.
    if (locked?.paymentStatus !== 'paid') return;
    const who = await eventActorOf(tx, actor);
    await refundOrderFigures(tx, locked, who, at);
    if (payment) {
      await repo.movePayment(tx, payment.vendorId, payment.id, 'paid', {
        status: 'refunded',
        refundedAt: at,
      });
    }
    await recordEvent(tx, {
      vendorId: locked.vendorId,
      botId: locked.botId,
      type: 'refund.created',
      actor: who,
      subject: { kind: 'order', id: locked.id },
      payload: {
        orderId: locked.id,
        orderNumber: locked.number,
        amountMinor: locked.totalMinor,
        currency: locked.currency,
        amountUsdMinor: locked.totalUsdMinor,
        rail: payment?.provider ?? null,
        starsAmount: payment?.provider === 'stars' ? payment.amount : null,
        customerTelegramId: locked.customerTelegramId,
      },
      at,
    });
  });
  return deps.orders.get(actor, order.id);
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
