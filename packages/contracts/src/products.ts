import { z } from 'zod';
import { ProductType } from './catalogue';
import { text, VendorParams } from './common';

/**
 * The catalogue's products (spec part 2 §2.1, §3.1–3.5, §5.1–5.2, §9). Money is integer minor units of
 * `currency` (cents); the web app formats it. One body shape for create (POST) and update (PUT, the whole
 * product): only the required-field words differ (§5.1 on add, §5.2 on edit).
 */

export const PRODUCT_LIMITS = {
  nameMax: 200,
  shortDescriptionMax: 500,
  descriptionMax: 20_000,
  skuMax: 64,
  barcodeMax: 64,
  brandMax: 100,
  tagMax: 50,
  tagsMax: 50,
  seoTitleMax: 60,
  seoDescriptionMax: 160,
  slugMax: 120,
  videosMax: 10,
  imagesMax: 10,
  variationsMax: 10,
  variationValuesMax: 50,
  combinationsMax: 500,
  bulkTiersMax: 20,
  codeMax: 200,
  /** Codes given in one create or update body, or one import. */
  codesPerRequestMax: 10_000,
  generateMin: 1,
  generateMax: 1000,
  generateDefault: 10,
  pageSizeDefault: 50,
  pageSizeMax: 100,
  /** Stock colours of the list (§9): above 20 green, above 5 yellow, else red. */
  stockGreenAbove: 20,
  stockYellowAbove: 5,
  /** A code pool at or under this many unissued codes shows the low-pool warning. */
  lowPoolAt: 10,
  /** Slots asked for at once (`to - from`). */
  slotsRangeMaxDays: 62,
  importMaxBytes: 5 * 1024 * 1024,
  importMaxRows: 10_000,
  /** Imports with more rows than this run as a background job; smaller ones commit in the request. */
  importInlineMaxRows: 200,
} as const;

/** The spec's words (§5.1 add, §5.2 edit, §8). */
export const PRODUCT_MESSAGES = {
  requiredFields: 'Please fill in required fields: Name, Price, and Category.',
  nameRequired: 'Product name is required',
  priceRequired: 'Price is required',
  categoryRequired: 'Category is required',
  stockRequired: 'Stock quantity is required',
  fileRequired: 'File URL or file upload is required',
  keysRequired: 'At least one product key is required',
  durationRequired: 'Service duration is required',
  addressRequired: 'Address is required for onsite services',
  shortDescriptionMax: 'Short description must be at most 500 characters',
  saved: 'Product saved successfully!',
  saveFailed: 'Failed to save product. Please try again.',
  updated: 'Product updated successfully!',
  loadFailed: 'Failed to load products',
  noProducts: 'No products found',
  generateRange: 'The number of codes must be from 1 to 1000',
  stockNegative: 'Stock cannot be negative',
  combinationsNeedTwoTypes: 'Combinations need exactly two variation types',
  combinationUnknownValue: 'A combination names a value its variation does not have',
  combinationDuplicate: 'Each combination may be listed once',
} as const;

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'INR'] as const;
export const Currency = z.enum(CURRENCIES);
export type Currency = z.infer<typeof Currency>;

export const ProductStatus = z.enum(['active', 'draft', 'archived']);
export type ProductStatus = z.infer<typeof ProductStatus>;

/** The list's stock label (§3.5): digital products that are not counted read 'available'. */
export const StockStatus = z.enum(['in_stock', 'low_stock', 'out_of_stock', 'available']);
export type StockStatus = z.infer<typeof StockStatus>;

// ---------------------------------------------------------------- physical

export const VariationType = z.enum(['size', 'color', 'material', 'style', 'model', 'weight']);
export type VariationType = z.infer<typeof VariationType>;

export const VariationValue = z.object({
  /** Given by the server; send it back on update to keep the value's identity (orders refer to it). */
  id: z.uuid().optional(),
  value: text().trim().min(1).max(100),
  /** Minor units added to (or, negative, taken from) the product's price. */
  priceAdjustment: z.number().int().default(0),
  stock: z.number().int().min(0, PRODUCT_MESSAGES.stockNegative).default(0),
  sku: text().trim().max(PRODUCT_LIMITS.skuMax).optional(),
});
export type VariationValue = z.infer<typeof VariationValue>;

