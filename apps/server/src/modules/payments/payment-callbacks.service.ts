import { PAYMENT_MESSAGES } from '@app/contracts/payments';
import { AppError } from '../../lib/app-error';
import type { ProviderStatus } from '../../lib/nowpayments';
import { type EventActor, recordEvent, SYSTEM_ACTOR } from '../events/record-event';
import {
  completePaymentIn,
  type PaymentsDeps,
  paymentIdOf,
  resumePaidBot,
  UUID,
  walletEvent,
} from './payment-steps.service';
import * as repo from './payments.repository';
import { INVOICE_ID_PREFIX } from './system-payments.service';

// What Telegram and the crypto provider send back about a payment (the pre-checkout question, a Stars payment,
// a Litecoin IPN), and an operator's Stars refund. Each completes or reverses a payment in one transaction.

/** A pre-checkout query as Telegram sends it. */
export type PreCheckoutQuery = {
  id: string;
  from: { id: number };
  currency: string;
  total_amount: number;
  invoice_payload: string;
};

/** A successful_payment as Telegram sends it in a message. */
export type SuccessfulPayment = {
  currency: string;
  total_amount: number;
  invoice_payload: string;
  telegram_payment_charge_id: string;
  is_recurring?: boolean;
  is_first_recurring?: boolean;
};

export type Ipn = {
  payment_id: string | number;
  payment_status: ProviderStatus;
  order_id?: string;
  [key: string]: unknown;
};

/** What NOWPayments' statuses mean for our payment row; only `finished` completes it. */
const LTC_STATUS: Partial<Record<ProviderStatus, repo.PaymentRow['status']>> = {
  confirming: 'confirming',
  confirmed: 'confirming',
  sending: 'confirming',
  partially_paid: 'partially_paid',
  failed: 'failed',
  expired: 'expired',
  refunded: 'refunded',
};

/**
 * Telegram asks whether to take the payment (answer within 10 s): yes only for a pending payment of ours
 * whose currency and amount match what we asked for.
 */
export async function answerPreCheckout(deps: PaymentsDeps, q: PreCheckoutQuery): Promise<void> {
  const id = paymentIdOf(q.invoice_payload);
  const row = id ? await repo.findPaymentById(deps.db, id) : undefined;
  let error: string | null = null;
  if (row?.method !== 'stars') error = PAYMENT_MESSAGES.invalidPlan;
  else if (row.status !== 'pending') error = PAYMENT_MESSAGES.paymentFailed;
  else if (q.currency !== 'XTR' || q.total_amount !== row.starsAmount) error = PAYMENT_MESSAGES.paymentFailed;
  await deps.botApi.call(deps.platformBotToken, 'answerPreCheckoutQuery', {
    pre_checkout_query_id: q.id,
    ok: error === null,
    ...(error !== null && { error_message: error }),
  });
}

/**
 * A Stars payment arrived: completes its payment once per charge id. A Star subscription's renewal (the
 * same payload, a new charge id, the first payment already completed) adds one period as a payment of its own.
 */
export async function receiveStars(
  deps: PaymentsDeps,
  sp: SuccessfulPayment,
  payerId: number,
): Promise<'completed' | 'renewed' | 'ignored'> {
  const id = paymentIdOf(sp.invoice_payload);
  if (!id || sp.currency !== 'XTR') return 'ignored';
  const ignored = { outcome: 'ignored' as const, paid: undefined };
  const result = await deps.db.transaction(async (tx) => {
    const row = await repo.lockPayment(tx, id);
    if (row?.method !== 'stars') return ignored;
    if (await repo.chargeIdKnown(tx, sp.telegram_payment_charge_id)) return ignored;
    if (sp.total_amount !== row.starsAmount) {
      deps.log?.warn({ paymentId: id, amount: sp.total_amount }, 'Stars payment of an unexpected amount');
      return ignored;
    }
    const payer: EventActor = { kind: 'owner', id: String(payerId) };
    if (row.status !== 'completed') {
      const extra = { telegramChargeId: sp.telegram_payment_charge_id, payerTelegramId: payerId };
      const paid = await completePaymentIn(deps, tx, row, extra, payer);
      return paid ? { outcome: 'completed' as const, paid } : ignored;
    }
    if (!row.starSubscription || !sp.is_recurring) return ignored;
    const renewal = await repo.insertPayment(tx, {
      vendorId: row.vendorId,
      purpose: row.purpose,
      method: 'stars',
      kind: 'renew',
      botId: row.botId,
      botUsername: row.botUsername,
      plan: row.plan,
      period: row.period,
      amountMinor: row.amountMinor,
      starsAmount: row.starsAmount,
      starSubscription: true,
      invoiceUrl: row.invoiceUrl,
      renewalOf: row.renewalOf ?? row.id,
    });
    const extra = { telegramChargeId: sp.telegram_payment_charge_id, payerTelegramId: payerId };
    return {
      outcome: 'renewed' as const,
      paid: await completePaymentIn(deps, tx, renewal, extra, SYSTEM_ACTOR),
    };
  });
  await resumePaidBot(deps, result.paid);
  return result.outcome;
}

