import {
  type CreatePaymentBody,
  type Payment,
  type PaymentMethod,
  type PricesResponse,
  STAR_SUBSCRIPTION_MAX,
  type SubscriptionCard,
  type SubscriptionsResponse,
  starsFor,
  type TopUpBody,
} from '@app/contracts/payments';
import { PLANS } from '@app/contracts/plans';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import {
  feeStatementPdf,
  invoicePdf,
  listInvoices,
  mustFindFeeStatement,
  mustFindInvoice,
} from './invoices.service';
import {
  answerPreCheckout,
  type Ipn,
  type PreCheckoutQuery,
  receiveIpn,
  receiveStars,
  refundStars,
  type SuccessfulPayment,
} from './payment-callbacks.service';
import {
  actorOf,
  cryptoProvider,
  errorText,
  mustFindPayment,
  type PaymentsDeps,
  planPaymentRow,
  presentPayment,
  pricedPlan,
  requestLtcAddress,
  requestStarsInvoice,
} from './payment-steps.service';
import * as repo from './payments.repository';
import {
  type InvoiceRequest,
  payRenewal,
  type RenewalPayment,
  requestInvoicePayment,
  starSubscribedBots,
} from './system-payments.service';
import {
  createTopUp,
  creditPayoutBackIn,
  debitForFees,
  debitForPayoutIn,
  payFromWallet,
  walletBalance,
  walletBalanceMinor,
} from './wallet.service';

// Plan payments: the prices, the bots' subscription cards, cancelling, and paying a plan with Stars or Litecoin.
// The callbacks that complete payments are in payment-callbacks.service.ts, the wallet in wallet.service.ts,
// invoices in invoices.service.ts; createPaymentsService binds them all.

/** Plan prices in USD and Stars at the configured rate. */
export function planPrices(deps: Pick<PaymentsDeps, 'starsPerUsd'>): PricesResponse {
  const plans = (['BASIC', 'PRO', 'ENTERPRISE'] as const).map((plan) => {
    const monthlyStars = starsFor(PLANS[plan].priceMonthly, deps.starsPerUsd);
    return {
      plan,
      monthlyMinor: PLANS[plan].priceMonthly,
      yearlyMinor: PLANS[plan].priceYearly,
      monthlyStars,
      yearlyStars: starsFor(PLANS[plan].priceYearly, deps.starsPerUsd),
      monthlyStarSubscription: monthlyStars <= STAR_SUBSCRIPTION_MAX,
    };
  });
  return { starsPerUsd: deps.starsPerUsd, plans };
}

/** Each bot's latest Star subscription payment, by bot id. */
async function starSubscriptionsByBot(deps: PaymentsDeps, vendorId: string) {
  const rows = await repo.latestStarSubscriptions(deps.db, vendorId);
  return new Map(rows.filter((r) => r.botId).map((r) => [r.botId as string, r]));
}

/** The /subscriptions cards of the caller's bots. */
export async function listSubscriptions(deps: PaymentsDeps, actor: Actor): Promise<SubscriptionsResponse> {
  const bots = await deps.bots.namesOf(actor);
  const starSubs = await starSubscriptionsByBot(deps, actor.vendorId);
  return {
    subscriptions: await deps.subscriptions.cards(actor.vendorId, bots, (id) => starSubs.has(id)),
  };
}

/**
 * Cancels at the period's end; a Star subscription is also cancelled on Telegram (after commit, logged
 * when Telegram refuses: the bot expires at its end either way).
 */
export async function cancelSubscription(
  deps: PaymentsDeps,
  actor: Actor,
  botId: string,
): Promise<SubscriptionCard> {
  const [bot] = await deps.bots.namesOf(actor, botId);
  if (!bot) throw new AppError('BOT_NOT_FOUND');
  await deps.db.transaction((tx) => deps.subscriptions.cancel(tx, actor.vendorId, bot, actorOf(actor)));
  const star = (await starSubscriptionsByBot(deps, actor.vendorId)).get(botId);
  if (star?.payerTelegramId && star.telegramChargeId) {
    try {
      await deps.botApi.call(deps.platformBotToken, 'editUserStarSubscription', {
        user_id: star.payerTelegramId,
        telegram_payment_charge_id: star.telegramChargeId,
        is_canceled: true,
      });
    } catch (err) {
      deps.log?.warn({ botId, err: errorText(err) }, 'Telegram refused to cancel a Star subscription');
    }
  }
  const [card] = (await listSubscriptions(deps, actor)).subscriptions.filter((c) => c.botId === botId);
  if (!card) throw new AppError('BOT_NOT_FOUND');
  return card;
}

/** One payment of the caller's. */
export async function getPayment(deps: PaymentsDeps, actor: Actor, paymentId: string): Promise<Payment> {
  return presentPayment(deps, await mustFindPayment(deps, actor, paymentId));
}

