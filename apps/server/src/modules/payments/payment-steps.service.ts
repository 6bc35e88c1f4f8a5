import { type CreatePaymentBody, type Payment, STAR_SUBSCRIPTION_PERIOD_S } from '@app/contracts/payments';
import type { Db, Tx } from '../../db/types';
import { type Actor, eventActorOf, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { CryptoProvider } from '../../lib/nowpayments';
import type { BotApi } from '../../lib/telegram/bot-api';
import type { BotsService } from '../bots/bots.service';
import { type EventActor, recordEvent } from '../events/record-event';
import { isSubscriptionLive, type SubscriptionsService } from '../subscriptions/subscriptions.service';
import * as repo from './payments.repository';

// The steps every way of paying shares: the deps, a payment as the API shows it, asking Telegram or the crypto
// provider for the means to pay, and completing a payment once (period, wallet credit, invoice, events).

export type PaymentsLogger = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

export type PaymentsDeps = {
  db: Db;
  botApi: BotApi;
  platformBotToken: string;
  publicUrl: string;
  starsPerUsd: number;
  /** null when no crypto provider is configured: Litecoin answers "unavailable". */
  crypto: CryptoProvider | null;
  subscriptions: SubscriptionsService;
  bots: Pick<BotsService, 'namesOf'>;
  /**
   * Asks for a bot to start again once a payment made its subscription live (bots.resumeAfterPayment: only a
   * bot the expiry stopped starts). Called after the payment's transaction commits; main.ts queues it as a
   * `bots.resume` job.
   */
  resumeBot?: (vendorId: string, botId: string) => Promise<unknown>;
  /**
   * A fee statement's payment completed (an invoice the vendor paid in Stars or Litecoin), in its transaction:
   * modules/billing settles the statement (app.ts wires it). Without it the payment is kept, the statement unpaid.
   */
  onFeesPaid?: (
    tx: Tx,
    paid: { vendorId: string; paymentId: string; method: string; at: Date },
  ) => Promise<void>;
  now?: () => Date;
  log?: PaymentsLogger;
};

/** The deps' clock, else the real one. */
export const nowOf = (deps: Pick<PaymentsDeps, 'now'>) => deps.now?.() ?? new Date();

const PAYLOAD_PREFIX = 'pay:';
/** A Stars invoice's payload naming the payment it pays. */
export const payloadOf = (paymentId: string) => `${PAYLOAD_PREFIX}${paymentId}`;
/** A payment id as we issue them (a UUID); anything else names no payment. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The payment a Stars invoice payload names, or null when it names none of ours. */
export const paymentIdOf = (payload: string) => {
  const id = payload.startsWith(PAYLOAD_PREFIX) ? payload.slice(PAYLOAD_PREFIX.length) : '';
  return UUID.test(id) ? id : null;
};

/** The caller as an event's actor. */
export const actorOf = (actor: Pick<Actor, 'kind' | 'telegramId' | 'apiKey'>): EventActor =>
  eventActorOf(actor);

/** A wallet change as the activity feed and audit trail see it. */
export const walletEvent = (
  type: 'wallet.credited' | 'wallet.debited',
  p: repo.PaymentRow,
  actor: EventActor,
) => ({
  vendorId: p.vendorId,
  botId: p.botId,
  type,
  actor,
  subject: { kind: 'wallet' as const, id: p.id },
  payload: {
    paymentId: p.id,
    method: p.method,
    amountMinor: p.amountMinor,
    currency: 'USD',
    plan: p.plan,
    botUsername: p.botUsername,
  },
});

/** An error's message for the log. */
export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A payment of the caller's vendor and bots; PAYMENT_NOT_FOUND for any other. */
export async function mustFindPayment(deps: PaymentsDeps, actor: Actor, paymentId: string) {
  const row = await repo.findPayment(deps.db, actor.vendorId, paymentId);
  if (!row || (row.botId && !inBotScope(actor.botIds, row.botId))) throw new AppError('PAYMENT_NOT_FOUND');
  return row;
}

/** A payment as the API shows it, with whether its bot's paid subscription is live now. */
export async function presentPayment(deps: PaymentsDeps, row: repo.PaymentRow): Promise<Payment> {
  let subscriptionActive = false;
  if (row.botId) {
    const current = await deps.subscriptions.currentOf(row.vendorId, [row.botId]);
    const s = current(row.botId);
    subscriptionActive = s.status === 'active' && isSubscriptionLive(s);
  }
  return {
    id: row.id,
    purpose: row.purpose,
    method: row.method,
    status: row.status,
    kind: row.kind,
    botId: row.botId,
    plan: row.plan,
    period: row.period,
    amountMinor: row.amountMinor,
    currency: 'USD',
    starsAmount: row.starsAmount,
    starSubscription: row.starSubscription,
    invoiceUrl: row.invoiceUrl,
    payAddress: row.payAddress,
    payAmount: row.payAmount,
    payCurrency: row.payCurrency,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    subscriptionActive,
  };
}

/** The bot (in the caller's scope) and what the plan costs for it now. */
export async function pricedPlan(deps: PaymentsDeps, actor: Actor, body: CreatePaymentBody) {
  const [bot] = await deps.bots.namesOf(actor, body.botId);
  if (!bot) throw new AppError('BOT_NOT_FOUND');
  const quote = await deps.subscriptions.quote(actor.vendorId, body.botId, body.plan, body.period);
  return { bot, quote };
}

/** The row of a plan payment by `method` at the priced amount, as the caller asks for it. */
export function planPaymentRow(
  actor: Actor,
  body: CreatePaymentBody,
  { bot, quote }: Awaited<ReturnType<typeof pricedPlan>>,
  method: repo.PaymentRow['method'],
): repo.NewPaymentRow {
  return {
    vendorId: actor.vendorId,
    purpose: 'subscription',
    method,
    kind: quote.kind,
    botId: bot.id,
    botUsername: bot.username,
    plan: body.plan,
    period: body.period,
    amountMinor: quote.amountMinor,
    createdBy: actor.telegramId,
  };
}

/**
 * Completes a payment once, inside one transaction: marks it completed (a second call finds it completed
 * and does nothing), applies the period or credits the wallet, issues its invoice and records
 * `subscription.started` / `subscription.renewed` (or `wallet.credited`). Answers the payment when this call
 * completed it.
 */
export async function completePaymentIn(
  deps: PaymentsDeps,
  tx: Tx,
  row: repo.PaymentRow,
  extra: Partial<repo.NewPaymentRow>,
  actor: EventActor,
): Promise<repo.PaymentRow | undefined> {
  const done = await repo.markCompleted(tx, row.vendorId, row.id, { ...extra, completedAt: nowOf(deps) });
  if (!done) return undefined;
  if (done.purpose === 'subscription' && done.botId && done.plan && done.period) {
    await deps.subscriptions.applyPaidPeriod(tx, {
      vendorId: done.vendorId,
      botId: done.botId,
      plan: done.plan,
      period: done.period,
      kind: done.kind,
      amountMinor: done.amountMinor,
      paymentId: done.id,
      method: done.method,
      botUsername: done.botUsername,
      actor,
    });
  } else if (done.purpose === 'fees') {
    // The month's statement is its own invoice (its PDF): no invoice of ours for the payment.
    await deps.onFeesPaid?.(tx, {
      vendorId: done.vendorId,
      paymentId: done.id,
      method: done.method,
      at: nowOf(deps),
    });
    return done;
  } else if (done.purpose === 'topup') {
    await repo.insertLedgerRow(tx, {
      vendorId: done.vendorId,
      amountMinor: done.amountMinor,
      reason: 'topup',
      reference: done.id,
    });
    await recordEvent(tx, walletEvent('wallet.credited', done, actor));
  }
  const issuedAt = nowOf(deps);
  await repo.insertInvoice(tx, {
    vendorId: done.vendorId,
    number: `INV-${issuedAt.toISOString().slice(0, 10).replaceAll('-', '')}-${done.id.slice(0, 8).toUpperCase()}`,
    paymentId: done.id,
    botId: done.botId,
    botName: done.botUsername ? `@${done.botUsername}` : null,
    plan: done.plan,
    period: done.period,
    purpose: done.purpose,
    amountMinor: done.amountMinor,
    starsAmount: done.starsAmount,
    method: done.method,
    issuedAt,
  });
  return done;
}

/**
 * After a completed plan payment has committed: its bot starts again if the expiry had stopped it. The payment
 * stands whatever happens here, so a failure to ask is logged, not thrown.
 */
export async function resumePaidBot(deps: PaymentsDeps, paid: repo.PaymentRow | undefined) {
  if (paid?.purpose !== 'subscription' || !paid.botId || !deps.resumeBot) return;
  try {
    await deps.resumeBot(paid.vendorId, paid.botId);
  } catch (err) {
    deps.log?.warn({ botId: paid.botId, err: errorText(err) }, 'a paid bot could not be started again');
  }
}

/** Creates a Stars invoice link for a payment row (Star subscription when it may be one). */
export async function requestStarsInvoice(
  deps: PaymentsDeps,
  row: repo.PaymentRow,
  title: string,
  description: string,
) {
  try {
    const url = await deps.botApi.call<string>(deps.platformBotToken, 'createInvoiceLink', {
      title,
      description,
      payload: payloadOf(row.id),
      provider_token: '',
      currency: 'XTR',
      prices: [{ label: title, amount: row.starsAmount }],
      ...(row.starSubscription && { subscription_period: STAR_SUBSCRIPTION_PERIOD_S }),
    });
    return (await repo.updatePayment(deps.db, row.vendorId, row.id, { invoiceUrl: url })) ?? row;
  } catch (err) {
    deps.log?.warn({ paymentId: row.id, err: errorText(err) }, 'createInvoiceLink failed');
    await repo.updatePayment(deps.db, row.vendorId, row.id, { status: 'failed' });
    throw new AppError('PAYMENT_INVOICE_FAILED');
  }
}

/**
 * The configured crypto provider; LITECOIN_UNAVAILABLE (503) when there is none. Asked before a payment row is
 * written, so a refused Litecoin payment leaves nothing behind.
 */
export function cryptoProvider(deps: PaymentsDeps): NonNullable<PaymentsDeps['crypto']> {
  if (!deps.crypto) throw new AppError('LITECOIN_UNAVAILABLE');
  return deps.crypto;
}

/** Asks the crypto provider for a Litecoin pay address for a payment row. */
export async function requestLtcAddress(deps: PaymentsDeps, row: repo.PaymentRow, description: string) {
  const crypto = cryptoProvider(deps);
  try {
    const p = await crypto.createPayment({
      price_amount: row.amountMinor / 100,
      price_currency: 'usd',
      pay_currency: 'ltc',
      ipn_callback_url: `${deps.publicUrl}/api/v1/payments/ltc/ipn`,
      order_id: row.id,
      order_description: description,
    });
    return (
      (await repo.updatePayment(deps.db, row.vendorId, row.id, {
        providerPaymentId: String(p.payment_id),
        payAddress: p.pay_address,
        payAmount: String(p.pay_amount),
        payCurrency: p.pay_currency.toUpperCase(),
      })) ?? row
    );
  } catch (err) {
    deps.log?.warn({ paymentId: row.id, err: errorText(err) }, 'crypto provider refused a payment');
    await repo.updatePayment(deps.db, row.vendorId, row.id, { status: 'failed' });
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  }
}
