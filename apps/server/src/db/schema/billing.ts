import {
  CardBrand,
  PayoutMethod,
  type PayoutSettings,
  PayoutStatus,
  SavedMethodType,
  StarTransactionDirection,
  StarTransactionMatch,
} from '@app/contracts/billing';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bots } from './bots';
import { createdAt, enumValues, id, money, telegramId, vendorId } from './columns';

/**
 * The ways a vendor pays the platform (modules/billing): the wallet, Stars, Litecoin, or a card held by the card
 * provider. Exactly one is the default (a partial unique index holds "at most one"; the service the "at least").
 * A card row keeps the provider's payment method id, brand, last four and expiry: never the number or the CVV.
 */
export const billingPaymentMethods = pgTable(
  'billing_payment_methods',
  {
    vendorId: vendorId(),
    id: id(),
    type: text('type', { enum: enumValues(SavedMethodType.options) }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    providerPaymentMethodId: text('provider_payment_method_id'),
    brand: text('brand', { enum: enumValues(CardBrand.options) }),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    uniqueIndex('billing_payment_methods_default_idx').on(t.vendorId).where(sql`${t.isDefault}`),
    // The wallet, Stars and Litecoin are saved once each; a card once per provider id.
    uniqueIndex('billing_payment_methods_type_idx').on(t.vendorId, t.type).where(sql`${t.type} <> 'card'`),
    uniqueIndex('billing_payment_methods_card_idx').on(t.vendorId, t.providerPaymentMethodId),
  ],
);

/** A month's plan fee statement once paid (modules/billing): what makes its status "paid". */
export const feeSettlements = pgTable(
  'fee_settlements',
  {
    vendorId: vendorId(),
    id: id(),
    /** 'YYYY-MM'. */
    month: text('month').notNull(),
    amountMinor: money('amount_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    method: text('method', { enum: enumValues(SavedMethodType.options) }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    // A month is settled once.
    uniqueIndex('fee_settlements_month_idx').on(t.vendorId, t.month),
  ],
);

/**
 * Each try to charge the vendor's default method for something owed (a month's fee statement: subject
 * `fees:YYYY-MM`). Unique per subject and attempt: the row is claimed before the charge, so a repeated or
 * restarted job never charges one attempt twice (a charge cut off mid-way stays `started` and is not retried).
 */
export const billingChargeAttempts = pgTable(
  'billing_charge_attempts',
  {
    vendorId: vendorId(),
    id: id(),
    subject: text('subject').notNull(),
    attempt: integer('attempt').notNull(),
    method: text('method', { enum: enumValues(SavedMethodType.options) }).notNull(),
    amountMinor: money('amount_minor').notNull(),
    status: text('status', { enum: ['started', 'succeeded', 'failed'] })
      .notNull()
      .default('started'),
    /** Why it failed: insufficient_funds, card_declined, expired_card, no_method, manual_method, … */
    failureCode: text('failure_code'),
    /** The card provider's charge id. */
    providerChargeId: text('provider_charge_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    uniqueIndex('billing_charge_attempts_subject_idx').on(t.vendorId, t.subject, t.attempt),
  ],
);

/** The vendor's payout settings (§3.8): method, details, schedule, minimum, auto-payout. One row per vendor. */
export const payoutSettings = pgTable('payout_settings', {
  vendorId: vendorId().primaryKey(),
  settings: jsonb('settings').$type<PayoutSettings>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A payout of the wallet's balance: the wallet's debit (what is sent, and its fee) is written in the same
 * transaction. pending → processing → paid, or failed (the debit credited back).
 */
export const payouts = pgTable(
  'payouts',
  {
    vendorId: vendorId(),
    id: id(),
    method: text('method', { enum: enumValues(PayoutMethod.options) }).notNull(),
    status: text('status', { enum: enumValues(PayoutStatus.options) })
      .notNull()
      .default('pending'),
    amountMinor: money('amount_minor').notNull(),
    feeMinor: money('fee_minor').notNull(),
    manual: boolean('manual').notNull(),
    /** Where it goes, as the vendor entered it when requested (account, e-mail or address). */
    destination: text('destination').notNull(),
    /** A crypto payout's id at the crypto provider, once sent through its payouts API. */
    providerPayoutId: text('provider_payout_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    // The crypto payouts the check job follows.
    index('payouts_crypto_open_idx')
      .on(t.status)
      .where(sql`${t.method} = 'crypto' AND ${t.status} IN ('pending', 'processing')`),
  ],
);

/**
 * A shop bot's Telegram Star transactions (getStarTransactions), as fetched by the `billing.stars-sync` job: `seq`
 * is the transaction's place in Telegram's chronological list (the paging offset), so a page fetched again
 * changes nothing. Each is matched to our order by its charge id (Telegram's transaction id) or its invoice
 * payload: paid, refunded, or unmatched (a chargeback, a payment with no order) with the reason.
 */
export const botStarTransactions = pgTable(
  'bot_star_transactions',
  {
    vendorId: vendorId(),
    id: id(),
    botId: uuid('bot_id').notNull(),
    seq: integer('seq').notNull(),
    /** Telegram's id: the payment's telegram_payment_charge_id; a refund carries its payment's id. */
    telegramId: text('telegram_id').notNull(),
    direction: text('direction', { enum: enumValues(StarTransactionDirection.options) }).notNull(),
    /** Whole Stars, always positive (the direction says which way). */
    amount: money('amount').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    /** The other side's kind (Telegram's TransactionPartner type: user, fragment, telegram_ads, other…). */
    partner: text('partner').notNull(),
    userId: telegramId('user_id'),
    payload: text('payload'),
    orderId: uuid('order_id'),
    orderNumber: text('order_number'),
    match: text('match', { enum: enumValues(StarTransactionMatch.options) }).notNull(),
    /** Why an unmatched one is flagged (StarMismatchReason). */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({ columns: [t.vendorId, t.botId], foreignColumns: [bots.vendorId, bots.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('bot_star_transactions_seq_idx').on(t.vendorId, t.botId, t.seq),
    index('bot_star_transactions_match_idx').on(t.vendorId, t.match),
  ],
);

/** Each shop bot's Stars balance (getMyStarBalance) at its last sync, and how many transactions were fetched. */
export const botStarBalances = pgTable(
  'bot_star_balances',
  {
    vendorId: vendorId(),
    botId: uuid('bot_id').notNull(),
    balance: money('balance').notNull(),
    fetched: integer('fetched').notNull().default(0),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.botId] }),
    foreignKey({ columns: [t.vendorId, t.botId], foreignColumns: [bots.vendorId, bots.id] }).onDelete(
      'cascade',
    ),
  ],
);
