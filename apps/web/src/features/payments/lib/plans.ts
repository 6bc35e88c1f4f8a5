import type { PaidPlan } from '@app/contracts/payments';
import { type BillingPeriod, PLANS } from '@app/contracts/plans';
import type { MessageKey } from '../../../i18n/messages';

export const PAID_PLANS: PaidPlan[] = ['BASIC', 'PRO', 'ENTERPRISE'];

export const PLAN_NAME_KEYS: Record<PaidPlan | 'FREE', MessageKey> = {
  FREE: 'payments.plan.FREE',
  BASIC: 'payments.plan.BASIC',
  PRO: 'payments.plan.PRO',
  ENTERPRISE: 'payments.plan.ENTERPRISE',
};

/** The features each plan card lists (the one plan catalogue's, worded by the catalogue of texts). */
export const PLAN_FEATURE_KEYS: Record<PaidPlan, MessageKey[]> = {
  BASIC: [
    'payments.feature.products1000',
    'payments.feature.unlimitedOrders',
    'payments.feature.basicAnalytics',
  ],
  PRO: [
    'payments.feature.products10000',
    'payments.feature.unlimitedOrders',
    'payments.feature.advancedAnalytics',
    'payments.feature.prioritySupport',
    'payments.feature.customDomain',
  ],
  ENTERPRISE: [
    'payments.feature.unlimitedAll',
    'payments.feature.enterpriseAnalytics',
    'payments.feature.dedicatedSupport',
    'payments.feature.multipleDomains',
    'payments.feature.apiAccess',
  ],
};

export const priceOf = (plan: PaidPlan, period: BillingPeriod) =>
  period === 'yearly' ? PLANS[plan].priceYearly : PLANS[plan].priceMonthly;

/** 'Save $X': twelve months minus the yearly price. */
export const yearlySavingOf = (plan: PaidPlan) => PLANS[plan].priceMonthly * 12 - PLANS[plan].priceYearly;

/** The plan in a payment address (`basic`, `PRO`, …), or null when it is not a paid plan. */
export function parsePlan(value: string | undefined): PaidPlan | null {
  const upper = value?.toUpperCase();
  return upper === 'BASIC' || upper === 'PRO' || upper === 'ENTERPRISE' ? upper : null;
}

export const parsePeriod = (value: string | null): BillingPeriod =>
  value === 'yearly' ? 'yearly' : 'monthly';

export const feePercent = (bps: number) => bps / 100;
