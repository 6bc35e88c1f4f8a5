import { z } from 'zod';
import { VendorParams } from './common';
import { BillingPeriod, Plan, SubscriptionStatus } from './plans';

/** The spec's texts for payments (part 1 §5, §8), word for word. */
export const PAYMENT_MESSAGES = {
  missingInfo: 'Missing payment information. Please try again.',
  invalidPlan: 'Invalid subscription plan selected.',
  negativeBalance: 'Invalid wallet balance detected. Please contact support.',
  paymentFailed: 'Payment failed. Please try again.',
  createFailed: 'Failed to create payment. Please try again.',
  urlFailed: 'Payment URL could not be generated. Please try again.',
  invoiceFailed: 'Payment invoice could not be generated. Please try again.',
  cancelConfirm:
    'Are you sure you want to cancel this subscription? The bot will be deactivated at the end of the billing period.',
} as const;

/** Plans that can be bought: FREE never is. */
export const PaidPlan = z.enum(['BASIC', 'PRO', 'ENTERPRISE'], { error: PAYMENT_MESSAGES.invalidPlan });
export type PaidPlan = z.infer<typeof PaidPlan>;

export const PaymentMethod = z.enum(['stars', 'ltc', 'wallet', 'card']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** What a payment buys: a bot's plan period, or wallet funds. */
export const PaymentPurpose = z.enum(['subscription', 'topup', 'fees']);
export type PaymentPurpose = z.infer<typeof PaymentPurpose>;

export const PaymentStatus = z.enum([
  'pending',
  'confirming',
  'partially_paid',
  'completed',
  'failed',
  'expired',
  'refunded',
]);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** How a paid period relates to the bot's current one (documented in modules/payments/README.md). */
export const PaymentKind = z.enum(['new', 'renew', 'upgrade']);
export type PaymentKind = z.infer<typeof PaymentKind>;

export const CreatePaymentBody = z
  .object({
    botId: z.uuid({ error: PAYMENT_MESSAGES.missingInfo }),
    plan: PaidPlan,
    period: BillingPeriod.default('monthly'),
  })
  .strict();
export type CreatePaymentBody = z.infer<typeof CreatePaymentBody>;

/** Wallet top-up: an amount in USD cents ($1 … $10,000), paid by Stars or Litecoin. */
export const TopUpBody = z
  .object({
    method: z.enum(['stars', 'ltc']),
    amountMinor: z.number().int().min(100).max(1_000_000),
  })
  .strict();
export type TopUpBody = z.infer<typeof TopUpBody>;

export const PaymentParams = VendorParams.extend({ paymentId: z.uuid() });

/** One payment as the payment screens poll it. */
export const Payment = z.object({
  id: z.string(),
  purpose: PaymentPurpose,
  method: PaymentMethod,
  status: PaymentStatus,
  kind: PaymentKind,
  botId: z.string().nullable(),
  plan: Plan.nullable(),
  period: BillingPeriod.nullable(),
  /** USD cents. */
  amountMinor: z.number().int(),
  currency: z.literal('USD'),
  /** Stars asked for (Stars payments). */
  starsAmount: z.number().int().nullable(),
  /** A Telegram Star subscription (monthly, renewed by Telegram). */
  starSubscription: z.boolean(),
  invoiceUrl: z.string().nullable(),
  payAddress: z.string().nullable(),
  payAmount: z.string().nullable(),
  payCurrency: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** Whether the bot's subscription is live now (the screen waits for this after paying). */
  subscriptionActive: z.boolean(),
});
export type Payment = z.infer<typeof Payment>;

export const WalletBalance = z.object({
  /** USD, in dollars (the spec's shape). */
  balance: z.number(),
  balanceMinor: z.number().int(),
  currency: z.literal('USD'),
});
export type WalletBalance = z.infer<typeof WalletBalance>;

export const WalletEntry = z.object({
  id: z.string(),
  amountMinor: z.number().int(),
  reason: z.enum([
    'topup',
    'subscription',
    'refund',
    'adjustment',
    'fees',
    'payout',
    'payout_fee',
    'payout_reversal',
  ]),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type WalletEntry = z.infer<typeof WalletEntry>;

/** A plan's prices for the screens: USD cents and the Stars the configured rate makes of them. */
export const PlanPrice = z.object({
  plan: PaidPlan,
  monthlyMinor: z.number().int(),
  yearlyMinor: z.number().int(),
  monthlyStars: z.number().int(),
  yearlyStars: z.number().int(),
  /** Monthly in Stars can be a Telegram Star subscription (≤ 10,000 Stars). */
  monthlyStarSubscription: z.boolean(),
});
export const PricesResponse = z.object({ starsPerUsd: z.number(), plans: z.array(PlanPrice) });
export type PricesResponse = z.infer<typeof PricesResponse>;

/** One bot's subscription card on /subscriptions. */
export const SubscriptionCard = z.object({
  botId: z.string(),
  botName: z.string(),
  botUsername: z.string(),
  plan: Plan,
  /** trial, active, cancelled (runs to its end, then expires) or expired. */
  status: SubscriptionStatus,
  period: BillingPeriod,
  /** The period's end; null for FREE. */
  endsAt: z.string().nullable(),
  /** When the next charge is due: null when cancelled, expired or FREE. */
  nextBilling: z.string().nullable(),
  /** The plan's price for the period, USD cents. */
  amountMinor: z.number().int(),
  feeBps: z.number().int(),
  /** Renewed by Telegram (a Star subscription). */
  autoRenew: z.boolean(),
});
export type SubscriptionCard = z.infer<typeof SubscriptionCard>;

export const SubscriptionsResponse = z.object({ subscriptions: z.array(SubscriptionCard) });
export type SubscriptionsResponse = z.infer<typeof SubscriptionsResponse>;

export const Invoice = z.object({
  id: z.string(),
  number: z.string(),
  paymentId: z.string(),
  botId: z.string().nullable(),
  botName: z.string().nullable(),
  plan: Plan.nullable(),
  period: BillingPeriod.nullable(),
  purpose: PaymentPurpose,
  amountMinor: z.number().int(),
  currency: z.string(),
  method: PaymentMethod,
  status: z.enum(['paid', 'refunded']),
  issuedAt: z.string(),
});
export type Invoice = z.infer<typeof Invoice>;
/** A calendar month (UTC) as 'YYYY-MM'. */
export const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM.');

/**
 * The month's plan fees on shop sales (ARCHITECTURE.md "Money"): every paid shop order accrues its bot's plan
 * fee once (at the plan's rate when it sold, on its value in USD), and a refund reverses that fee, in the month
 * of the refund. USD cents.
 */
export const FeeStatement = z.object({
  month: Month,
  /** The statement's number, also its PDF's file name. */
  number: z.string(),
  /** Paid orders that accrued a fee this month, and their value in USD cents. */
  orders: z.number().int(),
  salesUsdMinor: z.number().int(),
  /** Fees accrued this month. */
  feesMinor: z.number().int(),
  /** Orders refunded this month, and the fees that reversed (a positive amount). */
  refundedOrders: z.number().int(),
  reversedMinor: z.number().int(),
  /** What the month's fees come to: accrued minus reversed. */
  totalMinor: z.number().int(),
  currency: z.literal('USD'),
});
export type FeeStatement = z.infer<typeof FeeStatement>;

export const InvoiceList = z.object({
  invoices: z.array(Invoice),
  /** The plan fee statements, newest month first; the first is always the current month (even at zero). */
  feeStatements: z.array(FeeStatement),
});
export type InvoiceList = z.infer<typeof InvoiceList>;
export const InvoiceParams = VendorParams.extend({ invoiceId: z.uuid() });
export const FeeStatementParams = VendorParams.extend({ month: Month });

/** Telegram's Star subscriptions: 30 days, at most 10,000 Stars (Bot API createInvoiceLink). */
export const STAR_SUBSCRIPTION_PERIOD_S = 2_592_000;
export const STAR_SUBSCRIPTION_MAX = 10_000;

/** Stars for a USD price at a rate, rounded up to whole Stars. */
export const starsFor = (usdMinor: number, starsPerUsd: number) => Math.ceil((usdMinor * starsPerUsd) / 100);
