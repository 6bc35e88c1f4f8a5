import type { SavedMethodType } from '@app/contracts/billing';
import type { FeeStatement } from '@app/contracts/payments';
import type { BillingPeriod, Plan } from '@app/contracts/plans';
import type { Tx } from '../../db/types';
import type { Actor } from '../../lib/actor';
import * as repo from './billing.repository';
import { type BillingDeps, type InvoiceNotice, nowOf } from './billing-deps';
import { monthClose } from './billing-invoices.service';
import { defaultMethodOf } from './payment-methods.service';

// The monthly plan fee statement collected from the vendor's default method (the daily `billing.collect` job). Each
// closed month with fees owed and no settlement is charged: attempt 1 once the month has closed, then retries 1, 3
// and 7 days after the first attempt; after the fourth failure the statement is left to go overdue. An attempt is
// claimed (unique per statement and attempt) before it charges, so a repeated run or a restart never charges twice.

export const DAY_MS = 86_400_000;
/** Days after the first attempt that attempt n+1 is due (attempt 1 at 0). */
export const RETRY_DAYS = [0, 1, 3, 7] as const;

/** The collection acts for the vendor as the system: every bot, every permission. */
export const systemActor = (vendorId: string): Actor => ({
  vendorId,
  telegramId: 0,
  kind: 'owner',
  permissions: ['all'],
  botIds: 'all',
});

/** charged: paid now; invoiced: an invoice sent (Stars, Litecoin), paid when the vendor pays it. */
export type Outcome = 'charged' | 'invoiced' | 'failed' | 'waiting';

/** Runs one collection pass over every vendor with fees before this month. */
export async function collectFees(deps: BillingDeps): Promise<Record<Outcome, number>> {
  const now = nowOf(deps);
  const counts: Record<Outcome, number> = { charged: 0, invoiced: 0, failed: 0, waiting: 0 };
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  for (const vendorId of await deps.payments.vendorsWithPlanFees(monthStart)) {
    try {
      for (const outcome of await collectVendor(deps, vendorId, now)) counts[outcome] += 1;
    } catch (err) {
      // One vendor's failure (a provider down) must not stop the others; the next run tries again.
      deps.log?.warn(
        { vendorId, err: err instanceof Error ? err.message : String(err) },
        'fee collection failed',
      );
    }
  }
  return counts;
}

async function collectVendor(deps: BillingDeps, vendorId: string, now: Date): Promise<Outcome[]> {
  const [list, settlements] = await Promise.all([
    deps.payments.listInvoices(systemActor(vendorId)),
    repo.listSettlements(deps.db, vendorId),
  ]);
  const settled = new Set(settlements.map((s) => s.month));
  const owed = list.feeStatements.filter(
    (s) => s.totalMinor > 0 && !settled.has(s.month) && monthClose(s.month) <= now,
  );
  const outcomes: Outcome[] = [];
  for (const statement of owed) outcomes.push(await collectStatement(deps, vendorId, statement, now));
  return outcomes;
}

async function collectStatement(
  deps: BillingDeps,
  vendorId: string,
  statement: FeeStatement,
  now: Date,
): Promise<Outcome> {
  return runChargeAttempt(deps, {
    vendorId,
    subject: `fees:${statement.month}`,
    amountMinor: statement.totalMinor,
    now,
    charge: (type, method, attempt) => charge(deps, vendorId, statement, type, method, attempt),
    settle: async (type) => {
      await repo.insertSettlement(deps.db, {
        vendorId,
        month: statement.month,
        amountMinor: statement.totalMinor,
        method: type,
        paidAt: now,
      });
    },
    tell: (type, reason, attemptId) =>
      deps.tellVendor?.(vendorId, {
        attemptId,
        month: statement.month,
        amountMinor: statement.totalMinor,
        method: type,
        reason,
      }),
  });
}

/** One thing owed, as the attempts see it: what charges it by the default method, and what follows. */
export type ChargeSubject = {
  vendorId: string;
  /** What the attempts are unique by: `fees:YYYY-MM`, `renewal:<subscription id>`. */
  subject: string;
  amountMinor: number;
  now: Date;
  /** No attempt yet and this is false: too late for a first one (the job missed its day). */
  mayStart?: boolean;
  charge: (
    type: SavedMethodType,
    method: repo.MethodRow | null,
    attempt: repo.AttemptRow,
  ) => Promise<ChargeResult>;
  /** After a successful charge (the attempt then marked succeeded). */
  settle?: (type: SavedMethodType) => Promise<void>;
  /** After a failed one: the vendor is told why. */
  tell: (type: SavedMethodType, reason: string, attemptId: string) => Promise<unknown> | undefined;
};

/**
 * The next attempt at something owed, when one is due: attempt 1 at once, then retries `RETRY_DAYS` after the
 * first. The attempt is claimed (unique per subject and attempt) before it charges, so a repeated, concurrent or
 * restarted run never charges twice; an attempt cut off mid-charge stays `started` and is not retried by itself.
 */
