import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { createdAt, id, ref, updatedAt, vendorId } from './columns';

/**
 * A customer's rating (1–5, optional text) of a product they bought: one per order line, given in the shop's
 * chat once the order completed. A hidden review (the vendor's choice, or held by the content filters) counts
 * in no rating. The order line's id is kept without a foreign key: the review outlives an erased order.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    vendorId: vendorId(),
    id: id(),
    productId: ref('product_id'),
    orderId: ref('order_id'),
    orderItemId: ref('order_item_id'),
    botId: ref('bot_id'),
    customerId: uuid('customer_id'),
    customerName: text('customer_name').notNull(),
    rating: integer('rating').notNull(),
    text: text('text'),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({
      columns: [t.vendorId, t.productId],
      foreignColumns: [products.vendorId, products.id],
    }).onDelete('cascade'),
    uniqueIndex('product_reviews_line_uq').on(t.vendorId, t.orderItemId),
    index('product_reviews_product_idx').on(t.vendorId, t.productId, t.createdAt),
    check('product_reviews_rating_ck', sql`${t.rating} between 1 and 5`),
  ],
);
