import { z } from 'zod';
import { text } from './common';
import { Month } from './payments';
import { BillingPeriod, Plan } from './plans';

/** The spec's texts for billing (part 2 §5.6), word for word. */
export const BILLING_MESSAGES = {
  missingCardTitle: 'Missing Information',
  missingCard: 'Please fill in all card details.',
  cannotRemoveTitle: 'Cannot Remove',
  cannotRemove: 'You cannot remove the default payment method. Please set another method as default first.',
} as const;

/** A fee statement not paid this many days after its month closes is overdue (issue 22). */
export const FEE_STATEMENT_GRACE_DAYS = 14;

// ---------------------------------------------------------------------------------------------------------------
// Invoices (/settings/invoices): every plan payment's invoice and every month's plan fee statement.

export const BillingInvoiceStatus = z.enum(['paid', 'pending', 'overdue', 'refunded']);
export type BillingInvoiceStatus = z.infer<typeof BillingInvoiceStatus>;

/** What an invoice is for: a bot's plan period, a wallet top-up, or a month's plan fees on shop sales. */
export const BillingInvoiceKind = z.enum(['plan', 'topup', 'fees']);
export type BillingInvoiceKind = z.infer<typeof BillingInvoiceKind>;

export const BillingInvoice = z.object({
  /** The invoice's id (plan, top-up) or the statement's month (fees): what its PDF link names. */
  id: z.string(),
  kind: BillingInvoiceKind,
  invoiceNumber: z.string(),
  /** Issued (a payment's invoice) or the month's close (a statement; the current month: its first day). */
  date: z.string(),
  dueDate: z.string(),
  status: BillingInvoiceStatus,
  /** USD cents. */
  amountMinor: z.number().int(),
  currency: z.string(),
  /** What the screen words the description from: the plan and period, or the statement's month. */
  plan: Plan.nullable(),
  period: BillingPeriod.nullable(),
  month: Month.nullable(),
  botId: z.string().nullable(),
  botName: z.string().nullable(),
  /** Orders on a fee statement (0 for an invoice). */
  orders: z.number().int(),
});
export type BillingInvoice = z.infer<typeof BillingInvoice>;

export const BillingInvoicesQuery = z
  .object({
    status: BillingInvoiceStatus.optional(),
    /** One bot's invoices, and its share of each fee statement. */
    botId: z.uuid().optional(),
  })
  .strict();
export type BillingInvoicesQuery = z.infer<typeof BillingInvoicesQuery>;

export const BillingInvoiceList = z.object({
  /** Newest first. */
  invoices: z.array(BillingInvoice),
});
export type BillingInvoiceList = z.infer<typeof BillingInvoiceList>;

// ---------------------------------------------------------------------------------------------------------------
// Payment methods (/settings/payment): what the vendor pays the platform with; the default one pays renewals and
// fee statements.

export const SavedMethodType = z.enum(['wallet', 'stars', 'ltc', 'card']);
export type SavedMethodType = z.infer<typeof SavedMethodType>;

export const CardBrand = z.enum(['visa', 'mastercard', 'amex', 'other']);
export type CardBrand = z.infer<typeof CardBrand>;

