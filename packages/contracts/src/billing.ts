import { z } from 'zod';
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
