import { z } from 'zod';
import { Language, text, VendorParams } from './common';
import { Plan, SubscriptionStatus } from './plans';

/** Token rules of spec part 1 §5: 8–10 digits, a colon, 35 of letters, digits, `_` or `-`. */
export const BOT_TOKEN_PATTERN = /^\d{8,10}:[A-Za-z0-9_-]{35}$/;

/** Field limits of a bot, for the schemas below, the server and the forms (`maxLength`). */
export const BOT_LIMITS = {
  nameMax: 64,
  descriptionMax: 512,
  welcomeMessageMax: 1000,
  /** Names in one integrations list (payments, shipping, third party), and each name's length. */
  integrationsPerListMax: 20,
  integrationNameMax: 64,
  activityLimitMax: 50,
  activityLimitDefault: 10,
} as const;

export const BOT_MESSAGES = {
  tokenRequired: 'Bot token is required',
  tokenEmptyOnVerify: 'Please enter a bot token first',
  tokenFormat: 'Invalid bot token format',
  tokenNotVerified: 'Please verify your bot token first',
  nameRequired: 'Bot name is required',
  tokenUnknown: 'Invalid token or bot not found. Please check your token.',
  tokenNetwork: 'Failed to verify bot token. Please check your connection.',
  tokenAlreadyRegistered: 'Bot token already registered',
  usernameTaken: 'Bot username already taken',
  freePlanFirstBotOnly: 'The Free plan is only available for your first bot',
  subscriptionExpired: 'Subscription expired. Renew it to start the bot.',
} as const;

export const BotToken = text({ error: BOT_MESSAGES.tokenRequired })
  .trim()
  .min(1, BOT_MESSAGES.tokenRequired)
  .regex(BOT_TOKEN_PATTERN, BOT_MESSAGES.tokenFormat);

export const BotName = text({ error: BOT_MESSAGES.nameRequired })
  .trim()
  .min(1, BOT_MESSAGES.nameRequired)
  .max(BOT_LIMITS.nameMax);

export const BotCategory = z.enum([
  'general',
  'fashion',
  'electronics',
  'groceries',
  'health',
  'home',
  'sports',
  'books',
]);
export type BotCategory = z.infer<typeof BotCategory>;

/** The bot page offers these; the wizard offers the first ones (spec part 1 §9). */
export const BotLanguage = Language;
export const BotCurrency = z.enum(['USD', 'EUR', 'GBP', 'RUB', 'CNY']);
export const BotTimezone = z.enum(['UTC', 'EST', 'PST', 'CET', 'MSK']);
export const WIZARD_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export const WIZARD_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export const WIZARD_TIMEZONES = ['UTC', 'EST', 'PST'] as const;

export const DEFAULT_WELCOME_MESSAGE = 'Welcome to our store! Browse our products and enjoy exclusive deals.';

export const BotSettings = z.object({
  language: BotLanguage,
  currency: BotCurrency,
  timezone: BotTimezone,
  welcomeMessage: text().max(BOT_LIMITS.welcomeMessageMax),
  orderNotifications: z.boolean(),
  stockAlerts: z.boolean(),
  customerNotifications: z.boolean(),
  analyticsEnabled: z.boolean(),
  maintenanceMode: z.boolean(),
});
export type BotSettings = z.infer<typeof BotSettings>;

/**
 * What a new bot starts with, whatever the wizard leaves out (spec part 1 §5 and §9). The create schema
 * applies these; the server reads them back for a stored bot that lacks a value. Nowhere else.
 */
export const NEW_BOT_DEFAULTS = {
  category: 'general',
  plan: 'FREE',
  settings: {
    language: 'en',
    currency: 'USD',
    timezone: 'UTC',
    welcomeMessage: DEFAULT_WELCOME_MESSAGE,
    orderNotifications: true,
    stockAlerts: true,
    customerNotifications: true,
    analyticsEnabled: true,
    maintenanceMode: false,
  },
} as const satisfies { category: BotCategory; plan: Plan; settings: BotSettings };

