import { PaymentKind, PaymentMethod, PaymentPurpose, PaymentStatus } from '@app/contracts/payments';
import { BillingPeriod, Plan } from '@app/contracts/plans';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enumValues, id, money, telegramId, vendorId } from './columns';

/**
 * One attempt to pay: a bot's plan period or a wallet top-up, by Stars, Litecoin or the wallet. A Star
 * subscription's renewals are rows of their own (`renewalOf` the first), each with its own charge id.
 */
export const payments = pgTable(
  'payments',
  {
    vendorId: vendorId(),
    id: id(),
    purpose: text('purpose', { enum: enumValues(PaymentPurpose.options) }).notNull(),
    method: text('method', { enum: enumValues(PaymentMethod.options) }).notNull(),
    status: text('status', { enum: enumValues(PaymentStatus.options) })
      .notNull()
      .default('pending'),
    kind: text('kind', { enum: enumValues(PaymentKind.options) })
      .notNull()
      .default('new'),
    botId: uuid('bot_id'),
    /** The bot's @username when paid, for the invoice. */
    botUsername: text('bot_username'),
    plan: text('plan', { enum: enumValues(Plan.options) }),
    period: text('period', { enum: enumValues(BillingPeriod.options) }),
    /** USD cents. */
    amountMinor: money('amount_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    starsAmount: integer('stars_amount'),
    starSubscription: boolean('star_subscription').notNull().default(false),
    invoiceUrl: text('invoice_url'),
    /** Telegram's charge id of a Stars payment: each one is credited once. */
    telegramChargeId: text('telegram_charge_id'),
    /** Who paid in Telegram (for refunds and editUserStarSubscription). */
    payerTelegramId: telegramId('payer_telegram_id'),
    /** The crypto provider's payment id. */
    providerPaymentId: text('provider_payment_id'),
    payAddress: text('pay_address'),
    payAmount: text('pay_amount'),
    payCurrency: text('pay_currency'),
    renewalOf: uuid('renewal_of'),
    createdBy: telegramId('created_by'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    // Callbacks name the payment alone (the invoice payload, the IPN's order_id).
    uniqueIndex('payments_id_idx').on(t.id),
    uniqueIndex('payments_telegram_charge_idx').on(t.telegramChargeId),
    uniqueIndex('payments_provider_payment_idx').on(t.method, t.providerPaymentId),
    index('payments_vendor_bot_idx').on(t.vendorId, t.botId, t.createdAt),
  ],
);

/** The wallet: one row per credit (positive) or debit (negative); the balance is their sum. */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    vendorId: vendorId(),
    id: id(),
    amountMinor: money('amount_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    // fees: a month's plan fee statement paid from the wallet; payout, payout_fee and payout_reversal: a payout,
    // its fee, and the credit back of a failed one (modules/billing).
    reason: text('reason', {
      enum: [
        'topup',
        'subscription',
        'refund',
        'adjustment',
        'fees',
        'payout',
        'payout_fee',
        'payout_reversal',
      ],
    }).notNull(),
    /** The payment this row belongs to. */
    reference: uuid('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    index('wallet_ledger_vendor_idx').on(t.vendorId, t.createdAt),
    // A payment credits or debits a wallet once.
    uniqueIndex('wallet_ledger_reference_idx').on(t.vendorId, t.reference, t.reason),
  ],
);

/** One invoice per completed payment. */
export const invoices = pgTable(
  'invoices',
  {
    vendorId: vendorId(),
    id: id(),
    number: text('number').notNull(),
    paymentId: uuid('payment_id').notNull(),
    botId: uuid('bot_id'),
    botName: text('bot_name'),
    plan: text('plan', { enum: enumValues(Plan.options) }),
    period: text('period', { enum: enumValues(BillingPeriod.options) }),
    purpose: text('purpose', { enum: enumValues(PaymentPurpose.options) }).notNull(),
    amountMinor: money('amount_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    starsAmount: integer('stars_amount'),
    method: text('method', { enum: enumValues(PaymentMethod.options) }).notNull(),
    status: text('status', { enum: ['paid', 'refunded'] })
      .notNull()
      .default('paid'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    uniqueIndex('invoices_payment_idx').on(t.vendorId, t.paymentId),
    uniqueIndex('invoices_number_idx').on(t.number),
    index('invoices_vendor_issued_idx').on(t.vendorId, t.issuedAt),
  ],
);

/**
 * Plan fees on shop sales (ARCHITECTURE.md "Money"): one accrual per paid shop order, at the fee of the bot's
 * plan when the sale happened, and one reversal (the same fee, negative) when the order is refunded. The fees
 * owed are their sum; the month's fee statement sums the rows of that month (UTC).
 */
export const planFees = pgTable(
  'plan_fees',
  {
    vendorId: vendorId(),
    id: id(),
    botId: uuid('bot_id').notNull(),
    orderId: uuid('order_id').notNull(),
    orderNumber: integer('order_number'),
    kind: text('kind', { enum: ['accrual', 'reversal'] }).notNull(),
    plan: text('plan', { enum: enumValues(Plan.options) }).notNull(),
    /** The plan's fee when the sale happened, in basis points (350 = 3.5%). */
    feeBps: integer('fee_bps').notNull(),
    /** The sale's value in USD cents (positive for a reversal too). */
    saleUsdMinor: money('sale_usd_minor').notNull(),
    /** The fee in USD cents: positive for an accrual, negative for its reversal. */
    amountMinor: money('amount_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** The domain event (payment.received or refund.created) this row was written for. */
    eventId: uuid('event_id').notNull(),
    /** When the sale or the refund happened (the event's time): the month it counts in. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    // A fee accrues once per order and is reversed once, whatever the number of events about it.
    uniqueIndex('plan_fees_order_idx').on(t.vendorId, t.orderId, t.kind),
    uniqueIndex('plan_fees_event_idx').on(t.vendorId, t.eventId),
    index('plan_fees_vendor_occurred_idx').on(t.vendorId, t.occurredAt),
  ],
);
