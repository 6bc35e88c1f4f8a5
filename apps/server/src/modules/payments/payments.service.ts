import {
  type CreatePaymentBody,
  type FeeStatement,
  type Invoice,
  type InvoiceList,
  PAYMENT_MESSAGES,
  type Payment,
  type PaymentMethod,
  type PricesResponse,
  STAR_SUBSCRIPTION_MAX,
  STAR_SUBSCRIPTION_PERIOD_S,
  type SubscriptionsResponse,
  starsFor,
  type TopUpBody,
  type WalletBalance,
} from '@app/contracts/payments';
import { PLANS } from '@app/contracts/plans';
import type { Db, Tx } from '../../db/types';
import { type Actor, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { CryptoProvider, ProviderStatus } from '../../lib/nowpayments';
import type { BotApi } from '../../lib/telegram/bot-api';
import type { BotsService } from '../bots/bots.service';
import { type EventActor, recordEvent, SYSTEM_ACTOR } from '../events/record-event';
import { isSubscriptionLive, type SubscriptionsService } from '../subscriptions/subscriptions.service';
import { renderFeeStatementPdf, renderInvoicePdf } from './invoice-pdf';
import * as repo from './payments.repository';
import { formatUsd } from './usd';

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
  now?: () => Date;
  log?: PaymentsLogger;
};

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

