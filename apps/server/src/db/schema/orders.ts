import { OrderProductType, OrderStatus, PaymentStatus, ProductType } from '@app/contracts/catalogue';
import {
  bigint,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
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
    name: text('name').notNull(),
    productType: text('product_type', { enum: enumValues(ProductType.options) }).notNull(),
    unitPriceMinor: money('unit_price_minor').notNull(),
    quantity: integer('quantity').notNull(),
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

/**
 * Daily rollup per bot, kept in the same transaction as the order that changes it, so dashboards cost the same
 * at a hundred orders and at ten million (ARCHITECTURE.md "Data").
 */
export const botDailyStats = pgTable(
  'bot_daily_stats',
  {
    vendorId: vendorId(),
    botId: ref('bot_id'),
    day: date('day', { mode: 'string' }).notNull(),
    orders: integer('orders').notNull().default(0),
    revenueMinor: money('revenue_minor').notNull().default(0),
    newCustomers: integer('new_customers').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.botId, t.day] }),
    foreignKey({ columns: [t.vendorId, t.botId], foreignColumns: [bots.vendorId, bots.id] }).onDelete(
      'cascade',
    ),
    index('bot_daily_stats_day_idx').on(t.vendorId, t.day),
  ],
);