/** A Stars invoice for a plan: monthly as a Telegram Star subscription when it is ≤ 10,000 Stars. */
export async function createStarsPayment(
  deps: PaymentsDeps,
  actor: Actor,
  body: CreatePaymentBody,
): Promise<Payment> {
  const priced = await pricedPlan(deps, actor, body);
  const starsAmount = starsFor(priced.quote.amountMinor, deps.starsPerUsd);
  const starSubscription =
    body.period === 'monthly' && priced.quote.kind !== 'upgrade' && starsAmount <= STAR_SUBSCRIPTION_MAX;
  const row = await repo.insertPayment(deps.db, {
    ...planPaymentRow(actor, body, priced, 'stars'),
    starsAmount,
    starSubscription,
  });
  const title = `${body.plan} plan (${body.period})`;
  return presentPayment(
    deps,
    await requestStarsInvoice(deps, row, title, `@${priced.bot.username}: ${title}`),
  );
}

/** A Litecoin payment through the crypto provider: a pay address and amount. */
export async function createLtcPayment(
  deps: PaymentsDeps,
  actor: Actor,
  body: CreatePaymentBody,
): Promise<Payment> {
  const priced = await pricedPlan(deps, actor, body);
  cryptoProvider(deps);
  const row = await repo.insertPayment(deps.db, planPaymentRow(actor, body, priced, 'ltc'));
  return presentPayment(
    deps,
    await requestLtcAddress(deps, row, `@${priced.bot.username}: ${body.plan} plan (${body.period})`),
  );
}

/** The payments service: every method bound to `deps`, safe to pass around unbound. */
export function createPaymentsService(deps: PaymentsDeps) {
  return {
    prices: () => planPrices(deps),
    listSubscriptions: (actor: Actor) => listSubscriptions(deps, actor),
    cancelSubscription: (actor: Actor, botId: string) => cancelSubscription(deps, actor, botId),
    getPayment: (actor: Actor, paymentId: string) => getPayment(deps, actor, paymentId),
    createStars: (actor: Actor, body: CreatePaymentBody) => createStarsPayment(deps, actor, body),
    createLtc: (actor: Actor, body: CreatePaymentBody) => createLtcPayment(deps, actor, body),

    createTopUp: (actor: Actor, body: TopUpBody) => createTopUp(deps, actor, body),
    walletBalance: (actor: Actor) => walletBalance(deps, actor),
    payFromWallet: (actor: Actor, body: CreatePaymentBody) => payFromWallet(deps, actor, body),
    /** modules/billing's fee collection: a statement paid from the wallet, once per reference. */
    debitForFees: (vendorId: string, amountMinor: number, reference: string) =>
      debitForFees(deps, vendorId, amountMinor, reference),
    /** modules/billing's payouts: the debit and the credit back, in the payout's transaction; the balance. */
    debitForPayoutIn,
    creditPayoutBackIn,
    walletBalanceMinor: (vendorId: string) => walletBalanceMinor(deps.db, vendorId),
    /** modules/billing's renewals: a bot's plan renewed from the wallet or a charged card, once per attempt. */
    payRenewal: (r: RenewalPayment) => payRenewal(deps, r),
    /** modules/billing: a fee statement or a renewal the vendor pays by a Stars or Litecoin invoice. */
    requestInvoicePayment: (req: InvoiceRequest) => requestInvoicePayment(deps, req),
    /** modules/billing's renewals: the bots Telegram renews as Star subscriptions. */
    starSubscribedBots: (vendorId: string) => starSubscribedBots(deps, vendorId),
    /** modules/billing's fee collection: the vendors with fees before a moment. */
    vendorsWithPlanFees: (before: Date) => repo.vendorsWithPlanFees(deps.db, before),

    listInvoices: (actor: Actor) => listInvoices(deps, actor),
    feeStatementPdf: (actor: Actor, month: string) => feeStatementPdf(deps, actor, month),
    invoicePdf: (actor: Actor, invoiceId: string) => invoicePdf(deps, actor, invoiceId),
    /** Resolves for an invoice of the caller's; INVOICE_NOT_FOUND otherwise (before a link is signed for it). */
    checkInvoice: async (actor: Actor, invoiceId: string) => {
      await mustFindInvoice(deps, actor, invoiceId);
    },
    checkFeeStatement: (actor: Actor, month: string) => mustFindFeeStatement(deps, actor, month),

    answerPreCheckout: (q: PreCheckoutQuery) => answerPreCheckout(deps, q),
    receiveStars: (sp: SuccessfulPayment, payerId: number) => receiveStars(deps, sp, payerId),
    refundStars: (paymentId: string) => refundStars(deps, paymentId),
    receiveIpn: (ipn: Ipn) => receiveIpn(deps, ipn),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
export type { PaymentMethod };
