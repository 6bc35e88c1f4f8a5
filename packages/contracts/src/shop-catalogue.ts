import { z } from 'zod';
import { Language, text } from './common';
import { PolicyId } from './policies';
import { StockStatus } from './products';

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
  /** It has variations to choose from: it goes in the cart from its card in the chat. */
  hasOptions: z.boolean(),
  /** One can go in the cart from the catalogue now: no options, and in stock (or sold on backorder). */
  canAdd: z.boolean(),
  /** The vendor features it: it comes first, marked "Featured". */
  isFeatured: z.boolean(),
  /** A physical product's warranty: its period as the vendor wrote it ('' when none was given); null: none. */
  warranty: z.string().nullable(),
  /** A physical product's return policy as the vendor wrote it; null when none. */
  returnPolicy: z.string().nullable(),
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

/** `POST /api/v1/shop/{botId}/cart`: one more of a product (without options) in the customer's cart. */
export const AddToShopCartBody = z.object({ productId: z.uuid() });
export type AddToShopCartBody = z.infer<typeof AddToShopCartBody>;

export const ShopCartAnswer = z.object({
  /** The product's units in the cart now. */
  quantity: z.number().int(),
  cartCount: z.number().int(),
});
export type ShopCartAnswer = z.infer<typeof ShopCartAnswer>;