const PAYLOAD_PREFIX = 'pay:';
const payloadOf = (paymentId: string) => `${PAYLOAD_PREFIX}${paymentId}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const paymentIdOf = (payload: string) => {
  const id = payload.startsWith(PAYLOAD_PREFIX) ? payload.slice(PAYLOAD_PREFIX.length) : '';
  return UUID.test(id) ? id : null;
};

const actorOf = (actor: Pick<Actor, 'kind' | 'telegramId'>): EventActor => ({
  kind: actor.kind,
  id: String(actor.telegramId),
});

/** A wallet change as the activity feed and audit trail see it. */
const walletEvent = (type: 'wallet.credited' | 'wallet.debited', p: repo.PaymentRow, actor: EventActor) => ({
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

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

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

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, subscriptions } = deps;
  const now = () => deps.now?.() ?? new Date();

  async function mustFindPayment(actor: Actor, paymentId: string) {
    const row = await repo.findPayment(db, actor.vendorId, paymentId);
    if (!row || (row.botId && !inBotScope(actor.botIds, row.botId))) throw new AppError('PAYMENT_NOT_FOUND');
    return row;
  }

  async function present(row: repo.PaymentRow): Promise<Payment> {
    let subscriptionActive = false;
    if (row.botId) {
      const current = await subscriptions.currentOf(row.vendorId, [row.botId]);
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
  async function priced(actor: Actor, body: CreatePaymentBody) {
    const [bot] = await deps.bots.namesOf(actor, body.botId);
    if (!bot) throw new AppError('BOT_NOT_FOUND');
    const quote = await subscriptions.quote(actor.vendorId, body.botId, body.plan, body.period);
    return { bot, quote };
  }

  /**
   * Completes a payment once, inside one transaction: marks it completed (a second call finds it completed
   * and does nothing), applies the period or credits the wallet, issues its invoice and records
   * `subscription.started` / `subscription.renewed` (or `wallet.credited`). Answers the payment when this call
   * completed it.
   */
  async function completeIn(
    tx: Tx,
    row: repo.PaymentRow,
    extra: Partial<repo.NewPaymentRow>,
    actor: EventActor,
  ): Promise<repo.PaymentRow | undefined> {
    const done = await repo.markCompleted(tx, row.vendorId, row.id, { ...extra, completedAt: now() });
    if (!done) return undefined;
    if (done.purpose === 'subscription' && done.botId && done.plan && done.period) {
      await subscriptions.applyPaidPeriod(tx, {
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
    } else if (done.purpose === 'topup') {
      await repo.insertLedgerRow(tx, {
        vendorId: done.vendorId,
        amountMinor: done.amountMinor,
        reason: 'topup',
        reference: done.id,
      });
      await recordEvent(tx, walletEvent('wallet.credited', done, actor));
    }
    const issuedAt = now();
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
  async function resumeBotOf(paid: repo.PaymentRow | undefined) {
    if (paid?.purpose !== 'subscription' || !paid.botId || !deps.resumeBot) return;
    try {
      await deps.resumeBot(paid.vendorId, paid.botId);
    } catch (err) {
      deps.log?.warn({ botId: paid.botId, err: errorText(err) }, 'a paid bot could not be started again');
    }
  }

  /** Creates a Stars invoice link for a payment row (Star subscription when it may be one). */
  async function starsInvoice(row: repo.PaymentRow, title: string, description: string) {
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
      return (await repo.updatePayment(db, row.vendorId, row.id, { invoiceUrl: url })) ?? row;
    } catch (err) {
      deps.log?.warn({ paymentId: row.id, err: errorText(err) }, 'createInvoiceLink failed');
      await repo.updatePayment(db, row.vendorId, row.id, { status: 'failed' });
      throw new AppError('PAYMENT_INVOICE_FAILED');
    }
  }

  /** Asks the crypto provider for a Litecoin pay address for a payment row. */
  async function ltcAddress(row: repo.PaymentRow, description: string) {
    if (!deps.crypto) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    try {
      const p = await deps.crypto.createPayment({
        price_amount: row.amountMinor / 100,
        price_currency: 'usd',
        pay_currency: 'ltc',
        ipn_callback_url: `${deps.publicUrl}/api/v1/payments/ltc/ipn`,
        order_id: row.id,
        order_description: description,
      });
      return (
        (await repo.updatePayment(db, row.vendorId, row.id, {
          providerPaymentId: String(p.payment_id),
          payAddress: p.pay_address,
          payAmount: String(p.pay_amount),
          payCurrency: p.pay_currency.toUpperCase(),
        })) ?? row
      );
    } catch (err) {
      deps.log?.warn({ paymentId: row.id, err: errorText(err) }, 'crypto provider refused a payment');
      await repo.updatePayment(db, row.vendorId, row.id, { status: 'failed' });
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    }
  }

  async function botIdsWithStarSubscription(vendorId: string) {
    const rows = await repo.latestStarSubscriptions(db, vendorId);
    return new Map(rows.filter((r) => r.botId).map((r) => [r.botId as string, r]));
  }

  const toInvoice = (r: repo.InvoiceRow): Invoice => ({
    id: r.id,
    number: r.number,
    paymentId: r.paymentId,
    botId: r.botId,
    botName: r.botName,
    plan: r.plan,
    period: r.period,
    purpose: r.purpose,
    amountMinor: r.amountMinor,
    currency: r.currency,
    method: r.method,
    status: r.status,
    issuedAt: r.issuedAt.toISOString(),
  });

  /** The month (UTC) of a moment, 'YYYY-MM'. */
  const monthOf = (at: Date) => at.toISOString().slice(0, 7);

  const toFeeStatement = (vendorId: string, t: repo.FeeMonthTotals): FeeStatement => ({
    ...t,
    number: `FEES-${t.month.replace('-', '')}-${vendorId.slice(0, 8).toUpperCase()}`,
    totalMinor: t.feesMinor - t.reversedMinor,
    currency: 'USD',
  });

  /** The plan fee statements of the caller's bots, newest first, the current month always first. */
  async function feeStatements(actor: Actor): Promise<FeeStatement[]> {
    const months = await repo.planFeeMonths(db, actor.vendorId, actor.botIds);
    const current = monthOf(now());
    const none = { orders: 0, salesUsdMinor: 0, feesMinor: 0, refundedOrders: 0, reversedMinor: 0 };
    const withCurrent = months.some((m) => m.month === current)
      ? months
      : [{ month: current, ...none }, ...months];
    return withCurrent.map((m) => toFeeStatement(actor.vendorId, m));
  }

  return {
    /** Plan prices in USD and Stars at the configured rate. */
    prices(): PricesResponse {
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
    },

    /** The /subscriptions cards of the caller's bots. */
    async listSubscriptions(actor: Actor): Promise<SubscriptionsResponse> {
      const bots = await deps.bots.namesOf(actor);
      const starSubs = await botIdsWithStarSubscription(actor.vendorId);
      return { subscriptions: await subscriptions.cards(actor.vendorId, bots, (id) => starSubs.has(id)) };
    },

    /**
     * Cancels at the period's end; a Star subscription is also cancelled on Telegram (after commit, logged
     * when Telegram refuses: the bot expires at its end either way).
     */
    async cancelSubscription(actor: Actor, botId: string) {
      const [bot] = await deps.bots.namesOf(actor, botId);
      if (!bot) throw new AppError('BOT_NOT_FOUND');
      await db.transaction((tx) => subscriptions.cancel(tx, actor.vendorId, bot, actorOf(actor)));
      const star = (await botIdsWithStarSubscription(actor.vendorId)).get(botId);
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
      const [card] = (await this.listSubscriptions(actor)).subscriptions.filter((c) => c.botId === botId);
      if (!card) throw new AppError('BOT_NOT_FOUND');
      return card;
    },

    async getPayment(actor: Actor, paymentId: string): Promise<Payment> {
      return present(await mustFindPayment(actor, paymentId));
    },

    /** A Stars invoice for a plan: monthly as a Telegram Star subscription when it is ≤ 10,000 Stars. */
    async createStars(actor: Actor, body: CreatePaymentBody): Promise<Payment> {
      const { bot, quote } = await priced(actor, body);
      const starsAmount = starsFor(quote.amountMinor, deps.starsPerUsd);
      const starSubscription =
        body.period === 'monthly' && quote.kind !== 'upgrade' && starsAmount <= STAR_SUBSCRIPTION_MAX;
      const row = await repo.insertPayment(db, {
        vendorId: actor.vendorId,
        purpose: 'subscription',
        method: 'stars',
        kind: quote.kind,
        botId: bot.id,
        botUsername: bot.username,
        plan: body.plan,
        period: body.period,
        amountMinor: quote.amountMinor,
        starsAmount,
        starSubscription,
        createdBy: actor.telegramId,
      });
      const title = `${body.plan} plan (${body.period})`;
      return present(await starsInvoice(row, title, `@${bot.username}: ${title}`));
    },

    /** A Litecoin payment through the crypto provider: a pay address and amount. */
    async createLtc(actor: Actor, body: CreatePaymentBody): Promise<Payment> {
      const { bot, quote } = await priced(actor, body);
      const row = await repo.insertPayment(db, {
        vendorId: actor.vendorId,
        purpose: 'subscription',
        method: 'ltc',
        kind: quote.kind,
        botId: bot.id,
        botUsername: bot.username,
        plan: body.plan,
        period: body.period,
        amountMinor: quote.amountMinor,
        createdBy: actor.telegramId,
      });
      return present(await ltcAddress(row, `@${bot.username}: ${body.plan} plan (${body.period})`));
    },

    /** Wallet funds through Stars or Litecoin, credited by the same verified callbacks. */
    async createTopUp(actor: Actor, body: TopUpBody): Promise<Payment> {
      const row = await repo.insertPayment(db, {
        vendorId: actor.vendorId,
        purpose: 'topup',
        method: body.method,
        amountMinor: body.amountMinor,
        starsAmount: body.method === 'stars' ? starsFor(body.amountMinor, deps.starsPerUsd) : null,
        createdBy: actor.telegramId,
      });
      const title = `Wallet top-up ${formatUsd(body.amountMinor)}`;
      return present(
        body.method === 'stars' ? await starsInvoice(row, title, title) : await ltcAddress(row, title),
      );
    },

    async walletBalance(actor: Actor): Promise<WalletBalance> {
      const minor = await repo.walletBalance(db, actor.vendorId);
      return { balance: minor / 100, balanceMinor: minor, currency: 'USD' };
    },

    /**
     * Pays a plan from the wallet: in one transaction (the vendor's wallet locked), checks the balance, writes
     * the debit and completes the payment. Two payments at once are serialised: the second sees the first's
     * debit, so the balance never goes below zero.
     */
    async payFromWallet(actor: Actor, body: CreatePaymentBody): Promise<Payment> {
      const { bot, quote } = await priced(actor, body);
      const row = await db.transaction(async (tx) => {
        await repo.lockWallet(tx, actor.vendorId);
        const balance = await repo.walletBalance(tx, actor.vendorId);
        if (balance < 0) throw new AppError('WALLET_BALANCE_INVALID');
        if (balance < quote.amountMinor) {
          throw new AppError(
            'INSUFFICIENT_BALANCE',
            PAYMENT_MESSAGES.insufficient(formatUsd(quote.amountMinor), formatUsd(balance)),
            { priceMinor: quote.amountMinor, balanceMinor: balance },
          );
        }
        const payment = await repo.insertPayment(tx, {
          vendorId: actor.vendorId,
          purpose: 'subscription',
          method: 'wallet',
          kind: quote.kind,
          botId: bot.id,
          botUsername: bot.username,
          plan: body.plan,
          period: body.period,
          amountMinor: quote.amountMinor,
          createdBy: actor.telegramId,
        });
        await repo.insertLedgerRow(tx, {
          vendorId: actor.vendorId,
          amountMinor: -quote.amountMinor,
          reason: 'subscription',
          reference: payment.id,
        });
        await recordEvent(tx, walletEvent('wallet.debited', payment, actorOf(actor)));
        await completeIn(tx, payment, {}, actorOf(actor));
        return payment;
      });
      await resumeBotOf(row);
      return present(await mustFindPayment(actor, row.id));
    },

    async listInvoices(actor: Actor): Promise<InvoiceList> {
      const rows = await repo.listInvoices(db, actor.vendorId);
      return {
        invoices: rows.filter((r) => !r.botId || inBotScope(actor.botIds, r.botId)).map(toInvoice),
        feeStatements: await feeStatements(actor),
      };
    },

    /** A month's plan fee statement as a PDF: its totals and a line per bot and fee rate. */
    async feeStatementPdf(actor: Actor, month: string): Promise<{ number: string; pdf: Buffer }> {
      const from = new Date(`${month}-01T00:00:00Z`);
      const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
      const lines = await repo.planFeeLines(db, actor.vendorId, actor.botIds, from, to);
      const sum = (key: keyof Omit<repo.FeeMonthTotals, 'month'>) => lines.reduce((s, l) => s + l[key], 0);
      const statement = toFeeStatement(actor.vendorId, {
        month,
        orders: sum('orders'),
        salesUsdMinor: sum('salesUsdMinor'),
        feesMinor: sum('feesMinor'),
        refundedOrders: sum('refundedOrders'),
        reversedMinor: sum('reversedMinor'),
      });
      const names = new Map((await deps.bots.namesOf(actor)).map((b) => [b.id, `@${b.username}`]));
      const pdf = await renderFeeStatementPdf({
        vendorId: actor.vendorId,
        statement,
        issuedAt: now(),
        lines: lines.map((l) => ({ ...l, botName: names.get(l.botId) ?? null })),
      });
      return { number: statement.number, pdf };
    },

    async invoicePdf(actor: Actor, invoiceId: string): Promise<{ number: string; pdf: Buffer }> {
      const row = await repo.findInvoice(db, actor.vendorId, invoiceId);
      if (!row || (row.botId && !inBotScope(actor.botIds, row.botId)))
        throw new AppError('INVOICE_NOT_FOUND');
      return { number: row.number, pdf: await renderInvoicePdf(row) };
    },

    /**
     * Telegram asks whether to take the payment (answer within 10 s): yes only for a pending payment of ours
     * whose currency and amount match what we asked for.
     */
    async answerPreCheckout(q: PreCheckoutQuery): Promise<void> {
      const id = paymentIdOf(q.invoice_payload);
      const row = id ? await repo.findPaymentById(db, id) : undefined;
      let error: string | null = null;
      if (row?.method !== 'stars') error = PAYMENT_MESSAGES.invalidPlan;
      else if (row.status !== 'pending') error = PAYMENT_MESSAGES.paymentFailed;
      else if (q.currency !== 'XTR' || q.total_amount !== row.starsAmount)
        error = PAYMENT_MESSAGES.paymentFailed;
      await deps.botApi.call(deps.platformBotToken, 'answerPreCheckoutQuery', {
        pre_checkout_query_id: q.id,
        ok: error === null,
        ...(error !== null && { error_message: error }),
      });
    },

    /**
     * A Stars payment arrived: completes its payment once per charge id. A Star subscription's renewal (the
     * same payload, a new charge id, the first payment already completed) adds one period as a payment of its own.
     */
    async receiveStars(sp: SuccessfulPayment, payerId: number): Promise<'completed' | 'renewed' | 'ignored'> {
      const id = paymentIdOf(sp.invoice_payload);
      if (!id || sp.currency !== 'XTR') return 'ignored';
      const ignored = { outcome: 'ignored' as const, paid: undefined };
      const result = await db.transaction(async (tx) => {
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
          const paid = await completeIn(tx, row, extra, payer);
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
        return { outcome: 'renewed' as const, paid: await completeIn(tx, renewal, extra, SYSTEM_ACTOR) };
      });
      await resumeBotOf(result.paid);
      return result.outcome;
    },

    /**
     * Refunds a completed Stars payment (an operator's action, see admin/refund-star-payment.ts): Telegram
     * returns the Stars first (refundStarPayment); then, in one transaction, the payment and its invoice are
     * marked refunded and its period is taken back (or, for a top-up, its credit is debited again).
     */
    async refundStars(paymentId: string): Promise<void> {
      const row = UUID.test(paymentId) ? await repo.findPaymentById(db, paymentId) : undefined;
      if (!row) throw new AppError('PAYMENT_NOT_FOUND');
      if (
        row.method !== 'stars' ||
        row.status !== 'completed' ||
        !row.telegramChargeId ||
        !row.payerTelegramId
      ) {
        throw new AppError('PAYMENT_NOT_REFUNDABLE');
      }
      await deps.botApi.call(deps.platformBotToken, 'refundStarPayment', {
        user_id: row.payerTelegramId,
        telegram_payment_charge_id: row.telegramChargeId,
      });
      await db.transaction(async (tx) => {
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
          await subscriptions.reversePeriod(tx, {
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
    },

    /**
     * A verified IPN from the crypto provider: moves the payment's status; `finished` completes it (once);
     * `partially_paid` never does. Unknown payments are ignored.
     */
    async receiveIpn(ipn: Ipn): Promise<void> {
      const id = typeof ipn.order_id === 'string' && UUID.test(ipn.order_id) ? ipn.order_id : null;
      if (!id) return;
      const paid = await db.transaction(async (tx) => {
        const row = await repo.lockPayment(tx, id);
        if (row?.method !== 'ltc' || row.providerPaymentId !== String(ipn.payment_id)) return undefined;
        if (row.status === 'completed') return undefined;
        if (ipn.payment_status === 'finished') return completeIn(tx, row, {}, SYSTEM_ACTOR);
        const status = LTC_STATUS[ipn.payment_status];
        if (status && status !== row.status) {
          await repo.updatePayment(tx, row.vendorId, row.id, { status });
        }
        return undefined;
      });
      await resumeBotOf(paid);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
export type { PaymentMethod };
