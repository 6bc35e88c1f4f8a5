import { starsFor } from '@app/contracts/payments';
import type { BillingPeriod, Plan } from '@app/contracts/plans';
import { recordEvent, SYSTEM_ACTOR } from '../events/record-event';
import {
  completePaymentIn,
  cryptoProvider,
  type PaymentsDeps,
  payloadOf,
  resumePaidBot,
  walletEvent,
} from './payment-steps.service';
import * as repo from './payments.repository';

// Payments the platform makes on the vendor's behalf (modules/billing's daily collection): a bot's plan renewed
// from the wallet or by a card the billing module has charged. Each is keyed by the billing attempt it pays for
// (the attempt's id becomes the payment's), so one attempt never pays twice, however often it is asked.

export type RenewalPayment = {
  /** The billing attempt's id: the payment's id, so a repeat of the attempt finds it paid. */
  paymentId: string;
  vendorId: string;
  botId: string;
  botUsername: string | null;
  plan: Exclude<Plan, 'FREE'>;
  period: BillingPeriod;
  amountMinor: number;
  /** `card`: the card provider has charged it (`chargeId`); `wallet`: debited here, under the wallet lock. */
  method: 'wallet' | 'card';
  chargeId?: string;
};

export type RenewalResult = { ok: true } | { ok: false; reason: 'insufficient_funds'; balanceMinor: number };

/**
 * Renews a bot's plan for one more period, in one transaction: the payment (a renewal), the wallet's debit when
 * paid from the wallet (refused, nothing written, when the balance does not hold it), then the period, the
 * invoice and the events as any completed payment. After commit the bot starts again if the expiry had stopped it.
 */
export async function payRenewal(deps: PaymentsDeps, r: RenewalPayment): Promise<RenewalResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    if (r.method === 'wallet') await repo.lockWallet(tx, r.vendorId);
    // This attempt paid already (a repeated run): nothing more.
    if (await repo.findPaymentById(tx, r.paymentId))
      return { result: { ok: true as const }, paid: undefined };
    if (r.method === 'wallet') {
      const balance = await repo.walletBalance(tx, r.vendorId);
      if (balance < r.amountMinor) {
        return {
          result: { ok: false as const, reason: 'insufficient_funds' as const, balanceMinor: balance },
          paid: undefined,
        };
      }
    }
    const payment = await repo.insertPayment(tx, {
      id: r.paymentId,
      vendorId: r.vendorId,
      purpose: 'subscription',
      method: r.method,
      kind: 'renew',
      botId: r.botId,
      botUsername: r.botUsername,
      plan: r.plan,
      period: r.period,
      amountMinor: r.amountMinor,
      providerPaymentId: r.chargeId ?? null,
    });
    if (r.method === 'wallet') {
      await repo.insertLedgerRow(tx, {
        vendorId: r.vendorId,
        amountMinor: -r.amountMinor,
        reason: 'subscription',
        reference: payment.id,
      });
      await recordEvent(tx, walletEvent('wallet.debited', payment, SYSTEM_ACTOR));
    }
    const paid = await completePaymentIn(deps, tx, payment, {}, SYSTEM_ACTOR);
    return { result: { ok: true as const }, paid };
  });
  await resumePaidBot(deps, outcome.paid);
  return outcome.result;
}

/** The bots whose plan Telegram renews as a Star subscription (their cards say auto-renew): not ours to charge. */
export async function starSubscribedBots(deps: PaymentsDeps, vendorId: string): Promise<Set<string>> {
  const rows = await repo.latestStarSubscriptions(deps.db, vendorId);
  return new Set(rows.flatMap((r) => (r.botId ? [r.botId] : [])));
}

/** What an invoice the platform sends the vendor pays for (modules/billing: their default is Stars or Litecoin). */
export type InvoiceRequest = {
  /** The billing attempt's id: the payment's id, so a repeat of the attempt finds the invoice made. */
  paymentId: string;
  vendorId: string;
  method: 'stars' | 'ltc';
  amountMinor: number;
  /** A month's fee statement, or one more period of a bot's plan. */
  for:
    | { kind: 'fees'; month: string }
    | {
        kind: 'renewal';
        botId: string;
        botUsername: string | null;
        plan: Exclude<Plan, 'FREE'>;
        period: BillingPeriod;
      };
};

/** The invoice made: the Stars to ask for under a payload, or the crypto provider's pay page. */
export type InvoiceMade =
  | { method: 'stars'; paymentId: string; payload: string; stars: number }
  | { method: 'ltc'; paymentId: string; url: string };

/** The prefix of a Litecoin payment's provider id when it is a hosted invoice (its IPNs carry `invoice_id`). */
export const INVOICE_ID_PREFIX = 'invoice:';

/**
 * A pending payment for something the vendor pays by invoice: Stars (the platform bot then sends it as an invoice
 * message, `pay:<id>` its payload) or Litecoin (a hosted invoice at the crypto provider, its page the pay link).
 * Its completion (Telegram's successful_payment, the provider's IPN) applies it like any payment: a renewal's
 * period, or, for fees, `deps.onFeesPaid` (modules/billing settles the statement). Once per attempt.
 */
export async function requestInvoicePayment(deps: PaymentsDeps, req: InvoiceRequest): Promise<InvoiceMade> {
  const existing = await repo.findPaymentById(deps.db, req.paymentId);
  const renewal = req.for.kind === 'renewal' ? req.for : null;
  const row =
    existing ??
    (await repo.insertPayment(deps.db, {
      id: req.paymentId,
      vendorId: req.vendorId,
      purpose: renewal ? 'subscription' : 'fees',
      method: req.method,
      kind: 'renew',
      botId: renewal?.botId ?? null,
      botUsername: renewal?.botUsername ?? null,
      plan: renewal?.plan ?? null,
      period: renewal?.period ?? null,
      amountMinor: req.amountMinor,
      starsAmount: req.method === 'stars' ? starsFor(req.amountMinor, deps.starsPerUsd) : null,
    }));
  if (row.method === 'stars') {
    return { method: 'stars', paymentId: row.id, payload: payloadOf(row.id), stars: row.starsAmount ?? 0 };
  }
  if (row.invoiceUrl) return { method: 'ltc', paymentId: row.id, url: row.invoiceUrl };
  const crypto = cryptoProvider(deps);
  const what =
    req.for.kind === 'fees'
      ? `Plan fees ${req.for.month}`
      : `@${req.for.botUsername ?? req.for.botId}: ${req.for.plan} plan (${req.for.period})`;
  const invoice = await crypto.createInvoice({
    price_amount: row.amountMinor / 100,
    price_currency: 'usd',
    ipn_callback_url: `${deps.publicUrl}/api/v1/payments/ltc/ipn`,
    order_id: row.id,
    order_description: what,
  });
  await repo.updatePayment(deps.db, row.vendorId, row.id, {
    providerPaymentId: `${INVOICE_ID_PREFIX}${invoice.id}`,
    invoiceUrl: invoice.invoice_url,
    payCurrency: 'LTC',
  });
  return { method: 'ltc', paymentId: row.id, url: invoice.invoice_url };
}
