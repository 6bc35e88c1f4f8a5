import { PaymentStatus } from '@app/contracts/catalogue';
import { PaymentProviderId } from '@app/contracts/settings';
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enumValues, id, money, ref, telegramId, vendorId } from './columns';
import { orders } from './orders';

/**
 * What a shop bot's customer paid (or is paying) for an order, one row per payment: a Telegram charge (Stars
 * or a provider's card/wallet/regional payment) or a crypto invoice. A Telegram charge id is unique, so a
 * repeated successful_payment finds its row and changes nothing (SECURITY.md "Telegram bots").
 */
export const shopPayments = pgTable(
  'shop_payments',
  {
    vendorId: vendorId(),
    id: id(),
    orderId: ref('order_id'),
    botId: ref('bot_id'),
    /** The rail: the bot's payment provider that took it. */
    provider: text('provider', { enum: enumValues(PaymentProviderId.options) }).notNull(),
    status: text('status', { enum: enumValues(PaymentStatus.options) })
      .notNull()
      .default('pending'),
    /** What was charged, in `currency`'s units: whole Stars for XTR, else minor units. */
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** Telegram's id of the charge: each one is credited once. */
    telegramChargeId: text('telegram_payment_charge_id'),
    /** The payment provider's own id of a Telegram Payments charge (for the vendor's records). */
    providerChargeId: text('provider_payment_charge_id'),
    /** The crypto provider's invoice id, and the payment id its IPNs carry. */
    providerInvoiceId: text('provider_invoice_id'),
    providerPaymentId: text('provider_payment_id'),
    invoiceUrl: text('invoice_url'),
    /** Who paid in Telegram: refundStarPayment needs them. */
    payerTelegramId: telegramId('payer_telegram_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({ columns: [t.vendorId, t.orderId], foreignColumns: [orders.vendorId, orders.id] }).onDelete(
      'cascade',
    ),
    // The crypto provider's IPN names the payment alone (its order_id).
    uniqueIndex('shop_payments_id_idx').on(t.id),
    uniqueIndex('shop_payments_charge_idx').on(t.telegramChargeId),
    index('shop_payments_order_idx').on(t.vendorId, t.orderId),
  ],
);

/**
 * A paid order's downloadable file, one per order line: the signed link sent to the customer names this row,
 * which counts the downloads against `maxDownloads` until `expiresAt` (the product's digital settings when it
 * was delivered). A re-send of the delivery finds the same row, so the link, its count and expiry stay.
 */
export const shopDownloads = pgTable(
  'shop_downloads',
  {
    vendorId: vendorId(),
    id: id(),
    orderId: ref('order_id'),
    orderItemId: ref('order_item_id'),
    productId: uuid('product_id'),
    /** The uploaded file (media module), or else an outside address the link redirects to. */
    mediaId: uuid('media_id'),
    url: text('url'),
    maxDownloads: integer('max_downloads').notNull(),
    downloads: integer('downloads').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({ columns: [t.vendorId, t.orderId], foreignColumns: [orders.vendorId, orders.id] }).onDelete(
      'cascade',
    ),
    // The link names the download alone.
    uniqueIndex('shop_downloads_id_idx').on(t.id),
    uniqueIndex('shop_downloads_item_idx').on(t.vendorId, t.orderItemId),
  ],
);