/**
 * One combination of a product with two variation types (size × colour): one value of each, in the
 * variations' order, with its own stock, price adjustment (minor units, on the product's price) and SKU. With
 * combinations, stock is kept per combination (the values' own stock is not used) and the shop sells them.
 */
export const VariantCombination = z.object({
  /** Given by the server; send it back on update to keep the combination's identity (orders refer to it). */
  id: z.uuid().optional(),
  /** One value of each variation type, in the variations' order. */
  values: z.array(text().trim().min(1).max(100)).length(2),
  stock: z.number().int().min(0, PRODUCT_MESSAGES.stockNegative).default(0),
  priceAdjustment: z.number().int().default(0),
  sku: text().trim().max(PRODUCT_LIMITS.skuMax).optional(),
});
export type VariantCombination = z.infer<typeof VariantCombination>;

export const Variation = z.object({
  type: VariationType,
  values: z.array(VariationValue).min(1).max(PRODUCT_LIMITS.variationValuesMax),
});
export type Variation = z.infer<typeof Variation>;

export const WeightUnit = z.enum(['kg', 'g', 'lb', 'oz']);
export const DimensionUnit = z.enum(['cm', 'in']);
export const ShippingClass = z.enum(['standard', 'express', 'overnight', 'economy']);

export const PhysicalDetails = z.object({
  weight: z.number().min(0).optional(),
  weightUnit: WeightUnit.default('kg'),
  dimensions: z
    .object({
      length: z.number().min(0).optional(),
      width: z.number().min(0).optional(),
      height: z.number().min(0).optional(),
      unit: DimensionUnit.default('cm'),
    })
    .optional(),
  requiresShipping: z.boolean().default(true),
  countryOfOrigin: text().trim().max(64).optional(),
  shippingClass: ShippingClass.default('standard'),
  fragile: z.boolean().default(false),
  perishable: z.boolean().default(false),
  hazmat: z.boolean().default(false),
  maxPerOrder: z.number().int().min(1).optional(),
  warranty: z.boolean().default(false),
  warrantyPeriod: text().trim().max(64).optional(),
  returnPolicy: text().trim().max(500).optional(),
  /** With variations, the product's stock is the sum of every value's stock. */
  variations: z.array(Variation).max(PRODUCT_LIMITS.variationsMax).default([]),
  /** With two variation types: stock, price and SKU per combination; the product's stock is their sum. */
  combinations: z.array(VariantCombination).max(PRODUCT_LIMITS.combinationsMax).default([]),
});
export type PhysicalDetails = z.infer<typeof PhysicalDetails>;

// ---------------------------------------------------------------- digital

export const DigitalType = z.enum(['downloadable', 'product_key', 'ticket', 'pass', 'subscription']);
export type DigitalType = z.infer<typeof DigitalType>;
/** Digital types sold from a pool of codes (one row per code, each issued at most once). */
export const CODE_DIGITAL_TYPES = ['product_key', 'ticket', 'pass', 'subscription'] as const;
export const isCodeDigitalType = (t: DigitalType | undefined): boolean =>
  t !== undefined && (CODE_DIGITAL_TYPES as readonly string[]).includes(t);

export const Compatibility = z.enum(['Windows', 'Mac', 'Linux', 'iOS', 'Android', 'Web']);
export const KeyType = z.enum(['software', 'game', 'gift_card', 'coupon']);
export type KeyType = z.infer<typeof KeyType>;
export const PassType = z.enum(['vip', 'premium', 'season', 'lifetime']);
export type PassType = z.infer<typeof PassType>;
export const BillingCycle = z.enum(['monthly', 'quarterly', 'yearly', 'lifetime']);
export type BillingCycle = z.infer<typeof BillingCycle>;

