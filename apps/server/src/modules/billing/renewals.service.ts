import { type BillingPeriod, PLANS, type Plan } from '@app/contracts/plans';
import { type DueRenewal, renewalsDue } from '../subscriptions/subscriptions.service';
import type * as repo from './billing.repository';
import { type BillingDeps, nowOf } from './billing-deps';
import {
  type ChargeResult,
  DAY_MS,
  invoice,
  type Outcome,
  RETRY_DAYS,
  runChargeAttempt,
} from './fee-collection.service';

// Renewals charged to the vendor's default method (the daily `billing.collect` job). A bot's paid period, not
// cancelled, is renewed on its due date (the job's run within a day of its end) for the same plan and period:
// from the wallet when the balance holds it, or by the saved card through the card provider. A failed charge is
// retried 1, 3 and 7 days after the first attempt, the vendor told each time; meanwhile the period ends and the
// expiry job stops the bot as it always has, and a later successful retry starts it again (a new period from
// then). A bot on a Star subscription is renewed by Telegram, not here.

/** The price of one more period of a plan, USD cents. */
const priceOf = (plan: Exclude<Plan, 'FREE'>, period: BillingPeriod) =>
  period === 'yearly' ? PLANS[plan].priceYearly : PLANS[plan].priceMonthly;

/** How late a first attempt may still be made (the job missed a day): later, the vendor renews by hand. */
const FIRST_ATTEMPT_GRACE_MS = 2 * DAY_MS;

/** One renewal pass over every paid period due (or with retries due). */
export async function collectRenewals(deps: BillingDeps): Promise<Record<Outcome, number>> {
  const now = nowOf(deps);
  const counts: Record<Outcome, number> = { charged: 0, invoiced: 0, failed: 0, waiting: 0 };
  const lastRetry = RETRY_DAYS[RETRY_DAYS.length - 1] ?? 0;
  const due = await renewalsDue({ db: deps.db, now: () => now }, lastRetry + 2);
  const starSubscribed = new Map<string, Set<string>>();
  for (const r of due) {
    try {
      let bots = starSubscribed.get(r.vendorId);
      if (!bots) {
        bots = await deps.payments.starSubscribedBots(r.vendorId);
        starSubscribed.set(r.vendorId, bots);
      }
      // Telegram renews a Star subscription itself.
      if (bots.has(r.botId)) continue;
      counts[await renewOne(deps, r, now)] += 1;
    } catch (err) {
      // One renewal's failure (the database, a bug) must not stop the others; the next run tries again.
      deps.log?.warn(
        { vendorId: r.vendorId, botId: r.botId, err: err instanceof Error ? err.message : String(err) },
        'renewal failed',
      );
    }
  }
  return counts;
}

function renewOne(deps: BillingDeps, r: DueRenewal, now: Date): Promise<Outcome> {
  const amountMinor = priceOf(r.plan, r.period);
  return runChargeAttempt(deps, {
    vendorId: r.vendorId,
    subject: `renewal:${r.subscriptionId}`,
    amountMinor,
    now,
    mayStart: r.endsAt.getTime() > now.getTime() - FIRST_ATTEMPT_GRACE_MS,
    charge: (type, method, attempt) => chargeRenewal(deps, r, amountMinor, type, method, attempt),
    tell: (type, reason, attemptId) =>
      deps.tellRenewal?.(r.vendorId, {
        attemptId,
        botId: r.botId,
        botUsername: r.botUsername,
        plan: r.plan,
        period: r.period,
        amountMinor,
        method: type,
        reason,
        endsAt: r.endsAt.toISOString(),
      }),
  });
}

async function chargeRenewal(
  deps: BillingDeps,
  r: DueRenewal,
  amountMinor: number,
  type: string,
  method: repo.MethodRow | null,
  attempt: repo.AttemptRow,
): Promise<ChargeResult> {
  const renewal = {
    paymentId: attempt.id,
    vendorId: r.vendorId,
    botId: r.botId,
    botUsername: r.botUsername,
    plan: r.plan,
    period: r.period,
    amountMinor,
  };
  if (type === 'wallet') {
    const paid = await deps.payments.payRenewal({ ...renewal, method: 'wallet' });
    return paid.ok ? { ok: true } : { ok: false, code: paid.reason };
  }
  if (type === 'card') {
    if (!method?.providerPaymentMethodId || !deps.cardProvider)
      return { ok: false, code: 'provider_unavailable' };
    const charged = await deps.cardProvider.charge({
      paymentMethodId: method.providerPaymentMethodId,
      amountMinor,
      currency: 'USD',
      description: `@${r.botUsername ?? r.botId}: ${r.plan} plan (${r.period}) renewal`,
      // One key per period and attempt: the provider answers a repeat with the first outcome.
      idempotencyKey: `${r.vendorId}:renewal:${r.subscriptionId}:${attempt.attempt}`,
    });
    if (!charged.ok) return { ok: false, code: charged.code };
    await deps.payments.payRenewal({ ...renewal, method: 'card', chargeId: charged.chargeId });
    return { ok: true, chargeId: charged.chargeId };
  }
  if (type === 'stars' || type === 'ltc') {
    return invoice(deps, r.vendorId, type, attempt, amountMinor, {
      kind: 'renewal',
      botId: r.botId,
      botUsername: r.botUsername,
      plan: r.plan,
      period: r.period,
      endsAt: r.endsAt.toISOString(),
    });
  }
  return { ok: false, code: 'manual' };
}