export async function runChargeAttempt(deps: BillingDeps, s: ChargeSubject): Promise<Outcome> {
  const { vendorId, subject, now } = s;
  const attempts = await repo.listAttempts(deps.db, vendorId, subject);
  // Paid, or an attempt cut off mid-charge (never charged twice), or every retry spent.
  if (attempts.some((a) => a.status !== 'failed') || attempts.length >= RETRY_DAYS.length) return 'waiting';
  const first = attempts[0];
  if (!first && s.mayStart === false) return 'waiting';
  const dueAt = first ? first.createdAt.getTime() + (RETRY_DAYS[attempts.length] ?? 0) * DAY_MS : 0;
  if (now.getTime() < dueAt) return 'waiting';

  // No method saved: the wallet, which every vendor has.
  const method = await defaultMethodOf(deps, vendorId);
  const type = method?.type ?? 'wallet';
  const attempt = await repo.claimAttempt(deps.db, {
    vendorId,
    subject,
    attempt: attempts.length + 1,
    method: type,
    amountMinor: s.amountMinor,
    createdAt: now,
  });
  if (!attempt) return 'waiting';

  const result = await s.charge(type, method, attempt).catch(() => ({
    ok: false as const,
    code: 'provider_unavailable',
  }));
  if ('invoiced' in result) {
    // Paid when the vendor pays the invoice (payments' onFeesPaid, or the renewal's period); no retry meanwhile.
    await repo.markAttemptInvoiced(deps.db, vendorId, attempt.id, result.invoiced);
    return 'invoiced';
  }
  if (result.ok) {
    await s.settle?.(type);
    await repo.finishAttempt(deps.db, vendorId, attempt.id, {
      status: 'succeeded',
      providerChargeId: result.chargeId ?? null,
    });
    return 'charged';
  }
  await repo.finishAttempt(deps.db, vendorId, attempt.id, { status: 'failed', failureCode: result.code });
  await Promise.resolve(s.tell(type, result.code, attempt.id)).catch(() => undefined);
  return 'failed';
}

export type ChargeResult =
  | { ok: true; chargeId?: string }
  | { ok: false; code: string }
  /** An invoice was sent (its payment's id). */
  | { invoiced: string };

async function charge(
  deps: BillingDeps,
  vendorId: string,
  statement: FeeStatement,
  type: string,
  method: repo.MethodRow | null,
  attempt: repo.AttemptRow,
): Promise<ChargeResult> {
  if (type === 'wallet') {
    const debit = await deps.payments.debitForFees(vendorId, statement.totalMinor, attempt.id);
    return debit.ok ? { ok: true } : { ok: false, code: 'insufficient_funds' };
  }
  if (type === 'card' && method?.providerPaymentMethodId && deps.cardProvider) {
    const result = await deps.cardProvider.charge({
      paymentMethodId: method.providerPaymentMethodId,
      amountMinor: statement.totalMinor,
      currency: 'USD',
      description: `Plan fees ${statement.month} (${statement.number})`,
      // One key per statement and attempt: the provider answers a repeat with the first outcome.
      idempotencyKey: `${vendorId}:fees:${statement.month}:${attempt.attempt}`,
    });
    return result.ok ? { ok: true, chargeId: result.chargeId } : { ok: false, code: result.code };
  }
  if (type === 'stars' || type === 'ltc') {
    return invoice(deps, vendorId, type, attempt, statement.totalMinor, {
      kind: 'fees',
      month: statement.month,
      number: statement.number,
    });
  }
  return { ok: false, code: 'manual' };
}

/**
 * A Stars or Litecoin default: the payment's invoice made (the attempt's id is the payment's) and sent to the
 * vendor through the platform bot (a Stars invoice, or the pay link). Without a way to send it, paid by hand.
 */
export async function invoice(
  deps: BillingDeps,
  vendorId: string,
  method: 'stars' | 'ltc',
  attempt: repo.AttemptRow,
  amountMinor: number,
  about: InvoiceNotice['for'],
): Promise<ChargeResult> {
  if (!deps.sendInvoice) return { ok: false, code: 'manual' };
  const made = await deps.payments.requestInvoicePayment({
    paymentId: attempt.id,
    vendorId,
    method,
    amountMinor,
    for:
      about.kind === 'fees'
        ? { kind: 'fees', month: about.month }
        : {
            kind: 'renewal',
            botId: about.botId,
            botUsername: about.botUsername,
            plan: about.plan as Exclude<Plan, 'FREE'>,
            period: about.period as BillingPeriod,
          },
  });
  await deps.sendInvoice(vendorId, { ...made, amountMinor, for: about });
  return { invoiced: made.paymentId };
}

/**
 * A fee statement's invoice was paid (payments' `onFeesPaid`, in the payment's transaction; app.ts wires it): the
 * month the attempt was for is settled and the attempt succeeded. A payment no attempt names changes nothing.
 */
export async function settleFeesPaymentIn(
  tx: Tx,
  paid: { vendorId: string; paymentId: string; method: string; at: Date },
): Promise<void> {
  const attempt = await repo.findAttempt(tx, paid.vendorId, paid.paymentId);
  if (!attempt?.subject.startsWith('fees:')) return;
  await repo.insertSettlement(tx, {
    vendorId: paid.vendorId,
    month: attempt.subject.slice('fees:'.length),
    amountMinor: attempt.amountMinor,
    method: attempt.method,
    paidAt: paid.at,
  });
  await repo.finishAttempt(tx, paid.vendorId, attempt.id, {
    status: 'succeeded',
    providerChargeId: paid.paymentId,
  });
}
