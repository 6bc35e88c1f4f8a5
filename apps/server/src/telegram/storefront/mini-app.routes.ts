import { text } from '@app/contracts/common';
import { ShopCatalogue, ShopCatalogueQuery } from '@app/contracts/shop-catalogue';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { ShopRuntime } from '../../modules/bots/bots.service';
import { InitDataError, verifyInitData } from '../init-data';
import type { CatalogueReader } from './features/catalogue';

export type ShopMiniAppDeps = {
  shopRuntimeOf(botId: string): Promise<ShopRuntime | undefined>;
  catalogue: CatalogueReader;
  /** Absolute URL of a stored image. */
  absoluteUrl(path: string): string;
  initDataMaxAgeS: number;
  now?: () => Date;
};

const ShopParams = z.object({ botId: text().max(64) });
const BotId = z.uuid();

/**
 * The shop's Mini App, which the chat menu button of every shop bot opens (`/shop/{botId}`): its catalogue, read
 * by the customer. The caller is whoever Telegram signed the init data for, with that bot's own token (not the
 * platform bot's): `Authorization: tma <initData>`. Only a running shop answers; it shows what the bot's chat
 * shows (active products sold through that bot), and a product opens its card in the chat, where the cart and
 * checkout are.
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
      try {
        verifyInitData(initData, runtime.shop.token, {
          maxAgeS: deps.initDataMaxAgeS,
          ...(deps.now ? { now: deps.now() } : {}),
        });
      } catch (err) {
        if (err instanceof InitDataError) throw new AppError('INIT_DATA_INVALID');
        throw err;
      }
      // A stopped bot has no webhook secret: its chat is closed, and so is its Mini App.
      if (!runtime.webhookSecret || !runtime.shop.isOpen) throw new AppError('SHOP_CLOSED');
      return runtime.shop;
    }

    app.get(
      '/shop/:botId/catalogue',
      {
        schema: {
          tags: ['shop'],
          summary: "A shop bot's catalogue, for its Mini App",
          params: ShopParams,
          querystring: ShopCatalogueQuery,
          response: { 200: ShopCatalogue },
        },
      },
      async (req, reply) => {
        const shop = await openShopOf(req.params.botId, req.headers.authorization);
        const { categoryId, search, page } = req.query;
        const [categories, listed] = await Promise.all([
          deps.catalogue.categories(shop.vendorId),
          deps.catalogue.products(shop.vendorId, shop.botId, { categoryId, search, page }),
        ]);
        // What a customer sees changes with the vendor's edits, and is theirs alone to see.
        reply.header('Cache-Control', 'private, no-store');
        return {
          shop: { name: shop.name, username: shop.username, language: shop.language },
          categories: categories.map((c) => ({ id: c.id, name: c.name })),
          products: listed.products.map((p) => ({
            id: p.id,
            name: p.name,
            productType: p.productType,
            price: p.price,
            currency: p.currency,
            stockStatus: p.stockStatus,
            image: p.image ? deps.absoluteUrl(p.image) : null,
          })),
          hasMore: listed.hasMore,
        };
      },
    );
  };
}