export const DigitalDetails = z.object({
  digitalType: DigitalType.default('downloadable'),
  // downloadable
  fileSize: z.number().int().min(0).optional(),
  fileFormat: text().trim().max(32).optional(),
  fileName: text().trim().max(255).optional(),
  /** An uploaded file (the media module's id), or `downloadUrl`. */
  fileMediaId: z.uuid().optional(),
  downloadUrl: z.url().max(2048).optional(),
  maxDownloads: z.number().int().min(1).default(5),
  downloadExpiryDays: z.number().int().min(1).default(30),
  quantity: z.number().int().min(0).default(1000),
  compatibility: z.array(Compatibility).default([]),
  licenseType: text().trim().max(64).optional(),
  autoDeliver: z.boolean().default(true),
  // product_key
  keyType: KeyType.optional(),
  keyFormat: text().trim().max(64).optional(),
  activationLimit: z.number().int().min(1).default(1),
  validityDays: z.number().int().min(1).optional(),
  // ticket
  eventName: text().trim().max(200).optional(),
  eventDate: z.iso.datetime({ offset: true }).optional(),
  venue: text().trim().max(200).optional(),
  totalTickets: z.number().int().min(0).optional(),
  // pass
  passType: PassType.optional(),
  passValidityDays: z.number().int().min(1).optional(),
  // subscription
  billingCycle: BillingCycle.optional(),
  trialDays: z.number().int().min(0).optional(),
  // every digital type
  features: z.array(text().trim().min(1).max(200)).max(50).default([]),
  technicalSupport: z.boolean().default(false),
  supportPeriodDays: z.number().int().min(0).default(30),
});
export type DigitalDetails = z.infer<typeof DigitalDetails>;

/** A code pool's counts; the codes themselves are secrets, shown masked and only on request in full. */
export const CodePoolCounts = z.object({
  total: z.number().int(),
  issued: z.number().int(),
  available: z.number().int(),
});
export type CodePoolCounts = z.infer<typeof CodePoolCounts>;

// ---------------------------------------------------------------- service

export const Weekday = z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
export type Weekday = z.infer<typeof Weekday>;
export const DurationUnit = z.enum(['minutes', 'hours', 'days', 'weeks', 'months']);
export type DurationUnit = z.infer<typeof DurationUnit>;
export const ServiceType = z.enum(['appointment', 'class', 'consultation', 'subscription', 'custom']);
export const ServiceLocation = z.enum(['online', 'onsite', 'hybrid']);
export type ServiceLocation = z.infer<typeof ServiceLocation>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const TimeSlot = z
  .object({
    start: z.string().regex(TIME, 'Time must be HH:MM'),
    end: z.string().regex(TIME, 'Time must be HH:MM'),
  })
  .refine((s) => s.start < s.end, { message: 'A time slot must end after it starts', path: ['end'] });
export type TimeSlot = z.infer<typeof TimeSlot>;

/** How far ahead a shop offers a service's slots (the booking window): a lead time may not exceed it. */
export const BOOKING_WINDOW_DAYS = 14;
export const BOOKING_WINDOW_HOURS = BOOKING_WINDOW_DAYS * 24;

export const ServiceDetails = z.object({
  serviceType: ServiceType.default('appointment'),
  /** Required for a service (§5.2 'Service duration is required'). */
  duration: z.number().int().min(1).optional(),
  durationUnit: DurationUnit.default('hours'),
  availability: z
    .object({
      days: z.array(Weekday).default(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']),
      timeSlots: z
        .array(TimeSlot)
        .max(48)
        .default([{ start: '09:00', end: '17:00' }]),
      /** IANA time zone the days and slots are in. */
      timezone: text().trim().max(64).default('UTC'),
    })
    .default({
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      timeSlots: [{ start: '09:00', end: '17:00' }],
      timezone: 'UTC',
    }),
  /** Bookings one slot takes. */
  maxBookings: z.number().int().min(1).default(1),
  /** People one slot takes in all (each booking brings its quantity); unset: one per booking (maxBookings). */
  maxParticipants: z.number().int().min(1, 'Max participants must be at least 1').optional(),
  requiresScheduling: z.boolean().default(true),
  bookingRequired: z.boolean().default(true),
  /** Hours between booking and the slot's start; at most the booking window. */
  bookingLeadTime: z
    .number()
    .int()
    .min(0)
    .max(
      BOOKING_WINDOW_HOURS,
      `The booking lead time cannot be longer than the booking window (${BOOKING_WINDOW_HOURS} hours)`,
    )
    .default(0),
  location: ServiceLocation.default('online'),
  /** Required for onsite and hybrid. */
  address: text().trim().max(500).optional(),
  meetingLink: z.url().max(2048).optional(),
  requiresAddress: z.boolean().default(false),
  onlineDelivery: z.boolean().default(false),
  autoConfirm: z.boolean().default(true),
  cancellationPolicy: text().trim().max(1000).default('24 hours notice'),
  provider: text().trim().max(200).optional(),
  recurringOptions: z
    .object({
      enabled: z.boolean().default(false),
      frequency: z.enum(['daily', 'weekly', 'monthly']).default('weekly'),
      maxOccurrences: z.number().int().min(1).max(365).optional(),
    })
    .optional(),
});
export type ServiceDetails = z.infer<typeof ServiceDetails>;

/**
 * The notice a cancellation policy asks, in hours, read from its words ('24 hours notice', '2 days', '1 week');
 * null when it names none (then a customer cannot cancel from the chat: the vendor decides).
 */
export function cancellationNoticeHours(policy: string | undefined): number | null {
  const m = /(\d{1,4})\s*-?\s*(h|hr|hrs|hours?|d|days?|w|weeks?)\b/i.exec(policy ?? '');
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'h').toLowerCase();
  return unit.startsWith('w') ? n * 168 : unit.startsWith('d') ? n * 24 : n;
}

