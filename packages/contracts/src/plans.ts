import { z } from 'zod';

export const Plan = z.enum(['FREE', 'BASIC', 'PRO', 'ENTERPRISE']);
export type Plan = z.infer<typeof Plan>;

export const SubscriptionStatus = z.enum(['trial', 'active', 'expired', 'cancelled']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const BillingPeriod = z.enum(['monthly', 'yearly']);
export type BillingPeriod = z.infer<typeof BillingPeriod>;

export type PlanOffer = {
  plan: Plan;
  /** USD cents. */
  priceMonthly: number;
  priceYearly: number;
  /** null = unlimited. */
  maxProducts: number | null;
  maxOrdersPerMonth: number | null;
  /** Transaction fee in basis points (350 = 3.5%). */
  feeBps: number;
  features: string[];
  recommended?: boolean;
};

/**
 * The one plan catalogue (ARCHITECTURE.md "Plans"): prices from the plan picker, limits and fees from the
 * bots-area description.
 */
export const PLANS: Record<Plan, PlanOffer> = {
  FREE: {
    plan: 'FREE',
    priceMonthly: 0,
    priceYearly: 0,
    maxProducts: 100,
    maxOrdersPerMonth: 500,
    feeBps: 500,
    features: ['100 products', '500 orders/mo', 'Basic analytics', 'Email support', 'First bot only'],
  },
  BASIC: {
    plan: 'BASIC',
    priceMonthly: 2900,
    priceYearly: 29000,
    maxProducts: 1000,
    maxOrdersPerMonth: null,
    feeBps: 350,
    features: ['1,000 products', 'Unlimited orders', 'Basic analytics'],
  },
  PRO: {
    plan: 'PRO',
    priceMonthly: 7900,
    priceYearly: 79000,
    maxProducts: 10_000,
    maxOrdersPerMonth: null,
    feeBps: 250,
    features: [
      '10,000 products',
      'Unlimited orders',
      'Advanced analytics',
      'Priority support',
      'Custom domain',
    ],
    recommended: true,
  },
  ENTERPRISE: {
    plan: 'ENTERPRISE',
    priceMonthly: 19_900,
    priceYearly: 199_000,
    maxProducts: null,
    maxOrdersPerMonth: null,
    feeBps: 200,
    features: [
      'Unlimited products and orders',
      'Enterprise analytics',
      'Dedicated support',
      'Multiple domains',
      'API access',
    ],
  },
};

export const TRIAL_DAYS = 7;
