import { text } from '@app/contracts/common';
import type { PolicyId } from '@app/contracts/policies';
import { STORE_DEFAULTS, type StoreDetails } from '@app/contracts/settings';
import {
  AddToShopCartBody,
  ShopCartAnswer,
  ShopCatalogue,
  ShopCatalogueQuery,
  ShopProduct,
  ShopProductParams,
} from '@app/contracts/shop-catalogue';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { InitDataError, verifyInitData } from '../../lib/telegram/init-data';
import type { ShopRuntime } from '../bots/bot-runtime.service';
import { maxQuantityOf, type SaleProduct } from '../products/sale-rules';
import { addToCart } from './cart-model';
import type { CatalogueReader } from './features/catalogue';
import { contactsOf, storeNameOf } from './features/store';
import type { FunnelAt, FunnelStep } from './funnel.service';
import type { SessionKey, SessionStore } from './sessions.service';
import { shopProductView, wasPrice } from './shop-product-view';
import { shopText } from './texts';

export type ShopMiniAppDeps = {
  shopRuntimeOf(botId: string): Promise<ShopRuntime | undefined>;
  catalogue: CatalogueReader;
  /** Absolute URL of a stored image. */
  absoluteUrl(path: string): string;
  initDataMaxAgeS: number;
  /** The customers' carts (the chat's own: one cart per bot and customer). */
  sessions: SessionStore;
  saleProducts(vendorId: string, botId: string, ids: string[]): Promise<SaleProduct[]>;
  funnel: { record(step: FunnelStep, at: FunnelAt): void };
  /** The store details the vendor saved (Settings → Store details); null for an unknown bot. */
  storeOf(botId: string): Promise<StoreDetails | null>;
  /** The vendor's FAQs, oldest first. */
  faqsOf(vendorId: string, botId: string): Promise<{ id: string; question: string; answer: string }[]>;
  /** The bot's written policies (its own, else the vendor's), in order. */
  policiesOf(vendorId: string, botId: string): Promise<{ id: PolicyId; text: string }[]>;
  now?: () => Date;
};