// ---------------------------------------------------------------- shared parts

/** The one bulk pricing shape (ARCHITECTURE.md): fixed = price per unit in minor units; percentage = % off. */
export const BulkPricingTier = z
  .object({
    minQuantity: z.number().int().min(1),
    maxQuantity: z.number().int().min(1).nullable().optional(),
    type: z.enum(['fixed', 'percentage']),
    value: z.number().min(0),
  })
  .refine((t) => t.maxQuantity == null || t.maxQuantity >= t.minQuantity, {
    message: 'Max quantity must not be below min quantity',
    path: ['maxQuantity'],
  })
  .refine((t) => t.type !== 'percentage' || t.value <= 100, {
    message: 'A percentage must be at most 100',
    path: ['value'],
  });
export type BulkPricingTier = z.infer<typeof BulkPricingTier>;

export const Seo = z.object({
  seoTitle: text().trim().max(PRODUCT_LIMITS.seoTitleMax).optional(),
  seoDescription: text().trim().max(PRODUCT_LIMITS.seoDescriptionMax).optional(),
  seoKeywords: z.array(text().trim().min(1).max(50)).max(30).optional(),
  metaTitle: text().trim().max(PRODUCT_LIMITS.seoTitleMax).optional(),
  metaDescription: text().trim().max(PRODUCT_LIMITS.seoDescriptionMax).optional(),
});
export type Seo = z.infer<typeof Seo>;

/** Lowercased, whitespace runs become hyphens (§5.2). */
export const normalizeSlug = (s: string) => s.trim().toLowerCase().replace(/\s+/g, '-');
export const UrlSlug = text()
  .max(PRODUCT_LIMITS.slugMax)
  .transform(normalizeSlug)
  .refine((s) => /^[\p{Ll}\p{Lo}\p{N}_.~-]*$/u.test(s), 'The URL slug may hold letters, digits and hyphens');

/** Trimmed, blanks dropped, duplicates dropped (§5.1 for tags and product keys). */
const uniqueTrimmed = (max: number, maxItems: number) =>
  z
    .array(text().max(max + 100))
    .max(maxItems)
    .transform((xs) => [...new Set(xs.map((x) => x.trim()).filter((x) => x.length > 0))])
    .refine((xs) => xs.every((x) => x.length <= max), `Each entry must be at most ${max} characters`);

/** 'all' (every bot of the vendor, now and later) or some of the vendor's bots. */
export const ProductBots = z.union([z.literal('all'), z.array(z.uuid()).min(1).max(100)]);
export type ProductBots = z.infer<typeof ProductBots>;

// ---------------------------------------------------------------- bodies

const money = (error?: string) =>
  z
    .number(error ? { error } : undefined)
    .int('Amounts are whole minor units (cents)')
    .min(0)
    .max(1_000_000_000_00);