export const SavedPaymentMethod = z.object({
  id: z.string(),
  type: SavedMethodType,
  isDefault: z.boolean(),
  /** Cards only: what the provider told us about the card. Never its number. */
  brand: CardBrand.nullable(),
  last4: z.string().nullable(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  /** A card whose expiry is within a month (flagged a month ahead), or past. */
  expiresSoon: z.boolean(),
  expired: z.boolean(),
  createdAt: z.string(),
});
export type SavedPaymentMethod = z.infer<typeof SavedPaymentMethod>;

/** Where the browser sends card details: the provider's own endpoint, with a publishable key only. */
export const CardProviderInfo = z.object({
  /** `POST {tokenizeUrl}` (form-encoded, Stripe's shape: `type=card&card[number]=…`), `Bearer {publishableKey}`. */
  tokenizeUrl: z.string(),
  publishableKey: z.string(),
  /** Test numbers (demo mode's fake provider only): success, decline, expired. */
  testCards: z.array(z.object({ number: z.string(), outcome: z.enum(['success', 'decline', 'expired']) })),
});
export type CardProviderInfo = z.infer<typeof CardProviderInfo>;

export const PaymentMethodList = z.object({
  methods: z.array(SavedPaymentMethod),
  /** null: no card provider configured, the card option is hidden. */
  cardProvider: CardProviderInfo.nullable(),
});
export type PaymentMethodList = z.infer<typeof PaymentMethodList>;

/** Adds a method: a card by the id the provider gave the browser (`pm_…`), never the card's details. */
export const AddPaymentMethodBody = z
  .object({
    type: SavedMethodType,
    /** A card's id at the provider (`pm_…`); cards only. */
    providerPaymentMethodId: z
      .string()
      .regex(/^pm_[A-Za-z0-9_]{4,100}$/)
      .optional(),
  })
  .strict()
  .refine((b) => (b.type === 'card') === (b.providerPaymentMethodId !== undefined), {
    path: ['providerPaymentMethodId'],
    message: "A card is saved by the provider's payment method id, and only a card.",
  });
export type AddPaymentMethodBody = z.infer<typeof AddPaymentMethodBody>;

export const PaymentMethodParams = z.object({ vendorId: z.uuid(), methodId: z.uuid() });

/** §9: the new card form's field lengths. */
export const CARD_FIELD_LIMITS = { cardNumber: 16, expiryMonth: 2, expiryYear: 2, cvv: 3 } as const;

/** §5.6: the card's name is Visa when the number starts with 4, otherwise Mastercard. */
export const cardNameOf = (cardNumber: string): 'Visa' | 'Mastercard' =>
  cardNumber.trim().startsWith('4') ? 'Visa' : 'Mastercard';

/** Whether a card expiring at the end of month/year (2-digit or 4-digit year) is past at `now`, or within a month. */
export function cardExpiry(
  expMonth: number,
  expYear: number,
  now: Date,
): { expired: boolean; soon: boolean } {
  const year = expYear < 100 ? 2000 + expYear : expYear;
  // A card is good through the last day of its expiry month.
  const end = Date.UTC(year, expMonth, 1);
  const monthAhead = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate());
  const expired = now.getTime() >= end;
  return { expired, soon: !expired && monthAhead >= end };
}

// ---------------------------------------------------------------------------------------------------------------
// Payouts (/settings/payouts): the wallet's balance paid out to the vendor (spec part 2 §2.3, §3.8, §4, §9).

export const PayoutMethod = z.enum(['bank', 'paypal', 'crypto']);
export type PayoutMethod = z.infer<typeof PayoutMethod>;
export const PayoutSchedule = z.enum(['daily', 'weekly', 'biweekly', 'monthly', 'manual']);
export type PayoutSchedule = z.infer<typeof PayoutSchedule>;
export const CryptoNetwork = z.enum(['USDT-TRC20', 'USDT-ERC20', 'BTC', 'ETH', 'LTC']);
export type CryptoNetwork = z.infer<typeof CryptoNetwork>;
export const PayoutStatus = z.enum(['pending', 'processing', 'paid', 'failed']);
export type PayoutStatus = z.infer<typeof PayoutStatus>;

/** §9: the default minimum payout, $100 (USD cents). */
export const DEFAULT_PAYOUT_MINIMUM_MINOR = 10_000;

/** §9: fees per payout. Bank $2.50, PayPal 2%, crypto network fees only; a manual request adds $5. */
export const PAYOUT_FEES = { bankMinor: 250, paypalBps: 200, manualMinor: 500 } as const;

/** The fee a payout of `amountMinor` by `method` costs (USD cents); crypto's network fee is the network's own. */
export function payoutFeeMinor(method: PayoutMethod, amountMinor: number, manual: boolean): number {
  const base =
    method === 'bank'
      ? PAYOUT_FEES.bankMinor
      : method === 'paypal'
        ? Math.round((amountMinor * PAYOUT_FEES.paypalBps) / 10_000)
        : 0;
  return base + (manual ? PAYOUT_FEES.manualMinor : 0);
}

const detail = text().max(100);