/** A logo or banner as the Mini App loads it: an image address, or none (an upload id is not one). */
const imageUrl = (ref: string | undefined) => (ref && /^https?:\/\//.test(ref) ? ref : null);

const ShopParams = z.object({ botId: text().max(64) });
const BotId = z.uuid();

/**
 * The shop's Mini App, which the chat menu button of every shop bot opens (`/shop/{botId}`): its catalogue, and
 * adding to the cart. The caller is whoever Telegram signed the init data for, with that bot's own token (not
 * the platform bot's): `Authorization: tma <initData>`. Only a running shop answers. It shows what the bot's chat
 * shows (active products sold through that bot) and adds to the chat's own cart, where checkout is.
 */
export function shopMiniAppRoutes(deps: ShopMiniAppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    /**
     * The open shop whose bot signed the request's init data. 401 for any other caller, an unknown bot included
     * (so the route does not tell which bots exist); 403 SHOP_CLOSED once the bot is stopped or expired.
     */
    async function openShopOf(botId: string, authorization: string | undefined) {
      const runtime = BotId.safeParse(botId).success ? await deps.shopRuntimeOf(botId) : undefined;
      if (!runtime) throw new AppError('INIT_DATA_INVALID');
      const initData = authorization?.startsWith('tma ') ? authorization.slice(4) : undefined;
      let user: { id: number };
      try {
        ({ user } = verifyInitData(initData, runtime.shop.token, {
          maxAgeS: deps.initDataMaxAgeS,
          ...(deps.now ? { now: deps.now() } : {}),
        }));
      } catch (err) {
        if (err instanceof InitDataError) throw new AppError('INIT_DATA_INVALID');
        throw err;
      }
      // A stopped bot has no webhook secret: its chat is closed, and so is its Mini App.
      if (!runtime.webhookSecret || !runtime.shop.isOpen) throw new AppError('SHOP_CLOSED');
      const { shop } = runtime;
      const cart: SessionKey = { vendorId: shop.vendorId, botId: shop.botId, telegramUserId: user.id };
      return { shop, cart };
    }

    // The caller is resolved on onRequest, before the path, query and body are validated: a request without valid
    // init data answers 401 whatever else it carries, and learns nothing about the input the route takes.
    const callers = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof openShopOf>>>();
    const signedIn = async (req: FastifyRequest) => {
      const { botId } = req.params as { botId?: string };
      callers.set(req, await openShopOf(botId ?? '', req.headers.authorization));
    };
    const callerOf = (req: FastifyRequest) => {
      const caller = callers.get(req);
      if (!caller) throw new AppError('INIT_DATA_INVALID');
      return caller;
    };

    /** Units in the customer's cart: all of them, or one product's (its options' lines together). */
    const unitsIn = async (cart: SessionKey, productId?: string) => {
      const lines = (await deps.sessions.read(cart)).cart;
      const units = (of: typeof lines) => of.reduce((sum, line) => sum + line.quantity, 0);
      return { all: units(lines), product: units(lines.filter((line) => line.productId === productId)) };
    };

    app.get(
      '/shop/:botId/catalogue',
      {
        onRequest: signedIn,
        schema: {
          tags: ['shop'],
          summary: "A shop bot's catalogue, for its Mini App",
          params: ShopParams,
          querystring: ShopCatalogueQuery,
          response: { 200: ShopCatalogue },
        },
      },
      async (req, reply) => {
        const { shop, cart } = callerOf(req);
        // What a customer sees changes with the vendor's edits, and is theirs alone to see.
        reply.header('Cache-Control', 'private, no-store');
        const [details, faqs, policies] = await Promise.all([
          deps.storeOf(shop.botId),
          deps.faqsOf(shop.vendorId, shop.botId),
          deps.policiesOf(shop.vendorId, shop.botId),
        ]);
        const store = {
          name: storeNameOf(details, shop),
          tagline: details?.storeTagline ?? '',
          description: details?.storeDescription ?? '',
          logo: imageUrl(details?.logo),
          banner: imageUrl(details?.banner),
          primaryColor: details?.primaryColor ?? STORE_DEFAULTS.primaryColor,
          secondaryColor: details?.secondaryColor ?? STORE_DEFAULTS.secondaryColor,
          ...contactsOf(details),
        };
        const heading = {
          shop: { name: shop.name, username: shop.username, language: shop.language },
          store,
          policies,
          faqs,
        };
        if (shop.maintenance) {
          const maintenance = shopText(shop.language, 'maintenance', { shop: store.name });
          return { ...heading, maintenance, categories: [], products: [], hasMore: false, cartCount: 0 };
        }
        const { categoryId, search, page } = req.query;
        const [categories, listed, cartCount] = await Promise.all([
          deps.catalogue.categories(shop.vendorId),
          deps.catalogue.products(shop.vendorId, shop.botId, { categoryId, search, page }),
          unitsIn(cart).then((units) => units.all),
        ]);
        const forSale = await deps.saleProducts(
          shop.vendorId,
          shop.botId,
          listed.products.map((p) => p.id),
        );
        const saleOf = new Map(forSale.map((p) => [p.id, p]));
        const hasOptions = (id: string) => (saleOf.get(id)?.variations.length ?? 0) > 0;
        const canAdd = (id: string) => {
          const sale = saleOf.get(id);
          return sale !== undefined && !hasOptions(id) && maxQuantityOf(sale, null) > 0;
        };
        return {
          ...heading,
          maintenance: null,
          categories: categories.map((c) => ({ id: c.id, name: c.name })),
          products: listed.products.map((p) => ({
            id: p.id,
            name: p.name,
            price: p.price,
            currency: p.currency,
            stockStatus: p.stockStatus,
            image: p.image ? deps.absoluteUrl(p.image) : null,
            hasOptions: hasOptions(p.id),
            canAdd: canAdd(p.id),
            isFeatured: p.isFeatured,
            comparePrice: wasPrice(saleOf.get(p.id)?.comparePrice ?? null, p.price),
          })),
          hasMore: listed.hasMore,
          cartCount,
        };
      },
    );

    app.get(
      '/shop/:botId/products/:productId',
      {
        onRequest: signedIn,
        schema: {
          tags: ['shop'],
          summary: "One product as the shop's Mini App shows it: gallery, price, options, what can be had",
          params: ShopProductParams,
          response: { 200: ShopProduct },
        },
      },
      async (req, reply) => {
        const { shop } = callerOf(req);
        reply.header('Cache-Control', 'private, no-store');
        if (shop.maintenance) throw new AppError('SHOP_MAINTENANCE');
        const { productId } = req.params;
        const [product, [sale]] = await Promise.all([
          deps.catalogue.product(shop.vendorId, shop.botId, productId),
          deps.saleProducts(shop.vendorId, shop.botId, [productId]),
        ]);
        if (!product || !sale) throw new AppError('PRODUCT_NOT_FOUND');
        deps.funnel.record('view', { ...shop, productId });
        return shopProductView(product, sale, deps.absoluteUrl);
      },
    );

    app.post(
      '/shop/:botId/cart',
      {
        onRequest: signedIn,
        schema: {
          tags: ['shop'],
          summary:
            "More of a product (or of one of its options) in the customer's cart, from the shop's Mini App",
          params: ShopParams,
          body: AddToShopCartBody,
          response: { 200: ShopCartAnswer },
        },
      },
      async (req) => {
        const { shop, cart } = callerOf(req);
        if (shop.maintenance) throw new AppError('SHOP_MAINTENANCE');
        const { productId, variationId = null, quantity } = req.body;
        const [product] = await deps.saleProducts(shop.vendorId, shop.botId, [productId]);
        if (!product) throw new AppError('PRODUCT_NOT_FOUND');
        if (product.variations.length > 0 && variationId === null) throw new AppError('CART_OPTIONS_NEEDED');
        if (variationId !== null && !product.variations.some((v) => v.id === variationId)) {
          throw new AppError('CART_OPTION_NOT_FOUND');
        }
        const added = await addToCart(deps.sessions, cart, product, variationId, quantity);
        if ('refused' in added) {
          if (added.refused === 'sold_out') throw new AppError('CART_SOLD_OUT');
          throw new AppError('CART_LIMIT_REACHED', { max: added.max });
        }
        deps.funnel.record('cart', { ...shop, productId });
        const units = await unitsIn(cart, productId);
        return { quantity: units.product, cartCount: units.all };
      },
    );
  };
}