function productBodyShape(words: { name: string; price: string; category: string }) {
  return z
    .object({
      name: text({ error: words.name }).trim().min(1, words.name).max(PRODUCT_LIMITS.nameMax),
      description: text().trim().max(PRODUCT_LIMITS.descriptionMax).optional(),
      shortDescription: text()
        .trim()
        .max(PRODUCT_LIMITS.shortDescriptionMax, PRODUCT_MESSAGES.shortDescriptionMax)
        .optional(),
      sku: text().trim().max(PRODUCT_LIMITS.skuMax).optional(),
      barcode: text().trim().max(PRODUCT_LIMITS.barcodeMax).optional(),
      productType: ProductType,
      price: money(words.price),
      comparePrice: money().optional(),
      costPrice: money().optional(),
      currency: Currency.default('USD'),
      categoryId: z.uuid({ error: words.category }),
      subcategoryId: z.uuid().optional(),
      brand: text().trim().max(PRODUCT_LIMITS.brandMax).optional(),
      tags: uniqueTrimmed(PRODUCT_LIMITS.tagMax, PRODUCT_LIMITS.tagsMax).default([]),
      /** Ignored when variations carry stock (their sum) or the product sells from a code pool (unissued codes). */
      stock: z.number().int().min(0).optional(),
      minStock: z.number().int().min(0).default(5),
      trackInventory: z.boolean().default(true),
      allowBackorder: z.boolean().default(false),
      status: ProductStatus.default('active'),
      isFeatured: z.boolean().default(false),
      /** Named botIds so the vendor scope checks each id against the caller's bots. */
      botIds: ProductBots.default('all'),
      /** Uploaded images (media module ids), in gallery order; the first is main unless one is marked. */
      imageIds: z.array(z.uuid()).max(PRODUCT_LIMITS.imagesMax).optional(),
      mainImageId: z.uuid().optional(),
      videos: z.array(z.url().max(2048)).max(PRODUCT_LIMITS.videosMax).default([]),
      /** The gallery advances by itself and plays videos muted, inline (spec part 2 §2.1's auto-play). */
      galleryAutoPlay: z.boolean().default(false),
      taxRate: z.number().min(0).max(100).optional(),
      taxInclusive: z.boolean().default(false),
      urlSlug: UrlSlug.optional(),
      seo: Seo.optional(),
      bulkPricing: z.array(BulkPricingTier).max(PRODUCT_LIMITS.bulkTiersMax).default([]),
      physical: PhysicalDetails.optional(),
      digital: DigitalDetails.optional(),
      service: ServiceDetails.optional(),
      /**
       * Codes to add to the pool (keys, tickets, passes, subscriptions): trimmed, blanks and duplicates
       * dropped. On update they are added to what the pool holds.
       */
      codes: uniqueTrimmed(PRODUCT_LIMITS.codeMax, PRODUCT_LIMITS.codesPerRequestMax).optional(),
    })
    .strict();
}

type BodyShape = z.infer<ReturnType<typeof productBodyShape>>;

/** Combinations name one value of each of exactly two variation types, each pair once. */
function checkCombinations(p: BodyShape['physical'], ctx: z.RefinementCtx) {
  const combinations = p?.combinations ?? [];
  if (combinations.length === 0) return;
  const variations = p?.variations ?? [];
  if (variations.length !== 2) {
    ctx.addIssue({
      code: 'custom',
      path: ['physical', 'combinations'],
      message: PRODUCT_MESSAGES.combinationsNeedTwoTypes,
    });
    return;
  }
  const seen = new Set<string>();
  combinations.forEach((c, i) => {
    const known = c.values.every((value, t) => variations[t]?.values.some((v) => v.value === value));
    if (!known) {
      ctx.addIssue({
        code: 'custom',
        path: ['physical', 'combinations', i, 'values'],
        message: PRODUCT_MESSAGES.combinationUnknownValue,
      });
    }
    const key = JSON.stringify(c.values);
    if (seen.has(key)) {
      ctx.addIssue({
        code: 'custom',
        path: ['physical', 'combinations', i, 'values'],
        message: PRODUCT_MESSAGES.combinationDuplicate,
      });
    }
    seen.add(key);
  });
}

