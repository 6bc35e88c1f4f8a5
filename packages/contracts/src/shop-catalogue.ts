import { z } from 'zod';
import { Language, text } from './common';
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
});
export type ShopCatalogueProduct = z.infer<typeof ShopCatalogueProduct>;

export const ShopCatalogue = z.object({
  shop: z.object({ name: z.string(), username: z.string(), language: Language }),
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
