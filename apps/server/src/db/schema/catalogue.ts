import { ProductType } from '@app/contracts/catalogue';
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
  uuid,
} from 'drizzle-orm/pg-core';
import { bots } from './bots';
import { createdAt, enumValues, id, money, ref, updatedAt, vendorId } from './columns';
import { vendors } from './vendors';

export const categories = pgTable(
  'categories',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    name: text('name').notNull(),
    icon: text('icon'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.id] }), index('categories_name_idx').on(t.vendorId, t.name)],
);

export const subcategories = pgTable(
  'subcategories',
  {
    vendorId: vendorId(),
    id: id(),
    categoryId: ref('category_id'),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({
      columns: [t.vendorId, t.categoryId],
      foreignColumns: [categories.vendorId, categories.id],
    }).onDelete('cascade'),
    index('subcategories_category_idx').on(t.vendorId, t.categoryId),
  ],
);

/**
 * A catalogue item: physical, digital or service. Fields every type has are columns; the type's own details
 * (weight and dimensions, digital delivery, service scheduling) sit in `details`, validated by the contracts.
 */
export const products = pgTable(
  'products',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    shortDescription: text('short_description'),
    sku: text('sku'),
    barcode: text('barcode'),
    productType: text('product_type', { enum: enumValues(ProductType.options) }).notNull(),
    priceMinor: money('price_minor').notNull(),
    comparePriceMinor: money('compare_price_minor'),
    costPriceMinor: money('cost_price_minor'),
    currency: text('currency').notNull().default('USD'),
    categoryId: uuid('category_id'),
    subcategoryId: uuid('subcategory_id'),
    brand: text('brand'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    stock: integer('stock').notNull().default(0),
    minStock: integer('min_stock').notNull().default(5),
    trackInventory: boolean('track_inventory').notNull().default(true),
    allowBackorder: boolean('allow_backorder').notNull().default(false),
    status: text('status', { enum: ['active', 'draft', 'archived'] })
      .notNull()
      .default('active'),
    isFeatured: boolean('is_featured').notNull().default(false),
    /** Sold through every bot of the vendor; otherwise through the bots in product_bots. */
    allBots: boolean('all_bots').notNull().default(true),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({ columns: [t.vendorId, t.categoryId], foreignColumns: [categories.vendorId, categories.id] }),
    foreignKey({
      columns: [t.vendorId, t.subcategoryId],
      foreignColumns: [subcategories.vendorId, subcategories.id],
    }),
    index('products_vendor_created_idx').on(t.vendorId, t.createdAt),
    index('products_vendor_type_idx').on(t.vendorId, t.productType),
    index('products_vendor_category_idx').on(t.vendorId, t.categoryId),
  ],
);

export const productBots = pgTable(
  'product_bots',
  { vendorId: vendorId(), productId: ref('product_id'), botId: ref('bot_id') },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.productId, t.botId] }),
    foreignKey({
      columns: [t.vendorId, t.productId],
      foreignColumns: [products.vendorId, products.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.vendorId, t.botId], foreignColumns: [bots.vendorId, bots.id] }).onDelete(
      'cascade',
    ),
    index('product_bots_bot_idx').on(t.vendorId, t.botId),
  ],
);
