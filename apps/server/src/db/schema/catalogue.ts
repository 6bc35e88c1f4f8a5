import { ProductType } from '@app/contracts/catalogue';
import { StockStatus } from '@app/contracts/products';
import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
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
    // Catalogue issue: the rest of §3.1–3.3 (stored as given; the contracts validate them).
    urlSlug: text('url_slug'),
    videos: text('videos').array().notNull().default(sql`'{}'::text[]`),
    /** The gallery advances by itself and plays videos muted, inline (the shop's Mini App). */
    galleryAutoPlay: boolean('gallery_auto_play').notNull().default(false),
    bulkPricing: jsonb('bulk_pricing').$type<unknown[]>().notNull().default([]),
    seo: jsonb('seo').$type<Record<string, unknown>>().notNull().default({}),
    taxRate: doublePrecision('tax_rate'),
    taxInclusive: boolean('tax_inclusive').notNull().default(false),
    /** Real figures, kept by the shop runtime: zero until it sells or shows the product. */
    soldCount: integer('sold_count').notNull().default(0),
    revenueMinor: money('revenue_minor').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    /** The visible reviews' ratings summed and counted (modules/reviews keeps them): the product's rating. */
    ratingSum: integer('rating_sum').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** details.digitalType of a digital product, as a column so the list's stock figures never read the JSON. */
    digitalType: text('digital_type'),
    /**
     * The list's stock state (§3.5, §9), kept by PostgreSQL from the columns it depends on, so the list's stats
     * are one index-only count (products_vendor_stock_state_idx) and every reader agrees on the rule.
     */
    stockState: text('stock_state', { enum: enumValues(StockStatus.options) })
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`case
        when ${products.productType} = 'digital'
          and coalesce(${products.digitalType}, ${products.details}->>'digitalType', 'downloadable') = 'downloadable'
          then 'available'
        when ${products.productType} = 'service' then 'in_stock'
        when ${products.productType} = 'physical' and not ${products.trackInventory} then 'in_stock'
        when ${products.stock} <= 0 then 'out_of_stock'
        when ${products.stock} < ${products.minStock} then 'low_stock'
        else 'in_stock' end`,
      ),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({ columns: [t.vendorId, t.categoryId], foreignColumns: [categories.vendorId, categories.id] }),
    foreignKey({
      columns: [t.vendorId, t.subcategoryId],
      foreignColumns: [subcategories.vendorId, subcategories.id],
    }),
    // The list's order (newest first, id breaking ties: a CSV import's rows share one created_at).
    index('products_vendor_created_id_idx').on(t.vendorId, t.createdAt, t.id),
    index('products_vendor_type_idx').on(t.vendorId, t.productType),
    index('products_vendor_category_idx').on(t.vendorId, t.categoryId),
    uniqueIndex('products_vendor_sku_uq').on(t.vendorId, t.sku).where(sql`${t.sku} is not null`),
    uniqueIndex('products_vendor_slug_uq').on(t.vendorId, t.urlSlug).where(sql`${t.urlSlug} is not null`),
    // Search by name or SKU (ILIKE '%…%') stays an index scan at 10,000 products: trigram GIN indexes.
    // fastupdate off: new entries go straight into the index. With it on they wait in a pending list that only
    // VACUUM merges, and PGlite never vacuums: every search read the whole list and the planner gave up on the
    // index (a sequential ILIKE over every product).
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`).with({ fastupdate: false }),
    index('products_sku_trgm_idx').using('gin', sql`${t.sku} gin_trgm_ops`).with({ fastupdate: false }),
    // The shop's search also looks at the brand, the barcode and the tags (migration 0043 defines the tags'
    // IMMUTABLE text): each arm of the OR indexed, or the whole search scans every product.
    index('products_brand_trgm_idx').using('gin', sql`${t.brand} gin_trgm_ops`).with({ fastupdate: false }),
    index('products_barcode_trgm_idx')
      .using('gin', sql`${t.barcode} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('products_tags_trgm_idx')
      .using('gin', sql`products_tags_text(${t.tags}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('products_vendor_status_idx').on(t.vendorId, t.status),
    index('products_vendor_subcategory_idx').on(t.vendorId, t.subcategoryId),
    index('products_vendor_stock_state_idx').on(t.vendorId, t.productType, t.stockState),
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

/**
 * Images (and videos) of a product. A row is an upload first (product_id null until a product takes it; the
 * media module sweeps unattached ones after a day), then one of the product's ≤ 10 media, in `position` order,
 * exactly one of them main. `sizes` names the stored derivatives: { thumbnail: key, medium: key }.
 */
export const productImages = pgTable(
  'product_images',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    productId: uuid('product_id'),
    kind: text('kind', { enum: ['image', 'gif', 'video', 'file'] })
      .notNull()
      .default('image'),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    originalName: text('original_name'),
    position: integer('position').notNull().default(0),
    isMain: boolean('is_main').notNull().default(false),
    sizes: jsonb('sizes').$type<Record<string, string>>().notNull().default({}),
    width: integer('width'),
    height: integer('height'),
    durationS: integer('duration_s'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({
      columns: [t.vendorId, t.productId],
      foreignColumns: [products.vendorId, products.id],
    }).onDelete('cascade'),
    index('product_images_product_idx').on(t.vendorId, t.productId, t.position),
    index('product_images_unattached_idx').on(t.createdAt).where(sql`${t.productId} is null`),
  ],
);

/**
 * A digital product's code pool: one row per key, ticket, pass or subscription code. `issued_at` set means it
 * went to an order; a code is claimed with an UPDATE … WHERE issued_at IS NULL … FOR UPDATE SKIP LOCKED, so two
 * buyers never receive the same one. Unique per product.
 */
export const productCodes = pgTable(
  'product_codes',
  {
    vendorId: vendorId(),
    id: id(),
    productId: ref('product_id'),
    code: text('code').notNull(),
    orderId: uuid('order_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({
      columns: [t.vendorId, t.productId],
      foreignColumns: [products.vendorId, products.id],
    }).onDelete('cascade'),
    uniqueIndex('product_codes_code_uq').on(t.vendorId, t.productId, t.code),
    index('product_codes_available_idx')
      .on(t.vendorId, t.productId, t.createdAt)
      .where(sql`${t.issuedAt} is null`),
    index('product_codes_order_idx').on(t.vendorId, t.orderId),
  ],
);

/**
 * Bookings of a service's slots; the orders module writes them (status booked), the slots endpoint subtracts
 * them from availability. A cancelled booking frees its place.
 */
export const serviceBookings = pgTable(
  'service_bookings',
  {
    vendorId: vendorId(),
    id: id(),
    productId: ref('product_id'),
    slotStart: timestamp('slot_start', { withTimezone: true, mode: 'date' }).notNull(),
    slotEnd: timestamp('slot_end', { withTimezone: true, mode: 'date' }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    status: text('status', { enum: ['booked', 'cancelled'] })
      .notNull()
      .default('booked'),
    orderId: uuid('order_id'),
    customerId: uuid('customer_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({
      columns: [t.vendorId, t.productId],
      foreignColumns: [products.vendorId, products.id],
    }).onDelete('cascade'),
    index('service_bookings_slot_idx').on(t.vendorId, t.productId, t.slotStart),
  ],
);

/** A bulk CSV import: checked rows are stored with it; a job commits them and counts progress here. */
export const productImports = pgTable(
  'product_imports',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    status: text('status', { enum: ['queued', 'running', 'completed', 'failed'] })
      .notNull()
      .default('queued'),
    /** The validated rows to write (create or update), as the service parsed them. */
    rows: jsonb('rows').$type<unknown[]>().notNull().default([]),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    errors: jsonb('errors').$type<unknown[]>().notNull().default([]),
    actorKind: text('actor_kind').notNull().default('owner'),
    actorTelegramId: bigint('actor_telegram_id', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.id] })],
);
