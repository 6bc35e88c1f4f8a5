import { OrderProductType, OrderStatus, PaymentStatus, ProductType } from '@app/contracts/catalogue';
import { ActorKind } from '@app/contracts/events';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { bots } from './bots';
import { createdAt, enumValues, id, money, ref, updatedAt, vendorId } from './columns';
import { customers } from './customers';
import { vendors } from './vendors';

export const orders = pgTable(
  'orders',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    /** The number people read and say ("order #10423"): unique across the platform, never reused. */
    number: bigint('number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    botId: ref('bot_id'),
    customerId: ref('customer_id'),
    status: text('status', { enum: enumValues(OrderStatus.options) }).notNull(),
    productType: text('product_type', { enum: enumValues(OrderProductType.options) }).notNull(),
    paymentStatus: text('payment_status', { enum: enumValues(PaymentStatus.options) })
      .notNull()
      .default('pending'),
    totalMinor: money('total_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    itemCount: integer('item_count').notNull(),
    note: text('note'),
    shipping: jsonb('shipping').$type<Record<string, unknown>>(),
    digitalInfo: jsonb('digital_info').$type<Record<string, unknown>>(),
    serviceInfo: jsonb('service_info').$type<Record<string, unknown>>(),
    /** The total in USD minor units at the rate table of lib/usd-rates.ts, fixed when the order is placed. */
    totalUsdMinor: money('total_usd_minor').notNull().default(0),
    /** When the order reached `completed` (the day todayCompleted counts it). */
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /**
     * A shop order's stock, codes and slot are held for it until then; unpaid past it, the
     * shop.release-reservations job cancels it (which gives them back). Null: nothing expires.
     */
    reservedUntil: timestamp('reserved_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({ columns: [t.vendorId, t.botId], foreignColumns: [bots.vendorId, bots.id] }),
    foreignKey({ columns: [t.vendorId, t.customerId], foreignColumns: [customers.vendorId, customers.id] }),
    index('orders_vendor_created_idx').on(t.vendorId, t.createdAt.desc()),
    index('orders_vendor_status_idx').on(t.vendorId, t.status, t.createdAt.desc()),
    index('orders_vendor_bot_idx').on(t.vendorId, t.botId, t.createdAt.desc()),
    index('orders_vendor_customer_idx').on(t.vendorId, t.customerId, t.createdAt.desc()),
    index('orders_number_idx').on(t.vendorId, t.number),
    index('orders_vendor_type_idx').on(t.vendorId, t.productType, t.createdAt.desc()),
    // The release job's sweep across vendors: only the few orders that still hold a reservation.
    index('orders_reserved_until_idx')
      .on(t.reservedUntil)
      .where(sql`${t.reservedUntil} is not null and status = 'pending' and payment_status = 'pending'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    vendorId: vendorId(),
    id: id(),
    orderId: ref('order_id'),
    /** Null once the product is deleted; the name and price stay as sold. */
    productId: uuid('product_id'),
    /** The variation value sold (physical products with variations): its stock is the one reserved. */
    variationId: uuid('variation_id'),
    name: text('name').notNull(),
    productType: text('product_type', { enum: enumValues(ProductType.options) }).notNull(),
    unitPriceMinor: money('unit_price_minor').notNull(),
    quantity: integer('quantity').notNull(),
    /** The product's tax rate (percent) when sold; null: no tax. */
    taxRate: doublePrecision('tax_rate'),
    /** The tax the line carries (modules/orders/order-tax.ts), minor units. */
    taxMinor: money('tax_minor').notNull().default(0),
    /** What was added on top of the line's price for tax (0 when its price included the tax). */
    taxAddedMinor: money('tax_added_minor').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({ columns: [t.vendorId, t.orderId], foreignColumns: [orders.vendorId, orders.id] }).onDelete(
      'cascade',
    ),
    index('order_items_order_idx').on(t.vendorId, t.orderId),
    index('order_items_product_idx').on(t.vendorId, t.productId),
  ],
);

/** The figures of one day, per bot (bot_daily_stats) and for the whole vendor (vendor_daily_stats). */
const dailyFigures = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  orders: integer('orders').notNull().default(0),
  revenueMinor: money('revenue_minor').notNull().default(0),
  newCustomers: integer('new_customers').notNull().default(0),
  /** Non-cancelled orders' totals in USD minor units (dashboards and analytics sum these). */
  revenueUsdMinor: money('revenue_usd_minor').notNull().default(0),
  /** Orders placed that day and cancelled since (not in `orders`). */
  cancelledOrders: integer('cancelled_orders').notNull().default(0),
  /** Orders that reached completed that day (by completion day). */
  completedOrders: integer('completed_orders').notNull().default(0),
  /** Distinct customers who placed an order (any status) that day, through the bot or the vendor's bots. */
  activeCustomers: integer('active_customers').notNull().default(0),
  /** The shop's funnel, recorded by the shop runtime (recordShopFunnel): visits, carts, checkouts. */
  views: integer('views').notNull().default(0),
  carts: integer('carts').notNull().default(0),
  checkouts: integer('checkouts').notNull().default(0),
});

/**
 * Daily rollup per bot, kept in the same transaction as the order that changes it, so dashboards cost the same
 * at a hundred orders and at ten million (ARCHITECTURE.md "Data").
 */
export const botDailyStats = pgTable(
  'bot_daily_stats',
  {
    vendorId: vendorId(),
    botId: ref('bot_id'),
    ...dailyFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.botId, t.day] }),
    foreignKey({ columns: [t.vendorId, t.botId], foreignColumns: [bots.vendorId, bots.id] }).onDelete(
      'cascade',
    ),
    index('bot_daily_stats_day_idx').on(t.vendorId, t.day),
  ],
);

/**
 * bot_daily_stats summed over the vendor's bots, kept by the same calls: what Home and analytics read for the
 * whole vendor, so their cost follows the number of days, not days × bots (a hundred bots over a year would be
 * 36,500 rows to sum). Filters by bot read bot_daily_stats.
 */
export const vendorDailyStats = pgTable(
  'vendor_daily_stats',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    ...dailyFigures(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.day] })],
);

/** Internal notes of the vendor's team on an order (never shown to the customer). */
export const orderNotes = pgTable(
  'order_notes',
  {
    vendorId: vendorId(),
    id: id(),
    orderId: ref('order_id'),
    text: text('text').notNull(),
    authorKind: text('author_kind', { enum: enumValues(ActorKind.options) }).notNull(),
    authorId: text('author_id'),
    authorName: text('author_name'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({ columns: [t.vendorId, t.orderId], foreignColumns: [orders.vendorId, orders.id] }).onDelete(
      'cascade',
    ),
    index('order_notes_order_idx').on(t.vendorId, t.orderId, t.createdAt),
  ],
);

/**
 * How many orders (and how much, USD minor units) each bot has in each status and product type, now: the
 * order stats and the list's exact totals by status/bot/type, kept with every creation and status move.
 */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    vendorId: vendorId(),
    botId: ref('bot_id'),
    status: text('status', { enum: enumValues(OrderStatus.options) }).notNull(),
    productType: text('product_type', { enum: enumValues(OrderProductType.options) }).notNull(),
    orders: integer('orders').notNull().default(0),
    revenueUsdMinor: money('revenue_usd_minor').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.botId, t.status, t.productType] }),
    foreignKey({ columns: [t.vendorId, t.botId], foreignColumns: [bots.vendorId, bots.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** order_status_counts summed over the vendor's bots, kept by the same calls: the whole vendor's order stats. */
export const vendorOrderStatusCounts = pgTable(
  'vendor_order_status_counts',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    status: text('status', { enum: enumValues(OrderStatus.options) }).notNull(),
    productType: text('product_type', { enum: enumValues(OrderProductType.options) }).notNull(),
    orders: integer('orders').notNull().default(0),
    revenueUsdMinor: money('revenue_usd_minor').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.status, t.productType] })],
);

/**
 * Daily rollup per product and bot (non-cancelled orders, by the day the order was placed): top products and,
 * through the products' categories, category performance; with the shop's views of the product that day.
 */
export const productDailyStats = pgTable(
  'product_daily_stats',
  {
    vendorId: vendorId(),
    productId: uuid('product_id').notNull(),
    botId: ref('bot_id'),
    day: date('day', { mode: 'string' }).notNull(),
    units: integer('units').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    revenueUsdMinor: money('revenue_usd_minor').notNull().default(0),
    /** Times the shop showed the product's card that day (the shop's funnel; the product page's analytics). */
    views: integer('views').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.day, t.productId, t.botId] }),
    index('product_daily_stats_product_idx').on(t.vendorId, t.productId, t.day),
  ],
);

/**
 * product_daily_stats summed over the vendor's bots (vendor, day, product), kept by the same calls: top products
 * and category performance for the whole vendor read a product's days, not its days × bots.
 */
export const vendorProductDailyStats = pgTable(
  'vendor_product_daily_stats',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    productId: uuid('product_id').notNull(),
    units: integer('units').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    revenueUsdMinor: money('revenue_usd_minor').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.day, t.productId] })],
);