/** Type-specific requirements (§5.2). `codesInPool`: on update the server checks what the pool already holds. */
function checkTypeRules(b: BodyShape, ctx: z.RefinementCtx, mode: 'create' | 'update') {
  if (b.productType === 'physical') {
    checkCombinations(b.physical, ctx);
    const hasVariationStock = (b.physical?.variations ?? []).length > 0;
    if (b.trackInventory && b.stock === undefined && !hasVariationStock) {
      ctx.addIssue({ code: 'custom', path: ['stock'], message: PRODUCT_MESSAGES.stockRequired });
    }
  }
  if (b.productType === 'digital') {
    const type = b.digital?.digitalType ?? 'downloadable';
    if (type === 'downloadable' && !b.digital?.downloadUrl && !b.digital?.fileMediaId) {
      ctx.addIssue({
        code: 'custom',
        path: ['digital', 'downloadUrl'],
        message: PRODUCT_MESSAGES.fileRequired,
      });
    }
    if (type === 'product_key' && mode === 'create' && (b.codes ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['codes'], message: PRODUCT_MESSAGES.keysRequired });
    }
  }
  if (b.productType === 'service') {
    if (!b.service?.duration) {
      ctx.addIssue({
        code: 'custom',
        path: ['service', 'duration'],
        message: PRODUCT_MESSAGES.durationRequired,
      });
    }
    const location = b.service?.location ?? 'online';
    if ((location === 'onsite' || location === 'hybrid') && !b.service?.address) {
      ctx.addIssue({
        code: 'custom',
        path: ['service', 'address'],
        message: PRODUCT_MESSAGES.addressRequired,
      });
    }
  }
}

/** POST /vendors/{id}/products: a missing name, price or category answers §5.1's one sentence. */
export const CreateProductBody = productBodyShape({
  name: PRODUCT_MESSAGES.requiredFields,
  price: PRODUCT_MESSAGES.requiredFields,
  category: PRODUCT_MESSAGES.requiredFields,
}).superRefine((b, ctx) => checkTypeRules(b, ctx, 'create'));
export type CreateProductBody = z.input<typeof CreateProductBody>;
export type NewProduct = z.output<typeof CreateProductBody>;

/**
 * PUT /vendors/{id}/products/{productId}: the whole product, as the edit form holds it, with §5.2's words.
 * Fields left out take their defaults (as on create). A product_key product needs codes in the body or the pool.
 */
export const UpdateProductBody = productBodyShape({
  name: PRODUCT_MESSAGES.nameRequired,
  price: PRODUCT_MESSAGES.priceRequired,
  category: PRODUCT_MESSAGES.categoryRequired,
}).superRefine((b, ctx) => checkTypeRules(b, ctx, 'update'));
export type UpdateProductBody = z.input<typeof UpdateProductBody>;
export type ProductChanges = z.output<typeof UpdateProductBody>;

// ---------------------------------------------------------------- responses

export const ProductImage = z.object({
  id: z.string(),
  /** An uploaded video plays; its addresses are the video's own (no sizes). */
  type: z.enum(['image', 'gif', 'video']),
  url: z.string(),
  thumbnailUrl: z.string(),
  mediumUrl: z.string(),
  isMain: z.boolean(),
  position: z.number().int(),
});
export type ProductImage = z.infer<typeof ProductImage>;

const Ref = z.object({ id: z.string(), name: z.string() });
const BotRef = z.object({ id: z.string(), username: z.string() });

