import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { BOT_LIMITS } from '@app/contracts/bots';
import type { OrderPendingDelivery } from '@app/contracts/orders';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { demoRoutes } from './demo/demo.routes';
import { fakeBotApiPlugin } from './fakes/bot-api/plugin';
import type { FakeBotApiState } from './fakes/bot-api/state';
import {
  FAKE_CARD_TEST_NUMBERS,
  type FakeCardProviderState,
  fakeCardProviderPlugin,
} from './fakes/card-provider';
import type { MailCatcher } from './fakes/mail-catcher';
import { mailCatcherPlugin } from './fakes/mail-catcher-plugin';
import { type FakeNowPaymentsState, fakeNowPaymentsPlugin } from './fakes/nowpayments';
import { AppError } from './lib/app-error';
import { type CardProvider, createCardProvider } from './lib/card-provider';
import { createDownloadLinks } from './lib/download-links';
import type { Mailer } from './lib/mailer';
import { type CryptoProvider, createNowPayments, createNowPaymentsPayouts } from './lib/nowpayments';
import { parseQueryString } from './lib/query-string';
import { createMemoryRateLimitStore, type RateLimitStore } from './lib/rate-limit-store';
import { createReadCache } from './lib/read-cache';
import { createSecrets, type Secrets } from './lib/secrets';
import { serverRoot } from './lib/server-files';
import { type BotApi, createBotApi } from './lib/telegram/bot-api';
import { createPlatformBot } from './lib/telegram/platform-bot';
import { platformWebhookSecret } from './lib/telegram/platform-webhook';
import { type TelegramThrottle, throttledBotApi } from './lib/telegram/throttle';
import { createLocalVendorChanges, type VendorChanges } from './lib/vendor-changes';
import type { VapidKeys } from './lib/web-push';
import { accountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { activityRoutes } from './modules/activity/activity.routes';
import { createActivityService } from './modules/activity/activity.service';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { createApiKeysService } from './modules/api-keys/api-keys.service';
import { createActorResolver, type FindStaffGrant } from './modules/auth/actor-resolver';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService, ownerOf } from './modules/auth/auth.service';
import { createRevocationList, createSessionsService } from './modules/auth/sessions.service';
import { billingRoutes } from './modules/billing/billing.routes';
import { createBillingService, settleFeesPaymentIn } from './modules/billing/billing.service';
import { botTokenOf, runningBotIds } from './modules/bots/bot-lifecycle.service';
import { botTimezoneOf } from './modules/bots/bot-runtime.service';
import { createBotStatsService } from './modules/bots/bot-stats.service';
import { botsRoutes } from './modules/bots/bots.routes';
import { createBotsService } from './modules/bots/bots.service';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes';
import { type CampaignsService, createCampaignsService } from './modules/campaigns/campaigns.service';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { createCategoriesService } from './modules/categories/categories.service';
import { customersRoutes } from './modules/customers/customers.routes';
import { createCustomersService } from './modules/customers/customers.service';
import { createCustomersAdminService } from './modules/customers/customers-admin.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createAuditService } from './modules/events/events.service';
import { exportReadyNotice } from './modules/exports/export-notice';
import { exportsDownloadRoutes, exportsRoutes } from './modules/exports/exports.routes';
import { createExportsService } from './modules/exports/exports.service';
import { healthRoutes } from './modules/health/health.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { createMediaService, productImageUrls } from './modules/media/media.service';
import { mediaFilesRoutes } from './modules/media/media-files.routes';
import { createLocalStorage, type StorageDriver } from './modules/media/storage';
import { type AlertTapDeps, handleAlertTap } from './modules/notifications/alert-actions.service';
import { createNotificationSettingsService } from './modules/notifications/notification-settings.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { queueSecurityNotice } from './modules/notifications/notifications.service';
import { createPushSubscriptionsService } from './modules/notifications/push-subscriptions.service';
import { createOrderReads } from './modules/orders/order-reads';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createOrdersService } from './modules/orders/orders.service';
import { ipnRoutes, platformWebhookRoutes } from './modules/payments/callbacks.routes';
import { paymentsDownloadRoutes, paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { policiesRoutes } from './modules/policies/policies.routes';
import { createPoliciesService } from './modules/policies/policies.service';
import { productsDownloadRoutes, productsRoutes } from './modules/products/products.routes';
import { createProductsService } from './modules/products/products.service';
import { createProductsCsvService } from './modules/products/products-csv.service';
import { productPageMeta } from './modules/products/products-sale.service';
import { profileRoutes, profileUploadRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { createReviewsService } from './modules/reviews/reviews.service';
import { securityRoutes } from './modules/security/security.routes';
import { createSecurityService } from './modules/security/security.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { createSettingsService } from './modules/settings/settings.service';
import { createShop, type OwedDelivery } from './modules/shop/shop.wiring';
import { staffInviteRoutes, staffRoutes, staffSelfRoutes } from './modules/staff/staff.routes';
import { createStaffService, type StaffDeps, type StaffService } from './modules/staff/staff.service';
import { createStaffPickService } from './modules/staff/staff-pick.service';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { supportDownloadRoutes, supportRoutes } from './modules/support/support.routes';
import {
  createSupportService,
  eraseCustomerConversations,
  grantsSupport,
} from './modules/support/support.service';
import { webhookDisabledNotice } from './modules/webhooks/webhook-notice';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { createWebhooksService } from './modules/webhooks/webhooks.service';
import { apiKeyAuthPlugin } from './plugins/api-key-auth';
import { authPlugin } from './plugins/auth';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { stepUpPlugin } from './plugins/step-up';
import { actorPlugin, vendorScope } from './plugins/vendor-scope';
import { isStaticFilePath, registerWebApp } from './plugins/web-app';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Demo mode serves this fake Telegram Bot API in process, at /fake-telegram. */
  fakeBotApi?: FakeBotApiState;
  /** Where the built web app lives; tests pass null to serve the API only. */
  webDistDir?: string | null;
  now?: () => Date;
  /** Keys derived from APP_SECRET; by default derived here. */
  secrets?: Secrets;
  /** The Telegram Bot API client; by default one for config.telegramApiRoot. */
  botApi?: BotApi;
  /** Staff members' grants (the staff module supplies them); tests pass a restricted caller's. */
  findStaffGrant?: FindStaffGrant;
  /** Asks for a prompt run of the events dispatcher (the job queue's); tests dispatch by hand. */
  requestEventDispatch?: () => void;
  /** Demo mode's e-mail catcher: its mailbox page is served at /fake-mail/__control/mailbox. */
  mailCatcher?: MailCatcher;
  /** Sends the mail a request needs at once (a new e-mail's code); notifications go through their job instead. */
  mailer?: Mailer | undefined;
  /** The VAPID keys of Web Push (DATA_DIR/vapid.json, main.ts); without them browsers cannot subscribe. */
  vapid?: VapidKeys | undefined;
  /** Demo mode serves a fake crypto provider in process, at /fake-nowpayments. */
  fakeNowPayments?: FakeNowPaymentsState;
  /** Demo mode serves a fake card provider in process, at /fake-card-provider. */
  fakeCardProvider?: FakeCardProviderState;
  /** The card provider client; by default one for config.cardProvider (none when not configured). */
  cardProvider?: CardProvider | null;
  /** The crypto provider client; by default one for config.nowPayments (none when not configured). */
  cryptoProvider?: CryptoProvider | null;
  /** Called for every route as it is registered: tests walk the route table with it. */
  onRoute?: (route: RouteOptions) => void;
  /** Queues a committed product import (the products.import job); without it small and large imports run inline. */
  enqueueProductImport?: (vendorId: string, importId: string) => void;
  /**
   * Queues the start of a bot the expiry stopped, once a payment made its subscription live (the bots.resume
   * job); without it the bot is started right after the payment commits.
   */
  enqueueBotResume?: (vendorId: string, botId: string) => Promise<unknown>;
  /** Where uploads are stored; by default a folder in DATA_DIR (tests pass a temporary folder's). */
  storage?: StorageDriver;
  /** The crypto provider client a shop uses with the vendor's own API key; by default NOWPayments'. */
  shopCryptoProviderFor?: (apiKey: string) => CryptoProvider;
  /** Paces the shop bots' messages; by default the process's one throttle, at Telegram's limits. */
  telegramThrottle?: TelegramThrottle;
  /** Where rate limits count (API keys' too); by default this process's memory (main.ts passes Redis's when REDIS_URL is set). */
  rateLimitStore?: RateLimitStore;
  /** Queues a webhook's delivery run (the webhooks.deliver job); without it runs start in this process at once. */
  enqueueWebhookRun?: (run: { vendorId: string; webhookId: string }) => Promise<unknown>;
  /**
   * Carries "this vendor's data changed" to every process's read cache and shop catalogue reads; by default to
   * this process only (main.ts passes PostgreSQL's LISTEN/NOTIFY on PostgreSQL).
   */
  vendorChanges?: VendorChanges;
  /**
   * Queues the durable `shop.deliver` job for a paid shop order whose delivery Telegram failed; without it
   * (tests without a queue) such a failure is the update's, as before. The job's runner is `app.deliverOwed`.
   */
  enqueueDelivery?: (owed: OwedDelivery) => Promise<unknown>;
  /** The `shop.deliver` job still pending for an order (the order detail shows it); without it, none shows. */
  pendingDeliveryOf?: (orderId: string) => Promise<OrderPendingDelivery | null>;
  /** Where data exports' files are stored; by default a folder in DATA_DIR (tests pass a temporary folder's). */
  exportStorage?: StorageDriver;
  /** Queues an export's writing (the exports.run job); without it the file is written in this process at once. */
  enqueueExportRun?: (run: { vendorId: string; exportId: string }) => Promise<unknown>;
  /** Queues a campaign's delivery (the campaigns.send job), at `startAfter` when scheduled; without it, none runs. */
  enqueueCampaignRun?: (run: { vendorId: string; campaignId: string }, startAfter?: Date) => Promise<unknown>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The `shop.deliver` job's run (main.ts hands it to the workers): the shop runtime's deliverOwed. */
    deliverOwed: (owed: OwedDelivery, attempt: { last: boolean }) => Promise<void>;
    /** The `campaigns.send` job's run (modules/campaigns runCampaign). */
    runCampaign: CampaignsService['run'];
    /** The `campaigns.abandoned-carts` job's run: every bot with the reminder on, through the shop runtime. */
    remindAbandonedCarts: () => Promise<void>;
    /** The `support.unanswered` job's run: owners told of conversations waiting for a first answer. */
    alertUnansweredSupport: () => Promise<number>;
  }
}

