import type { PaymentKind } from '@app/contracts/payments';
import { type BillingPeriod, PLANS, type Plan } from '@app/contracts/plans';
import type { Tx } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { type EventActor, recordEvent } from '../events/record-event';
import {
  isPaidLive,
  nowOf,
  PERIOD_MS,
  PLAN_RANK,
  priceOf,
  type SubscriptionsDeps,
} from './subscription-periods';
import * as repo from './subscriptions.repository';

// What the payments module does to a bot's plan: price it, apply a paid period, take one back, cancel.

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

/**
 * The price of a plan for a bot now. Upgrade (a higher plan, same period, while a paid period runs): the
 * difference of the two prices for the time left, the period's end unchanged. Renew: the same plan again,
 * a full period from the current end. Otherwise new: a full period from now (or from the end of a paid
 * period still running).
 */
export async function quotePlan(
  deps: SubscriptionsDeps,
  vendorId: string,
  botId: string,
  plan: Plan,
  period: BillingPeriod,
): Promise<Quote> {
  const rows = await repo.currentSubscriptions(deps.db, vendorId, [botId]);
  const current = rows.get(botId);
  const at = nowOf(deps);
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
}

/**
 * Applies a completed payment to its bot inside the payment's transaction: an upgrade switches plan until
 * the current end; anything else adds one period after the current paid one (or from now). Records
 * `subscription.started` or `subscription.renewed`.
 */
export async function applyPaidPeriod(
  deps: SubscriptionsDeps,
  tx: Tx,
  paid: PaidPeriod,
): Promise<repo.SubscriptionRow> {
  const current = await repo.lockCurrentSubscription(tx, paid.vendorId, paid.botId);
  const at = nowOf(deps);
  const running = isPaidLive(current, at) ? current : undefined;
  const upgrade = paid.kind === 'upgrade' && running !== undefined;
  const startsAt = running && !upgrade ? running.endsAt : at;
  const endsAt = running && upgrade ? running.endsAt : new Date(startsAt.getTime() + PERIOD_MS[paid.period]);
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
}

/** Takes one period back (a refunded payment): the bot's current end moves earlier by it. */
export async function reversePeriod(
  deps: SubscriptionsDeps,
  tx: Tx,
  p: { vendorId: string; botId: string; period: BillingPeriod },
) {
  const current = await repo.lockCurrentSubscription(tx, p.vendorId, p.botId);
  if (!current) return;
  const endsAt = new Date(Math.max(nowOf(deps).getTime(), current.endsAt.getTime() - PERIOD_MS[p.period]));
  await repo.insertSubscriptionReturning(tx, { ...current, id: undefined, createdAt: undefined, endsAt });
}

/**
 * Cancel: the bot keeps running to the period's end, then expires (the job does it). Refused for FREE and
 * for a period already ended or cancelled. Answers the row cancelled.
 */
export async function cancelSubscription(
  deps: SubscriptionsDeps,
  tx: Tx,
  vendorId: string,
  bot: { id: string; username: string },
  actor: EventActor,
) {
  const botId = bot.id;
  const current = await repo.lockCurrentSubscription(tx, vendorId, botId);
  const at = nowOf(deps);
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
}