/** The full product (§3.1–3.3, §3.5 detail). Codes are never here: see the code pool endpoints. */
export const Product = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  shortDescription: z.string().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  productType: ProductType,
  price: z.number().int(),
  comparePrice: z.number().int().nullable(),
  costPrice: z.number().int().nullable(),
  currency: z.string(),
  categoryId: z.string().nullable(),
  subcategoryId: z.string().nullable(),
  category: Ref.nullable(),
  subcategory: Ref.nullable(),
  brand: z.string().nullable(),
  tags: z.array(z.string()),
  stock: z.number().int(),
  minStock: z.number().int(),
  stockStatus: StockStatus,
  trackInventory: z.boolean(),
  allowBackorder: z.boolean(),
  status: ProductStatus,
  isFeatured: z.boolean(),
  /** 'all' or the bots (id and @username) the product is sold through. */
  botIds: ProductBots,
  bots: z.array(BotRef),
  images: z.array(ProductImage),
  videos: z.array(z.string()),
  galleryAutoPlay: z.boolean(),
  taxRate: z.number().nullable(),
  taxInclusive: z.boolean(),
  urlSlug: z.string().nullable(),
  seo: Seo,
  bulkPricing: z.array(BulkPricingTier),
  physical: PhysicalDetails.nullable(),
  digital: DigitalDetails.nullable(),
  service: ServiceDetails.nullable(),
  /** Code pool counts for product_key, ticket, pass and subscription products; null otherwise. */
  codePool: CodePoolCounts.nullable(),
  /** Real figures: zero until the shop sells or shows the product. */
  sold: z.number().int(),
  revenue: z.number().int(),
  views: z.number().int(),
  /** The visible reviews' average rating, one decimal (null without one), and how many there are. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof Product>;

/** One card of the list (§3.5). */
export const ProductListItem = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  productType: ProductType,
  status: ProductStatus,
  stockStatus: StockStatus,
  isFeatured: z.boolean(),
  price: z.number().int(),
  currency: z.string(),
  stock: z.number().int(),
  category: Ref.nullable(),
  subcategory: Ref.nullable(),
  botIds: ProductBots,
  /** The bots of a product sold through some of them; empty for 'all' (the vendor's bots: GET …/bots). */
  bots: z.array(BotRef),
  digitalType: DigitalType.nullable(),
  duration: z.number().int().nullable(),
  durationUnit: DurationUnit.nullable(),
  /** The main image's thumbnail, or null. */
  image: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductListItem = z.infer<typeof ProductListItem>;

/** 'All' and 'all' mean no filter (§2.1). */
const orAll = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === 'All' || v === 'all' || v === '' ? undefined : v), schema.optional());

export const ListProductsQuery = z.object({
  search: text().trim().max(100).optional(),
  category: orAll(z.uuid()),
  subcategory: orAll(z.uuid()),
  botId: orAll(z.uuid()),
  productType: orAll(ProductType),
  status: orAll(ProductStatus),
  /** Featured products first (the shop's catalogue), then newest first as always. */
  featuredFirst: z.stringbool().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PRODUCT_LIMITS.pageSizeMax)
    .default(PRODUCT_LIMITS.pageSizeDefault),
});
export type ListProductsQuery = z.input<typeof ListProductsQuery>;

export const ProductStockStats = z.object({
  inStock: z.number().int(),
  lowStock: z.number().int(),
  outOfStock: z.number().int(),
});

export const ProductListResponse = z.object({
  products: z.array(ProductListItem),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
  /** Over every product the filters match (all pages). */
  stats: ProductStockStats,
  /** Products per type over the same filters minus the type filter (the four filter cards). */
  typeCounts: z.object({
    total: z.number().int(),
    physical: z.number().int(),
    digital: z.number().int(),
    service: z.number().int(),
  }),
});
export type ProductListResponse = z.infer<typeof ProductListResponse>;

export const ProductParams = VendorParams.extend({ productId: z.uuid() });

// ---------------------------------------------------------------- code pools