/** The card provider's origin when the browser reaches it elsewhere (a real provider); none for a same-origin fake. */
function cardProviderOrigin(config: Config): string[] {
  const url = config.cardProvider?.browserUrl;
  return url && /^https?:\/\//.test(url) ? [new URL(url).origin] : [];
}

const defaultWebDist = join(serverRoot, '../web/dist');

// Bot tokens travel in Bot API URLs (/bot<token>/method): never let one reach a log line.
// Bot tokens in the fake Bot API's paths, and download links' tokens (each names a caller for minutes).
const redactUrl = (url: string) =>
  url.replace(/\/bot\d+:[A-Za-z0-9_-]+/g, '/bot<redacted>').replace(/([?&]token=)[^&]*/g, '$1<redacted>');

/** Builds the whole server from its dependencies. Does not listen: main.ts does, tests use app.inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    routerOptions: { querystringParser: parseQueryString },
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers["x-telegram-bot-api-secret-token"]'],
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Errors raised before a request reaches a route still answer the one error body.
    frameworkErrors,
    clientErrorHandler,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  await app.register(securityHeadersPlugin, {
    // Telegram Web shows Mini Apps in an iframe, so framing is allowed for Telegram's origins only.
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://telegram.org'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // The browser posts card details straight to the card provider (never to us): its origin is allowed.
        connectSrc: ["'self'", ...cardProviderOrigin(config)],
        frameAncestors: ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
        upgradeInsecureRequests: null,
      },
    },
  });
  // Same origin by default: the web app is served by this server. Other origins only when configured.
  await app.register(cors, { origin: config.corsOrigins.length > 0 ? config.corsOrigins : false });
  await app.register(errorsPlugin);
  const rateLimitStore = deps.rateLimitStore ?? createMemoryRateLimitStore();
  await app.register(rateLimitPlugin, { max: config.rateLimitPerMinute, store: rateLimitStore });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Bot shop back-office API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const secrets = deps.secrets ?? createSecrets(config.appSecret);
  // Staff grants come from the staff module, built below with the services it uses (bound here, once it exists).
  let staff: StaffService | undefined;
  const staffGrant: FindStaffGrant = async (vendorId, telegramId) =>
    (await staff?.findGrant(vendorId, telegramId)) ?? null;
  // Revoked sessions' access tokens are refused at once, not only once they expire (modules/auth/sessions.service.ts).
  const revocations = createRevocationList({ db: database.db });
  await app.register(authPlugin, { jwtKey: secrets.jwtKey, isSessionRevoked: revocations.isRevoked });
  // A vendor's change, announced by whichever process made it, drops their kept reads here (the read cache's
  // generation also tells the shops' catalogue reads).
  const vendorChanges = deps.vendorChanges ?? createLocalVendorChanges();
  const readCache = createReadCache({ ttlMs: config.readCacheMs });
  vendorChanges.onChange((vendorIds) => readCache.invalidate(...vendorIds));
  await app.register(actorPlugin, {
    resolveActor: createActorResolver({ findStaffGrant: deps.findStaffGrant ?? staffGrant }),
    readCache,
    vendorChanges,
    // Called per request, once `bots` below exists.
    areVendorBots: (vendorId, botIds) => bots.areVendorBots(vendorId, botIds),
  });

  const db = database.db;
  const clock = deps.now ? { now: deps.now } : {};
  const auth = createAuthService({
    db,
    jwtKey: secrets.jwtKey,
    platformBotToken: config.platformBotToken,
    initDataMaxAgeS: config.initDataMaxAgeS,
    activatePendingSeats: async (tx, user) => staff?.activatePendingSeats(tx, user),
    onNewDevice: (vendorId, device) => queueSecurityNotice(db, vendorId, 'security_new_session', device),
    // The owner's sign-in cancelled the account's deletion: the bots it paused run again (`bots` is built below).
    onDeletionCancelled: async (vendorId) => {
      await bots.resumeAfterDeletionCancelled(vendorId).catch((err: unknown) => {
        app.log.warn({ err, vendorId }, 'could not restart the bots of a cancelled deletion');
      });
    },
    ...clock,
  });
  const sessions = createSessionsService({ db, revocations, ...clock });
  // Two-step confirmation; `config: { stepUp: true }` on a route asks for a fresh code (modules/security/README.md).
  const security = createSecurityService({
    db,
    secrets,
    sessions,
    onTwoStepDisabled: (actor) => queueSecurityNotice(db, actor.vendorId, 'security_two_step_off'),
    ...clock,
  });
  await app.register(stepUpPlugin, {
    requireStepUp: security.requireStepUp,
    giveCode: security.stepUp,
    isOn: security.isOn,
  });
  const botApi = deps.botApi ?? createBotApi({ apiRoot: config.telegramApiRoot });
  const subscriptions = createSubscriptionsService({ db, ...clock });
  const orderReads = createOrderReads({ db });
  const customers = createCustomersService({ db, ...clock });
  const products = createProductsService({ db, subscriptions, imageUrls: productImageUrls, ...clock });
  const bots = createBotsService({
    db,
    botApi,
    secrets,
    publicUrl: config.publicUrl,
    log: app.log,
    subscriptions,
    orders: orderReads,
    customers,
    products,
    // The settings and webhooks modules are built below (they read bots); called only once a request comes.
    integrationsOf: async (vendorId, botId, currency) => {
      const [set, hosts] = await Promise.all([
        settings.integrationsOf(vendorId, botId, currency),
        webhooks.hostsOf(vendorId, botId, BOT_LIMITS.integrationsPerListMax),
      ]);
      return { ...set, thirdParty: hosts };
    },
    ...clock,
  });
  const botStats = createBotStatsService({ db, orders: orderReads, customers, ...clock });
  const dashboard = createDashboardService({ orders: orderReads, bots, auth, db, ...clock });
  const activity = createActivityService({ db });
  const audit = createAuditService({ db });
  const orders = createOrdersService({
    db,
    ...clock,
    ...(deps.pendingDeliveryOf ? { pendingDeliveryOf: deps.pendingDeliveryOf } : {}),
  });
  const customersAdmin = createCustomersAdminService({
    db,
    ...clock,
    eraseConversations: eraseCustomerConversations,
  });
  const analytics = createAnalyticsService({ db, orders: orderReads, products: products.internal, ...clock });
  const reviews = createReviewsService({ db, products: products.internal, ...clock });
  // "Clear cache" drops this process's built bot at once; other processes see cacheClearedAt on their next update.
  const settings = createSettingsService({
    db,
    bots,
    secrets,
    onCacheCleared: (botId) => shop.runtime.forget(botId),
    productTypesSold: products.typesSoldBy,
    ...clock,
  });
  const cryptoProvider =
    deps.cryptoProvider !== undefined
      ? deps.cryptoProvider
      : config.nowPayments
        ? createNowPayments(config.nowPayments)
        : null;
  const payments = createPaymentsService({
    db,
    botApi,
    platformBotToken: config.platformBotToken,
    publicUrl: config.publicUrl,
    starsPerUsd: config.starsPerUsd,
    crypto: cryptoProvider,
    subscriptions,
    bots,
    resumeBot: deps.enqueueBotResume ?? bots.resumeAfterPayment,
    // A fee statement's Stars or Litecoin invoice paid settles its month (modules/billing).
    onFeesPaid: settleFeesPaymentIn,
    log: app.log,
    ...clock,
  });
  const cardProvider =
    deps.cardProvider !== undefined
      ? deps.cardProvider
      : config.cardProvider
        ? createCardProvider(config.cardProvider)
        : null;
  const billing = createBillingService({
    db,
    payments,
    cardProvider,
    cardProviderInfo: config.cardProvider
      ? {
          tokenizeUrl: `${config.cardProvider.browserUrl}/v1/payment_methods`,
          publishableKey: config.cardProvider.publishableKey,
          // The fake provider's test numbers are shown in demo mode only.
          testCards: deps.fakeCardProvider ? FAKE_CARD_TEST_NUMBERS.map((c) => ({ ...c })) : [],
        }
      : null,
    // Crypto payouts go out through the platform's crypto provider (demo mode: the fake one).
    cryptoPayouts: config.nowPayments ? createNowPaymentsPayouts(config.nowPayments) : null,
    stars: {
      botApi,
      tokenOf: (vendorId, botId) => botTokenOf({ db, secrets }, vendorId, botId),
      botsToSync: () => runningBotIds({ db }),
      orderReads,
    },
    ...clock,
  });
  const categories = createCategoriesService({ db });
  // API keys (modules/api-keys). Creating one is a sensitive action: its route holds the step-up (plugins/step-up.ts).
  const apiKeys = createApiKeysService({ db, bots, subscriptions, ...clock });
  await app.register(apiKeyAuthPlugin, {
    resolve: apiKeys.resolve,
    store: rateLimitStore,
    ...clock,
  });
  const productsCsv = createProductsCsvService({
    db,
    products,
    ...(deps.enqueueProductImport ? { enqueueImport: deps.enqueueProductImport } : {}),
  });
  const downloadLinks = createDownloadLinks({ jwtKey: secrets.jwtKey, ...clock });
  const storage = deps.storage ?? createLocalStorage(join(config.dataDir, 'media'));
  const media = createMediaService({ db, storage, ...clock });
  const profile = createProfileService({ db, media, mailer: deps.mailer, log: app.log, ...clock });
  const account = createAccountService({ db, sessions, bots, log: app.log, ...clock });
  const platformBot = createPlatformBot({ botApi, token: config.platformBotToken });
  const staffDeps: StaffDeps = {
    db,
    bots,
    auth,
    platformBot,
    sendInvite: async (chatId, text, button) => {
      await throttledBotApi(botApi, deps.telegramThrottle).call(config.platformBotToken, 'sendMessage', {
        chat_id: chatId,
        text,
        reply_markup: { inline_keyboard: [[{ text: button.text, url: button.url }]] },
      });
    },
    platformMessage: async (chatId, message) => {
      await throttledBotApi(botApi, deps.telegramThrottle).call(config.platformBotToken, 'sendMessage', {
        chat_id: chatId,
        ...message,
      });
    },
    ...clock,
  };
  staff = createStaffService(staffDeps);
  const staffPicks = createStaffPickService(staffDeps);
  const webhooks = createWebhooksService({
    db,
    secrets,
    bots,
    allowPrivate: config.webhooksAllowPrivate,
    notifyDisabled: webhookDisabledNotice({
      botApi,
      token: config.platformBotToken,
      publicUrl: config.publicUrl,
    }),
    log: app.log,
    ...(deps.enqueueWebhookRun ? { enqueueRun: deps.enqueueWebhookRun } : {}),
    ...clock,
  });
  const policies = createPoliciesService({ db, ...clock });
  const exports = createExportsService({
    db,
    storage: deps.exportStorage ?? createLocalStorage(join(config.dataDir, 'exports')),
    linkKey: secrets.jwtKey,
    notifyDone: exportReadyNotice({
      apiRoot: config.telegramApiRoot,
      token: config.platformBotToken,
      publicUrl: config.publicUrl,
    }),
    log: app.log,
    ...(deps.enqueueExportRun ? { enqueueRun: deps.enqueueExportRun } : {}),
    ...clock,
  });
  // The support inbox (modules/support): conversations the shop bots hold; replies go out through them.
  const support = createSupportService({
    db,
    send: (q, text, buttons) => shop.runtime.sendToChat(q, text, buttons),
    ratingPrompt: (_vendorId, botId) => shop.runtime.ratingPromptOf(botId),
    customerFilesOf: media.customerFilesOf,
    // A customer's file is opened as the system (the support route checked the caller and the conversation).
    openCustomerFile: (vendorId, uploadId) =>
      media.openUpload(
        { vendorId, telegramId: 0, kind: 'staff', permissions: ['support'], botIds: 'all' },
        uploadId,
      ),
    storeHoursOf: async (vendorId, botId) => ({
      text: (await settings.runtime.getStoreDetails(botId))?.workingHours ?? '',
      timezone: (await botTimezoneOf(db, vendorId, botId)) ?? 'UTC',
    }),
    customerOf: (actor, customerId) => customersAdmin.get(actor, customerId),
    supportMemberOf: async (vendorId, botId, telegramId) => {
      if ((await ownerOf(db, vendorId)) === telegramId) return { name: null };
      const seat = await staff?.seatOf(vendorId, telegramId);
      return seat && grantsSupport(seat, botId) ? { name: seat.name } : null;
    },
    log: app.log,
    ...clock,
  });
  // The shops' bots, their customers' carts and checkout, payments, and the Mini App (modules/shop/README.md).
  const shop = createShop({
    db,
    config,
    botApi,
    products,
    categories,
    customers,
    bots,
    settings: settings.runtime,
    policies,
    orders,
    subscriptions,
    auth,
    platformBot,
    media,
    support: support.runtime,
    reviews: reviews.shop,
    ...(deps.shopCryptoProviderFor ? { cryptoProviderFor: deps.shopCryptoProviderFor } : {}),
    ...(deps.telegramThrottle ? { throttle: deps.telegramThrottle } : {}),
    vendorGeneration: readCache.generation,
    ...(deps.enqueueDelivery ? { enqueueDelivery: deps.enqueueDelivery } : {}),
    log: app.log,
    ...clock,
  });

  // Services record events inside their transactions; once a change has been answered (so committed), the
  // dispatcher is asked to fan them out soon. Jobs that record events are picked up by its scheduled run.
  const requestEventDispatch = deps.requestEventDispatch;
  if (requestEventDispatch) {
    app.addHook('onResponse', async (req, reply) => {
      if (req.method === 'GET' || req.method === 'HEAD' || reply.statusCode >= 400) return;
      // The in-process fakes of demo mode record no events; a shop bot's every answer is a POST to one.
      if (/^\/fake-(telegram|nowpayments|mail)\//.test(req.url)) return;
      if (/^\/fake-(telegram|nowpayments|card-provider)\//.test(req.url)) return;
      requestEventDispatch();
    });
  }

  app.decorate('deliverOwed', (owed: OwedDelivery, attempt: { last: boolean }) =>
    shop.runtime.deliverOwed(owed, attempt),
  );
  // Campaigns send through the bots' tokens at the bots' pace (the same throttle as the shop's messages).
  const campaigns = createCampaignsService({
    db,
    botApi,
    ...(deps.telegramThrottle ? { throttle: deps.telegramThrottle } : {}),
    customers,
    shopOf: bots.shopOf,
    publicUrl: config.publicUrl,
    ...(deps.enqueueCampaignRun ? { enqueueRun: deps.enqueueCampaignRun } : {}),
    log: app.log,
    ...clock,
  });
  app.decorate('alertUnansweredSupport', support.alertUnanswered);
  app.decorate('runCampaign', campaigns.run);
  app.decorate('remindAbandonedCarts', async () => {
    const now = deps.now?.() ?? new Date();
    for (const bot of await campaigns.abandonedCartBots()) {
      await shop.runtime.remindAbandonedCarts(bot, now);
    }
  });

  await app.register(healthRoutes({ databaseKind: database.kind, pingDatabase: () => database.ping() }));
  app.addHook('onClose', () => shop.funnel.flush());
  await app.register(shop.routes.webhook);
  await app.register(mediaFilesRoutes(storage));
  if (deps.fakeBotApi) {
    await app.register(fakeBotApiPlugin, { prefix: '/fake-telegram', state: deps.fakeBotApi });
  }
  // A tap on a staff alert's order move acts as the tapper, with their grant as it is now (never cached).
  const alertTaps: AlertTapDeps = {
    db,
    botApi: throttledBotApi(botApi, deps.telegramThrottle),
    token: config.platformBotToken,
    orders,
    findGrant: async (vendorId, telegramId) => (await staff?.findGrant(vendorId, telegramId)) ?? null,
    ...clock,
  };
  await app.register(
    platformWebhookRoutes({
      payments,
      secret: platformWebhookSecret(config.appSecret),
      onCallbackQuery: (tap) => handleAlertTap(alertTaps, tap),
      onUsersShared: (shared) => staffPicks.receive(shared),
    }),
  );
  if (deps.mailCatcher) {
    await app.register(mailCatcherPlugin, { prefix: '/fake-mail', catcher: deps.mailCatcher });
  }
  if (deps.fakeNowPayments && config.nowPayments) {
    await app.register(fakeNowPaymentsPlugin, {
      prefix: '/fake-nowpayments',
      state: deps.fakeNowPayments,
      apiKey: config.nowPayments.apiKey,
      ipnSecret: config.nowPayments.ipnSecret,
    });
  }
  if (deps.fakeCardProvider && config.cardProvider) {
    await app.register(fakeCardProviderPlugin, {
      prefix: '/fake-card-provider',
      state: deps.fakeCardProvider,
      secretKey: config.cardProvider.secretKey,
      publishableKey: config.cardProvider.publishableKey,
      ...clock,
    });
  }
  await app.register(
    async (api) => {
      await api.register(authRoutes(auth, secrets.jwtKey));
      if (config.demo) await api.register(demoRoutes(config.platformBotToken));
      await api.register(vendorScope(dashboardRoutes(dashboard)), { prefix: '/vendors/:vendorId' });
      await api.register(vendorScope(botsRoutes(bots, botStats)), { prefix: '/vendors/:vendorId' });
      await api.register(vendorScope(activityRoutes(activity, audit)), { prefix: '/vendors/:vendorId' });
      await api.register(vendorScope(ordersRoutes(orders)), { prefix: '/vendors/:vendorId' });
      await api.register(vendorScope(shop.routes.refund), { prefix: '/vendors/:vendorId' });
      await api.register(shop.routes.payments);
      await api.register(vendorScope(customersRoutes(customersAdmin)), { prefix: '/vendors/:vendorId' });
      await api.register(vendorScope(analyticsRoutes(analytics)), { prefix: '/vendors/:vendorId' });
      await api.register(vendorScope(settingsRoutes(settings)), { prefix: '/vendors/:vendorId' });
      await api.register(vendorScope(policiesRoutes(policies)), { prefix: '/vendors/:vendorId' });
      await api.register(vendorScope(supportRoutes(support, downloadLinks)), {
        prefix: '/vendors/:vendorId',
      });
      await api.register(supportDownloadRoutes(support, downloadLinks));
      await api.register(vendorScope(paymentsRoutes(payments, downloadLinks)), {
        prefix: '/vendors/:vendorId',
      });
      await api.register(paymentsDownloadRoutes(payments, downloadLinks));
      await api.register(vendorScope(billingRoutes(billing)), { prefix: '/vendors/:vendorId' });
      await api.register(ipnRoutes({ payments, ipnSecret: config.nowPayments?.ipnSecret ?? null }));
      await api.register(vendorScope(productsRoutes(products, productsCsv, downloadLinks)), {
        prefix: '/vendors/:vendorId',
      });
      await api.register(productsDownloadRoutes(productsCsv, downloadLinks));
      await api.register(vendorScope(reviewsRoutes(reviews)), { prefix: '/vendors/:vendorId' });
      await api.register(shop.routes.miniApp);
      await api.register(vendorScope(categoriesRoutes(categories)), { prefix: '/vendors/:vendorId' });
      await api.register(vendorScope(mediaRoutes(media)), { prefix: '/vendors/:vendorId' });
      await api.register(vendorScope(staffRoutes(staff, staffPicks)), { prefix: '/vendors/:vendorId' });
      await api.register(staffInviteRoutes(staff));
      await api.register(vendorScope(profileRoutes(profile)), { prefix: '/vendors/:vendorId' });
      await api.register(vendorScope(securityRoutes(security, sessions)), { prefix: '/vendors/:vendorId' });
      await api.register(vendorScope(accountRoutes(account)), { prefix: '/vendors/:vendorId' });
      const pushSubscriptions = createPushSubscriptionsService({
        db,
        vapidPublicKey: deps.vapid?.publicKey ?? null,
        allowPrivate: config.webhooksAllowPrivate,
      });
      await api.register(
        vendorScope(notificationsRoutes(createNotificationSettingsService({ db }), pushSubscriptions)),
        { prefix: '/vendors/:vendorId' },
      );
      await api.register(vendorScope(profileUploadRoutes(profile)), { prefix: '/upload/vendors/:vendorId' });
      await api.register(vendorScope(apiKeysRoutes(apiKeys)), { prefix: '/vendors/:vendorId' });
      await api.register(vendorScope(webhooksRoutes(webhooks)), { prefix: '/vendors/:vendorId' });
      await api.register(vendorScope(exportsRoutes(exports)), { prefix: '/vendors/:vendorId' });
      await api.register(vendorScope(campaignsRoutes(campaigns)), { prefix: '/vendors/:vendorId' });
      await api.register(exportsDownloadRoutes(exports));
      await api.register(staffSelfRoutes(staff));
    },
    { prefix: '/api/v1' },
  );

  const sendIndex =
    deps.webDistDir === null
      ? null
      : await registerWebApp(app, deps.webDistDir ?? defaultWebDist, {
          // A shared product address's link preview: the product the bot sells under that slug.
          productPageMeta: async (botId, slug) => {
            const shop = await bots.shopOf(botId);
            return shop ? productPageMeta(db, shop.vendorId, botId, slug) : null;
          },
        });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const isApi =
      /^\/(api|telegram|fake-telegram|fake-mail|fake-nowpayments|fake-card-provider|healthz|readyz)(\/|$)/.test(
        path,
      );
    const isFile = isStaticFilePath(path);
    if (sendIndex && req.method === 'GET' && !isApi && !isFile) return sendIndex(reply, path);
    // A missing file stays missing for this URL: no cache may keep the 404 past the next deploy either.
    if (isFile) reply.header('Cache-Control', 'no-store');
    throw new AppError('ROUTE_NOT_FOUND', { method: req.method, path });
  });

  return app;
}
