import { AppError } from '../../../lib/app-error';
import type { ProviderStatus } from '../../../lib/nowpayments';
import { verifyIpn } from '../../../lib/nowpayments';
import { recordEvent, SYSTEM_ACTOR } from '../../events/record-event';
import { findPayableOrder } from '../../orders/order-payment.service';
import { railsFor } from './rails';
import * as repo from './shop-payments.repository';
import type { PayableSummary, ShopPaymentsDeps, ShopRef, Unpayable } from './shop-payments.types';
import {
  nowOf,
  orderOf,
  payability,
  payOrder,
  providersOf,
  summaryOf,
  UUID,
} from './shop-payments-orders.service';

// The crypto rail: a payment page of the bot's crypto provider (the vendor's own keys), and the provider's
// signed IPN that settles it.

/** NOWPayments' statuses that end a payment without money: it failed. */
const FAILED_STATUSES: readonly ProviderStatus[] = ['failed', 'expired'];

/**
 * A crypto payment page for the order (the bot's crypto provider, the vendor's own keys): a pending payment
 * names the order, the provider's IPN completes it. Null when the provider cannot be used or refused.
 */
export async function createCryptoLink(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  orderId: string,
  payerId: number,
): Promise<{ url: string; order: PayableSummary } | Unpayable | null> {
  const order = await orderOf(deps, shop, orderId);
  const refused = payability(deps, order, shop, payerId);
  if (refused || !order) return refused ?? 'unknown';
  const providers = await providersOf(deps, shop.botId);
  const crypto = providers.find((p) => p.kind === 'crypto');
  const apiKey = crypto?.secrets.apiKey;
  if (!apiKey || !railsFor(order.productType, order.currency, providers).includes('crypto')) return null;
  const payment = await repo.insertPayment(deps.db, {
    vendorId: order.vendorId,
    orderId: order.id,
    botId: order.botId,
    provider: 'crypto',
    amount: order.totalMinor,
    currency: order.currency,
    payerTelegramId: payerId,
  });
  try {
    const invoice = await deps.cryptoProviderFor(apiKey).createInvoice({
      price_amount: order.totalMinor / 100,
      price_currency: order.currency.toLowerCase(),
      ipn_callback_url: `${deps.publicUrl}/api/v1/shop-payments/ipn`,
      order_id: payment.id,
      order_description: `#${order.number}`,
    });
    await repo.updatePayment(deps.db, order.vendorId, payment.id, {
      providerInvoiceId: String(invoice.id),
      invoiceUrl: invoice.invoice_url,
    });
    return { url: invoice.invoice_url, order: await summaryOf(deps, order) };
  } catch (err) {
    deps.log?.warn({ orderId: order.id, err: String(err) }, 'the crypto provider refused an invoice');
    await repo.updatePayment(deps.db, order.vendorId, payment.id, { status: 'failed' });
    return null;
  }
}

/**
 * A verified IPN of the crypto provider for a shop payment (`x-nowpayments-sig` checked with the IPN
 * secret of the bot the payment belongs to; anything else is refused as a bad signature). `finished`
 * pays the order once; `failed` and `expired` fail the payment; a repeated IPN changes nothing.
 */
export async function receiveCryptoIpn(
  deps: ShopPaymentsDeps,
  body: Record<string, unknown>,
  signature: string | undefined,
): Promise<void> {
  const { db } = deps;
  const id = typeof body.order_id === 'string' && UUID.test(body.order_id) ? body.order_id : null;
  const payment = id ? await repo.findPaymentById(db, id) : undefined;
  const secret =
    payment?.provider === 'crypto'
      ? (await providersOf(deps, payment.botId)).find((p) => p.kind === 'crypto')?.secrets.ipnSecret
      : undefined;
  if (!payment || !secret || !verifyIpn(body, signature, secret)) throw new AppError('IPN_SIGNATURE_INVALID');
  const invoiceId = body.invoice_id === undefined ? null : String(body.invoice_id);
  if (invoiceId && payment.providerInvoiceId && invoiceId !== payment.providerInvoiceId) return;
  const status = body.payment_status as ProviderStatus;
  const at = nowOf(deps);
  await db.transaction(async (tx) => {
    const locked = await repo.lockPaymentById(tx, payment.id);
    if (locked?.status !== 'pending') return;
    const providerPaymentId = body.payment_id === undefined ? null : String(body.payment_id);
    if (status === 'finished') {
      await repo.movePayment(tx, locked.vendorId, locked.id, 'pending', {
        status: 'paid',
        paidAt: at,
        providerPaymentId,
      });
      const order = await findPayableOrder(tx, locked.vendorId, locked.orderId, true);
      if (!order || !(await payOrder(tx, order, 'crypto', at, null))) {
        deps.log?.warn(
          { paymentId: locked.id },
          'a crypto payment finished for an order that no longer takes one',
        );
      }
    } else if (FAILED_STATUSES.includes(status)) {
      await repo.movePayment(tx, locked.vendorId, locked.id, 'pending', {
        status: 'failed',
        providerPaymentId,
      });
      const order = await findPayableOrder(tx, locked.vendorId, locked.orderId);
      if (order) {
        await recordEvent(tx, {
          vendorId: order.vendorId,
          botId: order.botId,
          type: 'payment.failed',
          actor: SYSTEM_ACTOR,
          subject: { kind: 'order', id: order.id },
          payload: {
            orderId: order.id,
            orderNumber: order.number,
            amountMinor: order.totalMinor,
            currency: order.currency,
            rail: 'crypto',
            reason: status,
          },
          at,
        });
      }
    } else if (providerPaymentId && providerPaymentId !== locked.providerPaymentId) {
      await repo.updatePayment(tx, locked.vendorId, locked.id, { providerPaymentId });
    }
  });
}