export const CodeStatus = z.enum(['available', 'issued']);
export const ProductCode = z.object({
  id: z.string(),
  /** Masked ('ABCD-****-****-WXYZ') unless revealed. */
  code: z.string(),
  status: CodeStatus,
  orderId: z.string().nullable(),
  issuedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ProductCode = z.infer<typeof ProductCode>;

export const ListCodesQuery = z.object({
  status: CodeStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PRODUCT_LIMITS.pageSizeMax)
    .default(PRODUCT_LIMITS.pageSizeDefault),
});
export const CodeListResponse = z.object({
  codes: z.array(ProductCode),
  counts: CodePoolCounts,
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
export type CodeListResponse = z.infer<typeof CodeListResponse>;

export const CodeParams = ProductParams.extend({ codeId: z.uuid() });
export const RevealedCode = z.object({ id: z.string(), code: z.string() });
export type RevealedCode = z.infer<typeof RevealedCode>;

/** How many codes to make (§5.1: 1–1000, default 10; nothing outside). Format options where the type needs them. */
export const GenerateCodesBody = z
  .object({
    count: z
      .number()
      .int(PRODUCT_MESSAGES.generateRange)
      .min(PRODUCT_LIMITS.generateMin, PRODUCT_MESSAGES.generateRange)
      .max(PRODUCT_LIMITS.generateMax, PRODUCT_MESSAGES.generateRange)
      .default(PRODUCT_LIMITS.generateDefault),
  })
  .strict();
export type GenerateCodesBody = z.input<typeof GenerateCodesBody>;

/** Codes made before a product exists (the add form): the format comes from the body, nothing is stored. */
export const PreviewCodesBody = GenerateCodesBody.extend({
  digitalType: z.enum(CODE_DIGITAL_TYPES),
  passType: PassType.optional(),
  billingCycle: BillingCycle.optional(),
  /** A product key's format: each X a random character (fewer than 8 X: the default XXXX-XXXX-XXXX-XXXX). */
  keyFormat: text().trim().max(64).optional(),
}).strict();
export type PreviewCodesBody = z.input<typeof PreviewCodesBody>;
export const PreviewCodesResponse = z.object({ codes: z.array(z.string()) });

/** Add codes (pasted, or the lines of an imported .txt/.csv file). */
export const ImportCodesBody = z
  .object({
    /** Lines of text: one code per line; a .csv line's first cell. */
    text: text()
      .max(2 * 1024 * 1024)
      .optional(),
    codes: z
      .array(text().max(PRODUCT_LIMITS.codeMax + 100))
      .max(PRODUCT_LIMITS.codesPerRequestMax)
      .optional(),
  })
  .strict();
export type ImportCodesBody = z.infer<typeof ImportCodesBody>;

export const AddCodesResponse = z.object({
  added: z.number().int(),
  /** Codes already in the pool or repeated in the input, skipped. */
  duplicates: z.array(z.string()),
  /** Masked for the generated case; the reveal endpoint shows one in full. */
  counts: CodePoolCounts,
});
export type AddCodesResponse = z.infer<typeof AddCodesResponse>;

// ---------------------------------------------------------------- service slots

export const SlotsQuery = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
});
export type SlotsQuery = z.infer<typeof SlotsQuery>;

export const ServiceSlot = z.object({
  start: z.string(),
  end: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  available: z.number().int(),
});
export type ServiceSlot = z.infer<typeof ServiceSlot>;
export const SlotsResponse = z.object({ timezone: z.string(), slots: z.array(ServiceSlot) });
export type SlotsResponse = z.infer<typeof SlotsResponse>;

// ---------------------------------------------------------------- share

export const ProductShareQuery = z.object({ botId: z.uuid().optional() });
export const ProductShare = z.object({
  links: z.array(z.object({ botId: z.string(), botUsername: z.string(), url: z.string() })),
});
export type ProductShare = z.infer<typeof ProductShare>;
export const QrQuery = z.object({
  botId: z.uuid().optional(),
  format: z.enum(['png', 'svg']).default('png'),
});

// ---------------------------------------------------------------- bulk import / export

/** The CSV columns, in order (README "Catalogue CSV"); export writes them, import reads them by header name. */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'name',
  'productType',
  'sku',
  'barcode',
  'price',
  'comparePrice',
  'costPrice',
  'currency',
  'category',
  'subcategory',
  'brand',
  'tags',
  'stock',
  'minStock',
  'trackInventory',
  'status',
  'isFeatured',
  'shortDescription',
  'description',
  'urlSlug',
  'bots',
  'details',
] as const;

/**
 * What the import also reads: `codes`, the pool of a key, ticket, pass or subscription product (separated by
 * `;` or line breaks). Never exported: codes are secrets sold once, so a file that leaves the app has none.
 */
export const PRODUCT_CSV_IMPORT_COLUMNS = [...PRODUCT_CSV_COLUMNS, 'codes'] as const;

export const ImportProductsQuery = z.object({
  /** true: check every row and answer the errors; nothing is stored. */
  dryRun: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).default(true),
});
export const ImportProductsBody = z
  .object({ csv: text().min(1).max(PRODUCT_LIMITS.importMaxBytes) })
  .strict();

export const ImportRowError = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

export const ImportStatus = z.enum(['checked', 'queued', 'running', 'completed', 'failed']);
export const ImportResult = z.object({
  /** Set when committed (a stored import whose progress GET …/products/import/{importId} reads). */
  importId: z.string().nullable(),
  status: ImportStatus,
  dryRun: z.boolean(),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  processedRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(ImportRowError),
});
export type ImportResult = z.infer<typeof ImportResult>;
export const ImportParams = VendorParams.extend({ importId: z.uuid() });
