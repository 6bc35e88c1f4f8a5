import type { BotSubscription } from '@app/contracts/bots';
import { DAY_MS } from '@app/contracts/common';
import type { PaymentKind, SubscriptionCard } from '@app/contracts/payments';
import { type BillingPeriod, PLANS, type Plan, TRIAL_DAYS } from '@app/contracts/plans';
import type { Conn, Db, Tx } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { type EventActor, recordEvent, SYSTEM_ACTOR } from '../events/record-event';
import * as repo from './subscriptions.repository';

/** A paid period's length: 30 days a month (Telegram's Star subscription period), 365 days a year. */
export const PERIOD_MS: Record<BillingPeriod, number> = { monthly: 30 * DAY_MS, yearly: 365 * DAY_MS };

const PLAN_RANK: Record<Plan, number> = { FREE: 0, BASIC: 1, PRO: 2, ENTERPRISE: 3 };

/** A plan's list price for a period, USD cents. */
export const priceOf = (plan: Plan, period: BillingPeriod) =>
  period === 'yearly' ? PLANS[plan].priceYearly : PLANS[plan].priceMonthly;

/** What a payment for a plan costs now, and how it relates to the bot's current period. */
export type Quote = { kind: PaymentKind; amountMinor: number };

/** A paid period to apply: from a completed payment. */
export type PaidPeriod = {
  vendorId: string;
  botId: string;
  plan: Plan;
  period: BillingPeriod;
  kind: PaymentKind;
  amountMinor: number;
  paymentId: string;
  method: string;
  botUsername: string | null;
  actor: EventActor;
};

const isPaidLive = (row: repo.SubscriptionRow | undefined, at: Date): row is repo.SubscriptionRow =>
  row !== undefined && row.status === 'active' && row.endsAt.getTime() > at.getTime();

/** A bot without a subscription record is on FREE, which never ends. */
const FREE: BotSubscription = { plan: 'FREE', status: 'active', label: 'FREE', expiresAt: null };

/** Whether a bot may run: its subscription is in trial or paid and not past its end. */
export const isSubscriptionLive = (s: BotSubscription) => s.status === 'trial' || s.status === 'active';

/** What a current subscription row means at `now`: a period past its end reads as expired before the job marks it. */
export function subscriptionOf(
  row: Pick<repo.SubscriptionRow, 'plan' | 'status' | 'endsAt'> | undefined,
  now: Date,
): BotSubscription {
  if (!row) return FREE;
  const lapsed = (row.status === 'trial' || row.status === 'active') && row.endsAt.getTime() <= now.getTime();
  const status = lapsed ? 'expired' : row.status;
  return {
    plan: row.plan,
    status,
    label: status === 'trial' ? 'TRIAL' : row.plan,
    expiresAt: row.endsAt.toISOString(),
  };
}

/**
 * The plan and fee rate a bot sold under at `at` (plan fees on shop sales): the period in force then, or FREE's
 * when none was (no subscription record, or between an expiry and the next payment).
 */
export async function planAt(
  conn: Conn,
  vendorId: string,
  botId: string,
  at: Date,
): Promise<{ plan: Plan; feeBps: number }> {
  const row = await repo.periodAt(conn, vendorId, botId, at);
  return row ? { plan: row.plan, feeBps: row.feeBps } : { plan: 'FREE', feeBps: PLANS.FREE.feeBps };
}

