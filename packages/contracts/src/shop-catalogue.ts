import { z } from 'zod';
import { Language, text } from './common';
import { PolicyId } from './policies';
import { StockStatus, VariationType } from './products';

/**
 * The shop's Mini App (the chat menu button of a vendor's bot opens it): what a customer sees of the catalogue.
 * `GET /api/v1/shop/{botId}/catalogue`, signed in by the init data Telegram gave the Mini App for that bot.
 */
export const ShopCatalogueQuery = z.object({
  categoryId: z.uuid().optional(),
  search: text().max(100).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type ShopCatalogueQuery = z.infer<typeof ShopCatalogueQuery>;

export const ShopCatalogueProduct = z.object({
  id: z.string(),
  name: z.string(),
  /** Minor units of `currency`. */
  price: z.number().int(),
  currency: z.string(),
  stockStatus: StockStatus,
  /** The main image's thumbnail (absolute), or null. */
  image: z.string().nullable(),
  /** It has variations to choose from: it goes in the cart from its view, once they are chosen. */
  hasOptions: z.boolean(),
  /** One can go in the cart from the catalogue now: no options, and in stock (or sold on backorder). */
  canAdd: z.boolean(),
  /** The vendor features it: it comes first, marked "Featured". */
  isFeatured: z.boolean(),
  /** The compare-at price (minor units), shown struck through as the "was" price; null unless above the price. */
  comparePrice: z.number().int().nullable(),
});
export type ShopCatalogueProduct = z.infer<typeof ShopCatalogueProduct>;

/** The store details the vendor set (Settings → Store details), as the Mini App shows them. */
export const ShopStore = z.object({
  /** The store name, else the bot's name. */
  name: z.string(),
  tagline: z.string(),
  description: z.string(),
  /** Absolute image addresses, or null when none is set. */
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  /** `#rrggbb`: the Mini App's accent, and the colour of text on it. */
  primaryColor: z.string(),
  secondaryColor: z.string(),
  supportEmail: z.string(),
  phoneNumber: z.string(),
  website: z.string(),
  address: z.string(),
  workingHours: z.string(),
});
export type ShopStore = z.infer<typeof ShopStore>;

export const ShopCatalogue = z.object({
  shop: z.object({ name: z.string(), username: z.string(), language: Language }),
  store: ShopStore,
  /**
   * The shop's "we'll be back soon" line, in its language, while its bot is in maintenance (the bot page's
   * switch); no categories nor products are shown then. Null when it is open.
   */
  maintenance: z.string().nullable(),
  /** The policies the store wrote (Settings → Policies: the bot's own, else the vendor's), in PolicyId order. */
  policies: z.array(z.object({ id: PolicyId, text: z.string() })),
  /** The store's FAQs (Settings → FAQs), oldest first. */
  faqs: z.array(z.object({ id: z.string(), question: z.string(), answer: z.string() })),
  /** The active categories that hold products. */
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
  products: z.array(ShopCatalogueProduct),
  hasMore: z.boolean(),
  /** Units in the customer's cart (the same cart as in the chat). */
  cartCount: z.number().int(),
});
export type ShopCatalogue = z.infer<typeof ShopCatalogue>;

/** One picture or video of a product's gallery in the Mini App (absolute addresses). */
export const ShopProductMedia = z.object({
  type: z.enum(['image', 'video']),
  url: z.string(),
  /** A picture's smaller size (the gallery's strip); null for a video. */
  thumbnailUrl: z.string().nullable(),
});
export type ShopProductMedia = z.infer<typeof ShopProductMedia>;

/**
 * One option a customer can pick of a product with variations: a value of its one variation type, or a
 * combination of its two (size × colour). Only what can be had now is offered.
 */
export const ShopProductOption = z.object({
  id: z.string(),
  /** One value per type, in `types`' order. */
  values: z.array(z.string()),
  /** Minor units on the product's price. */
  priceAdjustment: z.number().int(),
  /** The most units of it one order can take now (stock, maxPerOrder). */
  max: z.number().int(),
});
export type ShopProductOption = z.infer<typeof ShopProductOption>;

/**
 * `GET /api/v1/shop/{botId}/products/{productId}`: one product as its view in the Mini App shows it (a tile's
 * tap, or a shared address `/shop/{botId}/p/{slug}`).
 */
export const ShopProduct = z.object({
  id: z.string(),
  name: z.string(),
  /** Minor units of `currency`, before any option's adjustment. */
  price: z.number().int(),
  currency: z.string(),
  /** Percent, or null for none; inclusive: the price holds it, else checkout adds it. */
  taxRate: z.number().nullable(),
  taxInclusive: z.boolean(),
  description: z.string().nullable(),
  shortDescription: z.string().nullable(),
  /** Main first, then the vendor's order; the uploaded videos and video addresses among them. */
  media: z.array(ShopProductMedia),
  /** The vendor's gallery auto-play: pictures advance by themselves, videos play muted and inline. */
  autoPlay: z.boolean(),
  /** The visible reviews' average (one decimal; null without one) and how many there are. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** A physical product's warranty: its period as the vendor wrote it ('' when none was given); null: none. */
  warranty: z.string().nullable(),
  /** A physical product's return policy as the vendor wrote it; null when none. */
  returnPolicy: z.string().nullable(),
  /** The compare-at price (minor units), shown struck through as the "was" price; null unless above the price. */
  comparePrice: z.number().int().nullable(),
  brand: z.string().nullable(),
  /** A physical product's country of origin; null when none. */
  countryOfOrigin: z.string().nullable(),
  /** A digital product's features as the vendor listed them (empty: none). */
  features: z.array(z.string()),
  stockStatus: StockStatus,
  /** The most units one order can take now, without options (0: none can be had); 0 with options. */
  max: z.number().int(),
  /** The variation types to pick, in order (empty: none); `options` lists what can be had. */
  types: z.array(VariationType),
  options: z.array(ShopProductOption),
});
export type ShopProduct = z.infer<typeof ShopProduct>;

export const ShopProductParams = z.object({ botId: text().max(64), productId: z.uuid() });

/**
 * `POST /api/v1/shop/{botId}/cart`: `quantity` more of a product in the customer's cart; `variationId` names
 * the option (a value, or a size × colour combination) of a product that has them.
 */
export const AddToShopCartBody = z.object({
  productId: z.uuid(),
  variationId: z.uuid().optional(),
  quantity: z.number().int().min(1).max(99).default(1),
});
export type AddToShopCartBody = z.input<typeof AddToShopCartBody>;

export const ShopCartAnswer = z.object({
  /** The product's units in the cart now (all its options' together). */
  quantity: z.number().int(),
  cartCount: z.number().int(),
});
export type ShopCartAnswer = z.infer<typeof ShopCartAnswer>;
