import type { Config } from '../../config';
import type { Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { type CryptoProvider, createNowPayments } from '../../lib/nowpayments';
import { deriveKey } from '../../lib/secrets';
import type { BotApi } from '../../lib/telegram/bot-api';
import type { PlatformBot } from '../../lib/telegram/platform-bot';
import { createTelegramThrottle, type TelegramThrottle, UNLIMITED } from '../../lib/telegram/throttle';
import type { AuthService } from '../auth/auth.service';
import type { BotsService } from '../bots/bots.service';
import type { CategoriesService } from '../categories/categories.service';
import type { CustomersService } from '../customers/customers.service';
import type { MediaService } from '../media/media.service';
import type { OrdersService } from '../orders/orders.service';
import type { PoliciesService } from '../policies/policies.service';
import type { ProductsService } from '../products/products.service';
import { productsForSale, seriesForSale, slotsForSale } from '../products/products-sale.service';
import type { SettingsService } from '../settings/settings.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { createCatalogueReader } from './catalogue-reader';
import { noteOrderLimitReached, placeShopOrder } from './checkout.service';
import type { OwedDelivery } from './features/payment';
import type { ReviewsDeps } from './features/reviews';
import type { SupportDeps } from './features/support';
import { createShopFunnel } from './funnel.service';
import { shopMiniAppRoutes } from './mini-app.routes';
import { refundRoutes, shopPaymentsPublicRoutes } from './payments/shop-payments.routes';
import { createShopPaymentsService } from './payments/shop-payments.service';
import { createSessionStore } from './sessions.service';
import { createStorefront } from './shop-runtime';
import { webhookRoutes } from './webhook.routes';

export type ShopDeps = {
  db: Db;
  config: Pick<
    Config,
    | 'telegramApiRoot'
    | 'publicUrl'
    | 'appSecret'
    | 'starsPerUsd'
    | 'initDataMaxAgeS'
    | 'shopCatalogueCacheMs'
    | 'shopThrottle'
    | 'telegramRetry'
    | 'nowPayments'
  >;
  botApi: BotApi;
  products: ProductsService;
  categories: CategoriesService;
  customers: Pick<CustomersService, 'fromTelegram' | 'recordChat' | 'optOutOfPromotions'>;
  bots: Pick<BotsService, 'shopRuntimeOf' | 'recordError' | 'shopOf'>;
  settings: SettingsService['runtime'];
  /** The store's policies and FAQs: /terms, the refund policy at checkout, /faq and the Mini App's FAQs. */
  policies: Pick<PoliciesService, 'policyOf' | 'policiesOf' | 'faqsOf'>;
  orders: Pick<OrdersService, 'get'>;
  subscriptions: Pick<SubscriptionsService, 'currentOf'>;
  auth: Pick<AuthService, 'isVendorMember'>;
  /** The platform bot: the back-office link a vendor gets from their own shop's /start. */
  platformBot: Pick<PlatformBot, 'miniAppLink'>;
  /** The support inbox: customers' conversations with the vendor's team (features/support.ts). */
  support: SupportDeps['support'];
  /** Product reviews: customers rate what they bought (features/reviews.ts). */
  reviews: ReviewsDeps['reviews'];
  /** The vendors' uploaded files, which paid downloads stream. */
  media: Pick<MediaService, 'openUpload' | 'storeCustomerFile'>;
  /** The crypto provider client a shop uses with the vendor's own API key; by default NOWPayments'. */
  cryptoProviderFor?: (apiKey: string) => CryptoProvider;
  /** Paces the shop bots' messages; by default the process's one throttle (SHOP_THROTTLE on), else none. */
  throttle?: TelegramThrottle;
  /** The vendor's data generation (the read cache's): a change moves it on and drops the kept catalogue reads. */
  vendorGeneration?: (vendorId: string) => number;
  /** Queues the durable `shop.deliver` job for a paid order whose delivery Telegram failed (features/payment.ts). */
  enqueueDelivery?: (owed: OwedDelivery) => Promise<unknown>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  now?: () => Date;
};

export type { OwedDelivery };

/**
 * The whole shop, wired from the services it reads through: the bots' runtime (one grammY Bot per vendor
 * bot, its features, the customers' sessions, checkout, payments), the funnel counts, and the HTTP routes
 * app.ts registers. The chat and the Mini App show the same catalogue and share one cart per customer.
 */
export function createShop(deps: ShopDeps) {
  const { db, config } = deps;
  const clock = deps.now ? { now: deps.now } : {};

  const payments = createShopPaymentsService({
    db,
    botApi: deps.botApi,
    bots: deps.bots,
    settings: deps.settings,
    orders: deps.orders,
    publicUrl: config.publicUrl,
    starsPerUsd: config.starsPerUsd,
    downloadKey: deriveKey(config.appSecret, 'download-link:hmac-sha256:v1'),
    cryptoProviderFor:
      deps.cryptoProviderFor ??
      ((apiKey) =>
        createNowPayments({ apiUrl: config.nowPayments?.apiUrl ?? 'https://api.nowpayments.io', apiKey })),
    // The shop reads a vendor's file as the system, never as a caller of the API.
    openFile: (vendorId, mediaId) =>
      deps.media.openUpload(
        { vendorId, telegramId: 0, kind: 'staff', permissions: ['products'], botIds: 'all' },
        mediaId,
      ),
    log: deps.log,
    ...clock,
  });

  const funnel = createShopFunnel({ db, log: deps.log, ...clock });
  const catalogue = createCatalogueReader({ products: deps.products, categories: deps.categories });
  const sessions = createSessionStore(db);
  const saleProducts = (vendorId: string, botId: string, ids: string[]) =>
    productsForSale(db, vendorId, botId, ids);
  const absoluteUrl = (path: string) => new URL(path, config.publicUrl).toString();

  const runtime = createStorefront({
    apiRoot: config.telegramApiRoot,
    shopRuntimeOf: deps.bots.shopRuntimeOf,
    catalogueCacheMs: config.shopCatalogueCacheMs,
    ...(deps.vendorGeneration ? { vendorGeneration: deps.vendorGeneration } : {}),
    welcomeOf: deps.settings.getWelcomeMessage,
    storeOf: deps.settings.getStoreDetails,
    policyOf: deps.policies.policyOf,
    policiesOf: deps.policies.policiesOf,
    faqsOf: deps.policies.faqsOf,
    catalogue,
    absoluteUrl,
    isVendorMember: deps.auth.isVendorMember,
    backOfficeLink: (botId) => deps.platformBot.miniAppLink(`bot_${botId}`),
    shopPayments: payments.runtime,
    matchFilters: deps.settings.matchFilters,
    recordChat: deps.customers.recordChat,
    recordError: deps.bots.recordError,
    support: deps.support,
    // A customer's file in a support conversation: stored through the media module; a refusal is told them.
    storeCustomerFile: async (vendorId, input) => {
      try {
        return { uploadId: (await deps.media.storeCustomerFile(vendorId, input)).uploadId };
      } catch (err) {
        if (err instanceof AppError && err.code === 'MEDIA_FILE_TOO_LARGE') return { refused: 'too_large' };
        if (err instanceof AppError && err.code === 'MEDIA_INVALID') {
          const reason = err.details && 'reason' in err.details ? err.details.reason : null;
          return { refused: reason === 'size' ? 'too_large' : 'unreadable' };
        }
        throw err;
      }
    },
    reviews: deps.reviews,
    log: deps.log,
    retry: config.telegramRetry,
    ...(deps.throttle
      ? { throttle: deps.throttle }
      : config.shopThrottle
        ? {}
        : { throttle: createTelegramThrottle(UNLIMITED) }),
    customers: deps.customers,
    sessions,
    saleProducts,
    funnel,
    planOf: async (vendorId, botId) => (await deps.subscriptions.currentOf(vendorId, [botId]))(botId).plan,
    slotsOf: (vendorId, botId, productId, range, at) =>
      slotsForSale(db, vendorId, botId, productId, range, at),
    seriesOf: (b) => seriesForSale(db, b),
    placeShopOrder,
    noteOrderLimitReached: (n) => noteOrderLimitReached(db, n),
    ...(deps.enqueueDelivery ? { enqueueDelivery: deps.enqueueDelivery } : {}),
    now: () => deps.now?.() ?? new Date(),
  });

  /**
   * The vendor's Release of a held digital order: recorded, then sent through the bot at once; when Telegram
   * fails it, the durable delivery job takes it over (without a queue, the caller hears Telegram is down).
   */
  async function releaseOrder(actor: Actor, orderId: string) {
    const owed = await payments.releaseHeld(actor, orderId);
    try {
      await runtime.deliverOwed(owed, { last: false });
    } catch (err) {
      if (!deps.enqueueDelivery) throw new AppError('TELEGRAM_UNAVAILABLE');
      const error = err instanceof Error ? err.message : String(err);
      deps.log.warn({ orderId: owed.orderId, err: error }, 'release failed; queued to retry');
      await deps.enqueueDelivery(owed);
      await payments.runtime.noteDeliveryTrouble(owed, owed.orderId, 'delayed', error);
    }
    return deps.orders.get(actor, owed.orderId);
  }

  return {
    /** Serves the bots' updates; `forget(botId)` drops a bot built in this process ("clear cache"). */
    runtime,
    /** Refunds, the crypto provider's IPN, paid downloads. */
    payments,
    /** The funnel counts; `flush()` writes what is still gathered (on close). */
    funnel,
    /** What app.ts registers, each where its doc says. */
    routes: {
      /** `POST /telegram/webhook/{botId}`: at the root, outside /api/v1. */
      webhook: webhookRoutes({ serveUpdate: runtime.serveWebhookUpdate }),
      /** The back-office's Refund: under /api/v1/vendors/{vendorId}, in the vendor scope. */
      refund: refundRoutes(payments, releaseOrder),
      /** The crypto IPN and download links: under /api/v1, no sign-in. */
      payments: shopPaymentsPublicRoutes(payments),
      /** The shop's Mini App: under /api/v1, signed by the shop bot's init data. */
      miniApp: shopMiniAppRoutes({
        shopRuntimeOf: deps.bots.shopRuntimeOf,
        catalogue,
        absoluteUrl,
        initDataMaxAgeS: config.initDataMaxAgeS,
        sessions,
        saleProducts,
        funnel,
        storeOf: deps.settings.getStoreDetails,
        faqsOf: deps.policies.faqsOf,
        policiesOf: deps.policies.policiesOf,
        ...clock,
      }),
    },
  };
}

export type Shop = ReturnType<typeof createShop>;