export function createSubscriptionsService(deps: { db: Db; now?: () => Date }) {
  const now = () => deps.now?.() ?? new Date();

  return {
    /** The current subscription of each bot given, as its card shows it; answers a lookup by bot id. */
    async currentOf(vendorId: string, botIds: string[]): Promise<(botId: string) => BotSubscription> {
      const rows = await repo.currentSubscriptions(deps.db, vendorId, botIds);
      const at = now();
      return (botId) => subscriptionOf(rows.get(botId), at);
    },

    /**
     * A new bot's plan, inside the transaction that creates the bot: FREE needs no record; a paid plan starts
     * with a TRIAL_DAYS trial (ARCHITECTURE.md "Decisions").
     */
    async beginPlan(tx: Conn, bot: { vendorId: string; botId: string; plan: Plan }): Promise<void> {
      if (bot.plan === 'FREE') return;
      const startsAt = now();
      await repo.insertSubscription(tx, {
        vendorId: bot.vendorId,
        botId: bot.botId,
        plan: bot.plan,
        status: 'trial',
        amountMinor: 0,
        feeBps: PLANS[bot.plan].feeBps,
        startsAt,
        endsAt: new Date(startsAt.getTime() + TRIAL_DAYS * DAY_MS),
      });
    },

    /**
     * Marks expired every current trial or paid period past its end, with a `subscription.expired` event each,
     * in one transaction; answers the bots that lost theirs.
     */
    async expireDue(): Promise<repo.ExpiredSubscription[]> {
      return deps.db.transaction(async (tx) => {
        const expired = await repo.expireDueSubscriptions(tx, now());
        for (const e of expired) {
          await recordEvent(tx, {
            vendorId: e.vendorId,
            botId: e.botId,
            type: 'subscription.expired',
            actor: SYSTEM_ACTOR,
            subject: { kind: 'subscription', id: e.subscriptionId },
            payload: { botUsername: e.botUsername, plan: e.plan },
          });
        }
        return expired;
      });
    },

    /**
     * Takes the periods ending within 1 and within 3 days that have not had that reminder yet (each reminder
     * once per period), recording `subscription.trial_ending` or `subscription.ending` for each, in one
     * transaction. The caller tells the vendors (after commit).
     */
    async takeReminders(): Promise<repo.DueReminder[]> {
      const at = now();
      return deps.db.transaction(async (tx) => {
        const taken: repo.DueReminder[] = [];
        for (const days of [1, 3]) {
          for (const r of await repo.takeDueReminders(tx, at, days)) {
            const daysLeft = Math.max(1, Math.ceil((Date.parse(r.endsAt) - at.getTime()) / DAY_MS));
            await recordEvent(tx, {
              vendorId: r.vendorId,
              botId: r.botId,
              type: r.status === 'trial' ? 'subscription.trial_ending' : 'subscription.ending',
              actor: SYSTEM_ACTOR,
              subject: { kind: 'subscription', id: r.subscriptionId },
              payload: { botUsername: r.botUsername, plan: r.plan, daysLeft, endsAt: r.endsAt },
            });
            taken.push(r);
          }
        }
        return taken;
      });
    },

    /**
     * The price of a plan for a bot now. Upgrade (a higher plan, same period, while a paid period runs): the
     * difference of the two prices for the time left, the period's end unchanged. Renew: the same plan again,
     * a full period from the current end. Otherwise new: a full period from now (or from the end of a paid
     * period still running).
     */
    async quote(vendorId: string, botId: string, plan: Plan, period: BillingPeriod): Promise<Quote> {
      const rows = await repo.currentSubscriptions(deps.db, vendorId, [botId]);
      const current = rows.get(botId);
      const at = now();
      const full = priceOf(plan, period);
      if (isPaidLive(current, at) && current.plan === plan) return { kind: 'renew', amountMinor: full };
      if (
        isPaidLive(current, at) &&
        current.billingPeriod === period &&
        PLAN_RANK[plan] > PLAN_RANK[current.plan]
      ) {
        const left = (current.endsAt.getTime() - at.getTime()) / PERIOD_MS[period];
        const difference = full - priceOf(current.plan, period);
        // At least a dollar: a last-minute upgrade still goes through a payment.
        return { kind: 'upgrade', amountMinor: Math.max(100, Math.ceil(difference * Math.min(1, left))) };
      }
      if (current?.plan === plan) return { kind: 'renew', amountMinor: full };
      return { kind: 'new', amountMinor: full };
    },

    /**
     * Applies a completed payment to its bot inside the payment's transaction: an upgrade switches plan until
     * the current end; anything else adds one period after the current paid one (or from now). Records
     * `subscription.started` or `subscription.renewed`.
     */
    async applyPaidPeriod(tx: Tx, paid: PaidPeriod): Promise<repo.SubscriptionRow> {
      const current = await repo.lockCurrentSubscription(tx, paid.vendorId, paid.botId);
      const at = now();
      const running = isPaidLive(current, at) ? current : undefined;
      const upgrade = paid.kind === 'upgrade' && running !== undefined;
      const startsAt = running && !upgrade ? running.endsAt : at;
      const endsAt =
        running && upgrade ? running.endsAt : new Date(startsAt.getTime() + PERIOD_MS[paid.period]);
      const row = await repo.insertSubscriptionReturning(tx, {
        vendorId: paid.vendorId,
        botId: paid.botId,
        plan: paid.plan,
        status: 'active',
        billingPeriod: running && upgrade ? running.billingPeriod : paid.period,
        amountMinor: paid.amountMinor,
        feeBps: PLANS[paid.plan].feeBps,
        startsAt,
        endsAt,
      });
      await recordEvent(tx, {
        vendorId: paid.vendorId,
        botId: paid.botId,
        type: running || current?.status === 'active' ? 'subscription.renewed' : 'subscription.started',
        actor: paid.actor,
        subject: { kind: 'subscription', id: row.id },
        payload: {
          botUsername: paid.botUsername,
          plan: paid.plan,
          period: paid.period,
          kind: paid.kind,
          paymentId: paid.paymentId,
          method: paid.method,
          amountMinor: paid.amountMinor,
          currency: 'USD',
          endsAt: endsAt.toISOString(),
        },
      });
      return row;
    },

    /** Takes one period back (a refunded payment): the bot's current end moves earlier by it. */
    async reversePeriod(tx: Tx, p: { vendorId: string; botId: string; period: BillingPeriod }) {
      const current = await repo.lockCurrentSubscription(tx, p.vendorId, p.botId);
      if (!current) return;
      const endsAt = new Date(Math.max(now().getTime(), current.endsAt.getTime() - PERIOD_MS[p.period]));
      await repo.insertSubscriptionReturning(tx, { ...current, id: undefined, createdAt: undefined, endsAt });
    },

    /**
     * Cancel: the bot keeps running to the period's end, then expires (the job does it). Refused for FREE and
     * for a period already ended or cancelled. Answers the row cancelled.
     */
    async cancel(tx: Tx, vendorId: string, bot: { id: string; username: string }, actor: EventActor) {
      const botId = bot.id;
      const current = await repo.lockCurrentSubscription(tx, vendorId, botId);
      const at = now();
      const live =
        current !== undefined &&
        (current.status === 'active' || current.status === 'trial') &&
        current.endsAt.getTime() > at.getTime();
      if (!live || current.cancelledAt) throw new AppError('SUBSCRIPTION_NOT_CANCELLABLE');
      await repo.markCancelled(tx, vendorId, current.id, at);
      await recordEvent(tx, {
        vendorId,
        botId,
        type: 'subscription.cancelled',
        actor,
        subject: { kind: 'subscription', id: current.id },
        payload: { botUsername: bot.username, plan: current.plan, endsAt: current.endsAt.toISOString() },
      });
      return current;
    },

    /** The /subscriptions cards of the bots given (in their order). */
    async cards(
      vendorId: string,
      bots: { id: string; name: string; username: string }[],
      autoRenew: (botId: string) => boolean,
    ): Promise<SubscriptionCard[]> {
      const rows = await repo.currentSubscriptions(
        deps.db,
        vendorId,
        bots.map((b) => b.id),
      );
      const at = now();
      return bots.map((b) => {
        const row = rows.get(b.id);
        const shown = subscriptionOf(row, at);
        const cancelled = row?.cancelledAt != null && shown.status !== 'expired';
        const status = cancelled ? 'cancelled' : shown.status;
        const period = row?.billingPeriod ?? 'monthly';
        return {
          botId: b.id,
          botName: b.name,
          botUsername: b.username,
          plan: shown.plan,
          status,
          period,
          endsAt: shown.expiresAt,
          nextBilling: status === 'active' || status === 'trial' ? (row ? shown.expiresAt : null) : null,
          amountMinor: priceOf(shown.plan, period),
          feeBps: row?.feeBps ?? PLANS[shown.plan].feeBps,
          autoRenew: status === 'active' && autoRenew(b.id),
        };
      });
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
