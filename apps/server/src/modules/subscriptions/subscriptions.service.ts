import type { BotSubscription } from '@app/contracts/bots';
import { DAY_MS } from '@app/contracts/common';
import type { SubscriptionCard } from '@app/contracts/payments';
import { type BillingPeriod, PLANS, type Plan, TRIAL_DAYS } from '@app/contracts/plans';
import type { Conn, Tx } from '../../db/types';
import { type EventActor, recordEvent, SYSTEM_ACTOR } from '../events/record-event';
import {
  applyPaidPeriod,
  cancelSubscription,
  type PaidPeriod,
  quotePlan,
  reversePeriod,
} from './subscription-payments.service';
import { nowOf, priceOf, type SubscriptionsDeps } from './subscription-periods';
import * as repo from './subscriptions.repository';

// A bot's subscription as the screens and the jobs read it (current, cards, plan in force, expiry, reminders),
// then the one factory that binds every part of the module (payments included) to its deps.

export type { PaidPeriod, Quote } from './subscription-payments.service';
export type { SubscriptionsDeps } from './subscription-periods';

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

/** The current subscription of each bot given, as its card shows it; answers a lookup by bot id. */
export async function currentSubscriptionsOf(
  deps: SubscriptionsDeps,
  vendorId: string,
  botIds: string[],
): Promise<(botId: string) => BotSubscription> {
  const rows = await repo.currentSubscriptions(deps.db, vendorId, botIds);
  const at = nowOf(deps);
  return (botId) => subscriptionOf(rows.get(botId), at);
}

/**
 * A new bot's plan, inside the transaction that creates the bot: FREE needs no record; a paid plan starts
 * with a TRIAL_DAYS trial (ARCHITECTURE.md "Decisions").
 */
export async function beginPlan(
  deps: SubscriptionsDeps,
  tx: Conn,
  bot: { vendorId: string; botId: string; plan: Plan },
): Promise<void> {
  if (bot.plan === 'FREE') return;
  const startsAt = nowOf(deps);
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
}

/**
 * Marks expired every current trial or paid period past its end, with a `subscription.expired` event each,
 * in one transaction; answers the bots that lost theirs.
 */
export async function expireDue(deps: SubscriptionsDeps): Promise<repo.ExpiredSubscription[]> {
  return deps.db.transaction(async (tx) => {
    const expired = await repo.expireDueSubscriptions(tx, nowOf(deps));
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
}

/**
 * Takes the periods ending within 1 and within 3 days that have not had that reminder yet (each reminder
 * once per period), recording `subscription.trial_ending` or `subscription.ending` for each, in one
 * transaction. The caller tells the vendors (after commit).
 */
export async function takeReminders(deps: SubscriptionsDeps): Promise<repo.DueReminder[]> {
  const at = nowOf(deps);
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
}

/**
 * The paid periods the renewal charges (modules/billing's `billing.collect` job): each bot's current paid period,
 * not cancelled, ending within a day from now or ended within `retryDays` (the renewal's retries).
 */
export function renewalsDue(deps: SubscriptionsDeps, retryDays: number): Promise<repo.DueRenewal[]> {
  const at = nowOf(deps).getTime();
  return repo.paidPeriodsEnding(deps.db, new Date(at - retryDays * DAY_MS), new Date(at + DAY_MS));
}

export type { DueRenewal } from './subscriptions.repository';

/** The /subscriptions cards of the bots given (in their order). */
export async function subscriptionCards(
  deps: SubscriptionsDeps,
  vendorId: string,
  bots: { id: string; name: string; username: string }[],
  autoRenew: (botId: string) => boolean,
): Promise<SubscriptionCard[]> {
  const rows = await repo.currentSubscriptions(
    deps.db,
    vendorId,
    bots.map((b) => b.id),
  );
  const at = nowOf(deps);
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
}

/** The subscriptions module as bots, payments, products and the jobs call it: every function bound to `deps` once. */
export function createSubscriptionsService(deps: SubscriptionsDeps) {
  return {
    currentOf: (vendorId: string, botIds: string[]) => currentSubscriptionsOf(deps, vendorId, botIds),
    beginPlan: (tx: Conn, bot: { vendorId: string; botId: string; plan: Plan }) => beginPlan(deps, tx, bot),
    expireDue: () => expireDue(deps),
    takeReminders: () => takeReminders(deps),
    quote: (vendorId: string, botId: string, plan: Plan, period: BillingPeriod) =>
      quotePlan(deps, vendorId, botId, plan, period),
    applyPaidPeriod: (tx: Tx, paid: PaidPeriod) => applyPaidPeriod(deps, tx, paid),
    reversePeriod: (tx: Tx, p: { vendorId: string; botId: string; period: BillingPeriod }) =>
      reversePeriod(deps, tx, p),
    cancel: (tx: Tx, vendorId: string, bot: { id: string; username: string }, actor: EventActor) =>
      cancelSubscription(deps, tx, vendorId, bot, actor),
    cards: (
      vendorId: string,
      bots: { id: string; name: string; username: string }[],
      autoRenew: (botId: string) => boolean,
    ) => subscriptionCards(deps, vendorId, bots, autoRenew),
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
