import { z } from 'zod';
import { text, VendorParams } from './common';
import { Plan, SubscriptionStatus } from './plans';

/** Token rules of spec part 1 §5: 8–10 digits, a colon, 35 of letters, digits, `_` or `-`. */
export const BOT_TOKEN_PATTERN = /^\d{8,10}:[A-Za-z0-9_-]{35}$/;

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
} as const;

export const BotToken = text({ error: BOT_MESSAGES.tokenRequired })
  .trim()
  .min(1, BOT_MESSAGES.tokenRequired)
  .regex(BOT_TOKEN_PATTERN, BOT_MESSAGES.tokenFormat);

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
export const BotLanguage = z.enum(['en', 'es', 'fr', 'de', 'ru', 'zh']);
export const BotCurrency = z.enum(['USD', 'EUR', 'GBP', 'RUB', 'CNY']);
export const BotTimezone = z.enum(['UTC', 'EST', 'PST', 'CET', 'MSK']);
export const WIZARD_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export const WIZARD_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export const WIZARD_TIMEZONES = ['UTC', 'EST', 'PST'] as const;

export const DEFAULT_WELCOME_MESSAGE = 'Welcome to our store! Browse our products and enjoy exclusive deals.';

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
  /** Minor units (cents) of the bot's currency. */
  revenue: z.number().int(),
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
    botName: text({ error: BOT_MESSAGES.nameRequired }).trim().min(1, BOT_MESSAGES.nameRequired).max(64),
    description: text().trim().max(512).optional(),
    category: BotCategory.default('general'),
    language: BotLanguage.default('en'),
    currency: BotCurrency.default('USD'),
    timezone: BotTimezone.default('UTC'),
    welcomeMessage: text().trim().max(1000).default(DEFAULT_WELCOME_MESSAGE),
    plan: Plan.default('FREE'),
    /** Sent by older clients; ignored — Telegram's getMe decides the username. */
    botUsername: text().optional(),
  })
  .strict();
export type CreateBotBody = z.input<typeof CreateBotBody>;

export const BotSettings = z.object({
  language: BotLanguage,
  currency: BotCurrency,
  timezone: BotTimezone,
  welcomeMessage: text().max(1000),
  orderNotifications: z.boolean(),
  stockAlerts: z.boolean(),
  customerNotifications: z.boolean(),
  analyticsEnabled: z.boolean(),
  maintenanceMode: z.boolean(),
});
export type BotSettings = z.infer<typeof BotSettings>;

export const BotIntegrations = z.object({
  payments: z.array(text().max(64)).max(20),
  shipping: z.array(text().max(64)).max(20),
  thirdParty: z.array(text().max(64)).max(20),
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
    name: text().trim().min(1, BOT_MESSAGES.nameRequired).max(64).optional(),
    description: text().trim().max(512).nullable().optional(),
    category: BotCategory.optional(),
    /** A new token for the same bot (after BotFather's /revoke); verified with getMe before it is stored. */
    token: BotToken.optional(),
    settings: BotSettings.partial().strict().optional(),
    integrations: BotIntegrations.partial().strict().optional(),
  })
  .strict();
export type UpdateBotDetailBody = z.infer<typeof UpdateBotDetailBody>;

export const BotParams = VendorParams.extend({ botId: z.string().uuid() });

export const BotWeeklyStats = z.object({
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
  /** Signed percent strings versus the previous period, e.g. "+12.5%". */
  growth: z.object({ revenue: z.string(), orders: z.string(), customers: z.string() }),
});
export type BotWeeklyStats = z.infer<typeof BotWeeklyStats>;

export const BotActivityItem = z.object({
  id: z.string(),
  type: z.enum(['order', 'customer', 'other']),
  description: z.string(),
  time: z.string(),
  amount: z.number().int().nullable(),
  amountFormatted: z.string().nullable(),
});
export type BotActivityItem = z.infer<typeof BotActivityItem>;

export const BotActivityQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });

export const BotAnalyticsPeriod = z.enum(['day', 'week', 'month', 'year']);
export type BotAnalyticsPeriod = z.infer<typeof BotAnalyticsPeriod>;
export const BotAnalyticsQuery = z.object({ period: BotAnalyticsPeriod.default('week') });

export const BotAnalytics = z.object({
  period: BotAnalyticsPeriod,
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
  growth: z.object({ customers: z.number(), orders: z.number(), revenue: z.number() }),
});
export type BotAnalytics = z.infer<typeof BotAnalytics>;
