import {
  CardBrand,
  PayoutMethod,
  type PayoutSettings,
  PayoutStatus,
  SavedMethodType,
} from '@app/contracts/billing';
import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, enumValues, id, money, vendorId } from './columns';

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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.id] })],
);