export const PayoutSettings = z.object({
  method: PayoutMethod,
  bank: z.object({
    accountName: detail,
    accountNumber: detail,
    bankName: detail,
    routingNumber: detail,
    swift: detail,
    iban: detail,
  }),
  paypalEmail: detail,
  crypto: z.object({ type: CryptoNetwork, address: detail }),
  schedule: PayoutSchedule,
  /** USD cents. */
  minimumMinor: z.number().int().min(100).max(100_000_000),
  autoPayout: z.boolean(),
});
export type PayoutSettings = z.infer<typeof PayoutSettings>;

export const DEFAULT_PAYOUT_SETTINGS: PayoutSettings = {
  method: 'bank',
  bank: { accountName: '', accountNumber: '', bankName: '', routingNumber: '', swift: '', iban: '' },
  paypalEmail: '',
  crypto: { type: 'USDT-TRC20', address: '' },
  schedule: 'manual',
  minimumMinor: DEFAULT_PAYOUT_MINIMUM_MINOR,
  autoPayout: false,
};

export const PayoutSettingsBody = PayoutSettings.extend({
  /** The two-step code, when the account has two-step verification on (the account module's step-up). */
  stepUpCode: text().max(12).optional(),
}).strict();
export type PayoutSettingsBody = z.infer<typeof PayoutSettingsBody>;

export const Payout = z.object({
  id: z.string(),
  date: z.string(),
  /** What left the wallet (USD cents): the fee plus what is sent. */
  amountMinor: z.number().int(),
  feeMinor: z.number().int(),
  netMinor: z.number().int(),
  method: PayoutMethod,
  status: PayoutStatus,
  manual: z.boolean(),
});
export type Payout = z.infer<typeof Payout>;

export const PayoutOverview = z.object({
  settings: PayoutSettings,
  /** The wallet's balance: what can be paid out (USD cents). */
  availableMinor: z.number().int(),
  /** Newest first. */
  recent: z.array(Payout),
});
export type PayoutOverview = z.infer<typeof PayoutOverview>;

export const RequestPayoutBody = z
  .object({ amountMinor: z.number().int().min(100).max(100_000_000) })
  .strict();
export type RequestPayoutBody = z.infer<typeof RequestPayoutBody>;

// Each shop bot's Telegram Stars, reconciled to its orders (issue 22, beyond the spec).

export const StarTransactionDirection = z.enum(['in', 'out']);
export type StarTransactionDirection = z.infer<typeof StarTransactionDirection>;
/** paid / refunded: matched to an order in that state; unmatched: flagged; other: not a sale (a withdrawal…). */
export const StarTransactionMatch = z.enum(['paid', 'refunded', 'unmatched', 'other']);
export type StarTransactionMatch = z.infer<typeof StarTransactionMatch>;
/**
 * Why a transaction is flagged: a payment no order of this bot names (no_order), a payment for an order our records
 * do not show paid (order_not_paid), money returned to a buyer that we never refunded (chargeback).
 */
export const StarMismatchReason = z.enum(['no_order', 'order_not_paid', 'chargeback']);
export type StarMismatchReason = z.infer<typeof StarMismatchReason>;

export const StarTransaction = z.object({
  id: z.string(),
  date: z.string(),
  direction: StarTransactionDirection,
  /** Whole Stars. */
  amount: z.number().int(),
  partner: z.string(),
  userId: z.number().int().nullable(),
  orderId: z.uuid().nullable(),
  orderNumber: z.string().nullable(),
  match: StarTransactionMatch,
  reason: StarMismatchReason.nullable(),
});
export type StarTransaction = z.infer<typeof StarTransaction>;

export const BotStars = z.object({
  /** null until the first sync. */
  balance: z.number().int().nullable(),
  syncedAt: z.string().nullable(),
  unmatched: z.number().int(),
  /** Newest first. */
  transactions: z.array(StarTransaction),
});
export type BotStars = z.infer<typeof BotStars>;

export const BotStarsParams = z.object({ vendorId: z.uuid(), botId: z.uuid() });

/** Home's line: how many Star transactions of the vendor's bots are flagged, and on how many bots. */
export const StarsMismatchSummary = z.object({
  unmatched: z.number().int(),
  bots: z.array(z.object({ botId: z.uuid(), unmatched: z.number().int() })),
});
export type StarsMismatchSummary = z.infer<typeof StarsMismatchSummary>;