/** What Telegram's getMe says about a bot: the platform's word, never the client's. */
export const BotInfo = z.object({ id: z.number().int(), username: z.string(), firstName: z.string() });
export type BotInfo = z.infer<typeof BotInfo>;

/** The label a bot card shows: TRIAL during a trial, FREE without a subscription, else the plan. */
export const PlanLabel = z.enum(['TRIAL', 'FREE', 'BASIC', 'PRO', 'ENTERPRISE']);
export type PlanLabel = z.infer<typeof PlanLabel>;

export const BotSubscription = z.object({
  plan: Plan,
  status: SubscriptionStatus,
  label: PlanLabel,
  /** ISO date-time the current period ends; null for FREE. */
  expiresAt: z.string().nullable(),
});
export type BotSubscription = z.infer<typeof BotSubscription>;

export const BotStats = z.object({
  orders: z.number().int(),
  customers: z.number().int(),
  products: z.number().int(),
  /** Minor units (cents) of `currency`, the bot's currency. */
  revenue: z.number().int(),
  currency: z.string(),
  /** The spec's display form (whole units, en-US); render from `revenue` and `currency`. */
  revenueFormatted: z.string(),
});
export type BotStats = z.infer<typeof BotStats>;

export const Bot = z.object({
  id: z.string().uuid(),
  username: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The token is never sent back; this shows its bot id and last characters. */
  maskedToken: z.string(),
  isActive: z.boolean(),
  isVerified: z.boolean(),
  /** Active, with a subscription in trial or paid and not past its end. */
  hasActiveSubscription: z.boolean(),
  subscription: BotSubscription,
  stats: BotStats,
  webhookUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Bot = z.infer<typeof Bot>;

export const BotListResponse = z.object({
  bots: z.array(Bot),
  summary: z.object({
    totalBots: z.number().int(),
    activeBots: z.number().int(),
    totalRevenue: z.number().int(),
    totalRevenueFormatted: z.string(),
    totalCustomers: z.number().int(),
  }),
});
export type BotListResponse = z.infer<typeof BotListResponse>;

export const VerifyTokenBody = z.object({ token: BotToken }).strict();
export type VerifyTokenBody = z.infer<typeof VerifyTokenBody>;

export const VerifyTokenResponse = z.object({
  valid: z.boolean(),
  error: z.string().nullable(),
  botInfo: BotInfo.nullable(),
});
export type VerifyTokenResponse = z.infer<typeof VerifyTokenResponse>;

/** Everything the wizard collects. The username comes from Telegram, so it is not part of the body. */
export const CreateBotBody = z
  .object({
    botToken: BotToken,
    botName: BotName,
    description: text().trim().max(BOT_LIMITS.descriptionMax).optional(),
    category: BotCategory.default(NEW_BOT_DEFAULTS.category),
    language: BotLanguage.default(NEW_BOT_DEFAULTS.settings.language),
    currency: BotCurrency.default(NEW_BOT_DEFAULTS.settings.currency),
    timezone: BotTimezone.default(NEW_BOT_DEFAULTS.settings.timezone),
    welcomeMessage: text()
      .trim()
      .max(BOT_LIMITS.welcomeMessageMax)
      .default(NEW_BOT_DEFAULTS.settings.welcomeMessage),
    plan: Plan.default(NEW_BOT_DEFAULTS.plan),
    /**
     * Whether the vendor's "All bots" products are sold through the new bot too (the default). False keeps
     * them on the vendor's other bots only.
     */
    sellAllBotsProducts: z.boolean().default(true),
    /** Sent by older clients; ignored — Telegram's getMe decides the username. */
    botUsername: text().optional(),
  })
  .strict();
/** What a client sends: every defaulted field may be left out. */
export type CreateBotBody = z.input<typeof CreateBotBody>;
/** The body once parsed: defaults applied, text trimmed. The server works with this, never re-applying defaults. */
export type NewBot = z.output<typeof CreateBotBody>;

const IntegrationList = z
  .array(text().max(BOT_LIMITS.integrationNameMax))
  .max(BOT_LIMITS.integrationsPerListMax);
/**
 * What is really set up for the bot, read from the screens that set it up (nothing here is typed by hand):
 * `payments`, the ids of the payment providers a customer can pay with now (Settings → Payments);
 * `shipping`, the names of its enabled shipping methods; `thirdParty`, the hosts its webhooks send to.
 */
export const BotIntegrations = z.object({
  payments: IntegrationList,
  shipping: IntegrationList,
  thirdParty: IntegrationList,
});
export type BotIntegrations = z.infer<typeof BotIntegrations>;

export const BotDetail = Bot.extend({
  category: BotCategory,
  settings: BotSettings,
  integrations: BotIntegrations,
});
export type BotDetail = z.infer<typeof BotDetail>;

export const UpdateBotDetailBody = z
  .object({
    name: BotName.optional(),
    /** null or an empty string removes the description. */
    description: text().trim().max(BOT_LIMITS.descriptionMax).nullable().optional(),
    category: BotCategory.optional(),
    /** A new token for the same bot (after BotFather's /revoke); verified with getMe before it is stored. */
    token: BotToken.optional(),
    settings: BotSettings.partial().strict().optional(),
  })
  .strict();
export type UpdateBotDetailBody = z.infer<typeof UpdateBotDetailBody>;

export const BotParams = VendorParams.extend({ botId: z.string().uuid() });

/** Percent change versus the previous period of the same length, one decimal; from nothing counts as 100. */
const Growth = z.object({ revenue: z.number(), orders: z.number(), customers: z.number() });

export const BotWeeklyStats = z.object({
  /** The bot's currency: the money amounts below are minor units of it. */
  currency: z.string(),
  totals: z.object({
    revenue: z.number().int(),
    revenueFormatted: z.string(),
    orders: z.number().int(),
    customers: z.number().int(),
    avgOrderValue: z.number().int(),
    avgOrderValueFormatted: z.string(),
    /** Percent of the bot's customers who ordered in the period. */
    conversionRate: z.number(),
  }),
  /** The spec's signed percent strings versus the previous 7 days, e.g. "+12.5%"; render from `growthPercent`. */
  growth: z.object({ revenue: z.string(), orders: z.string(), customers: z.string() }),
  growthPercent: Growth,
});
export type BotWeeklyStats = z.infer<typeof BotWeeklyStats>;

export const BotActivityItem = z.object({
  id: z.string(),
  type: z.enum(['order', 'customer', 'other']),
  /** The spec's English sentence; render from `type` and the parameters below. */
  description: z.string(),
  time: z.string(),
  /** Who: the customer's short name ("Jane D."). */
  customerName: z.string(),
  /** For an order: its number, and its total in minor units of `currency`. */
  orderNumber: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  amountFormatted: z.string().nullable(),
});
export type BotActivityItem = z.infer<typeof BotActivityItem>;

export const BotActivityQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(BOT_LIMITS.activityLimitMax)
    .default(BOT_LIMITS.activityLimitDefault),
});

export const BotAnalyticsPeriod = z.enum(['day', 'week', 'month', 'year']);
export type BotAnalyticsPeriod = z.infer<typeof BotAnalyticsPeriod>;
export const BotAnalyticsQuery = z.object({ period: BotAnalyticsPeriod.default('week') });

export const BotAnalytics = z.object({
  period: BotAnalyticsPeriod,
  /** The bot's currency: revenue figures are minor units of it. */
  currency: z.string(),
  totals: z.object({
    customers: z.number().int(),
    orders: z.number().int(),
    revenue: z.number().int(),
    revenueFormatted: z.string(),
    avgOrderValue: z.number().int(),
    conversionRate: z.number(),
  }),
  daily: z.array(
    z.object({
      date: z.string(),
      orders: z.number().int(),
      revenue: z.number().int(),
      customers: z.number().int(),
    }),
  ),
  growth: Growth,
});
export type BotAnalytics = z.infer<typeof BotAnalytics>;