/**
 * Refunds a completed Stars payment (an operator's action, see admin/refund-star-payment.ts): Telegram
 * returns the Stars first (refundStarPayment); then, in one transaction, the payment and its invoice are
 * marked refunded and its period is taken back (or, for a top-up, its credit is debited again).
 */
export async function refundStars(deps: PaymentsDeps, paymentId: string): Promise<void> {
  const row = UUID.test(paymentId) ? await repo.findPaymentById(deps.db, paymentId) : undefined;
  if (!row) throw new AppError('PAYMENT_NOT_FOUND');
  if (row.method !== 'stars' || row.status !== 'completed' || !row.telegramChargeId || !row.payerTelegramId) {
    throw new AppError('PAYMENT_NOT_REFUNDABLE');
  }
  await deps.botApi.call(deps.platformBotToken, 'refundStarPayment', {
    user_id: row.payerTelegramId,
    telegram_payment_charge_id: row.telegramChargeId,
  });
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockPayment(tx, row.id);
    if (locked?.status !== 'completed') return;
    await repo.updatePayment(tx, row.vendorId, row.id, { status: 'refunded' });
    await repo.markInvoiceRefunded(tx, row.vendorId, row.id);
    if (row.purpose === 'topup') {
      await repo.insertLedgerRow(tx, {
        vendorId: row.vendorId,
        amountMinor: -row.amountMinor,
        reason: 'refund',
        reference: row.id,
      });
      await recordEvent(tx, walletEvent('wallet.debited', row, SYSTEM_ACTOR));
      return;
    }
    if (row.botId && row.period) {
      await deps.subscriptions.reversePeriod(tx, {
        vendorId: row.vendorId,
        botId: row.botId,
        period: row.period,
      });
    }
    await recordEvent(tx, {
      vendorId: row.vendorId,
      botId: row.botId,
      type: 'subscription.refunded',
      actor: SYSTEM_ACTOR,
      subject: { kind: 'subscription', id: row.id },
      payload: {
        paymentId: row.id,
        botUsername: row.botUsername,
        plan: row.plan,
        amountMinor: row.amountMinor,
        currency: 'USD',
      },
    });
  });
}

/** Whether an IPN is about this payment: its provider payment id, or the hosted invoice it was made for. */
const ipnNames = (row: repo.PaymentRow, ipn: Ipn) =>
  row.providerPaymentId === String(ipn.payment_id) ||
  (ipn.invoice_id !== undefined &&
    ipn.invoice_id !== null &&
    row.providerPaymentId === `${INVOICE_ID_PREFIX}${String(ipn.invoice_id)}`);

/**
 * A verified IPN from the crypto provider: moves the payment's status; `finished` completes it (once);
 * `partially_paid` never does. Unknown payments are ignored.
 */
export async function receiveIpn(deps: PaymentsDeps, ipn: Ipn): Promise<void> {
  const id = typeof ipn.order_id === 'string' && UUID.test(ipn.order_id) ? ipn.order_id : null;
  if (!id) return;
  const paid = await deps.db.transaction(async (tx) => {
    const row = await repo.lockPayment(tx, id);
    if (row?.method !== 'ltc' || !ipnNames(row, ipn)) return undefined;
    if (row.status === 'completed') return undefined;
    if (ipn.payment_status === 'finished') return completePaymentIn(deps, tx, row, {}, SYSTEM_ACTOR);
    const status = LTC_STATUS[ipn.payment_status];
    if (status && status !== row.status) {
      await repo.updatePayment(tx, row.vendorId, row.id, { status });
    }
    return undefined;
  });
  await resumePaidBot(deps, paid);
}
