import { DAY_MS } from '@app/contracts/common';
import { type BillingPeriod, PLANS, type Plan } from '@app/contracts/plans';
import type { Db } from '../../db/types';
import type * as repo from './subscriptions.repository';

// What every part of the module shares: its deps, its clock, and what a paid period lasts and costs.

export type SubscriptionsDeps = { db: Db; now?: () => Date };

/** The deps' clock, else the wall clock. */
export const nowOf = (deps: SubscriptionsDeps): Date => deps.now?.() ?? new Date();

/** A paid period's length: 30 days a month (Telegram's Star subscription period), 365 days a year. */
export const PERIOD_MS: Record<BillingPeriod, number> = { monthly: 30 * DAY_MS, yearly: 365 * DAY_MS };

export const PLAN_RANK: Record<Plan, number> = { FREE: 0, BASIC: 1, PRO: 2, ENTERPRISE: 3 };

/** A plan's list price for a period, USD cents. */
export const priceOf = (plan: Plan, period: BillingPeriod) =>
  period === 'yearly' ? PLANS[plan].priceYearly : PLANS[plan].priceMonthly;

/** Whether a row is a paid period still running at `at`. */
export const isPaidLive = (row: repo.SubscriptionRow | undefined, at: Date): row is repo.SubscriptionRow =>
  row !== undefined && row.status === 'active' && row.endsAt.getTime() > at.getTime();
