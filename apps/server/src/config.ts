import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BOT_TOKEN_PATTERN } from '@app/contracts/bots';
import { LIMITS } from '@app/contracts/limits';
import { z } from 'zod';
import { type RetryPolicy, TELEGRAM_RETRY } from './lib/telegram/retry';

const TELEGRAM_API = 'https://api.telegram.org';

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(BOT_TOKEN_PATTERN, 'must look like a Telegram bot token (123456789:ABC…)')
    .optional(),
  TELEGRAM_API_ROOT: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  INIT_DATA_MAX_AGE_S: z.coerce.number().int().positive().default(LIMITS.defaultInitDataMaxAgeS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  STARS_PER_USD: z.coerce.number().positive().max(10_000).default(77),
  SHOP_CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  SHOP_THROTTLE: z.enum(['on', 'off']).default('on'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  NOWPAYMENTS_API_URL: z.string().url().optional(),
  NOWPAYMENTS_API_KEY: z.string().min(1).optional(),
  NOWPAYMENTS_IPN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Bot Shop <no-reply@localhost>'),
  CARD_PROVIDER_URL: z.string().url().optional(),
  CARD_PROVIDER_KEY: z.string().min(1).optional(),
  CARD_PROVIDER_PUBLISHABLE_KEY: z.string().min(1).optional(),
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false']).optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Demo mode: no platform bot token; the fake Bot API runs in-process and signs demo init data. */
  demo: boolean;
  platformBotToken: string;
  /** Telegram's Bot API, or in demo mode the fake one this server carries at /fake-telegram. */
  telegramApiRoot: string;
  publicUrl: string;
  appSecret: string;
  initDataMaxAgeS: number;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  corsOrigins: string[];
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits count by it). */
  trustProxy: boolean;
  /** API requests one caller address may make per minute (sign-in and token checks have stricter limits). */
  rateLimitPerMinute: number;
  /** Telegram Stars a US dollar of a plan's price costs. */
  starsPerUsd: number;
  /** How long a shop bot reuses what it read of the catalogue (0: never); "clear cache" drops it at once. */
  shopCatalogueCacheMs: number;
  /** How long a vendor route's answer may be served again from memory (lib/read-cache.ts); 0: never. */
  readCacheMs: number;
  /**
   * Whether the shop bots' messages keep Telegram's pace (SECURITY.md: about 1 a second a chat, 30 a second a
   * bot). Off only to measure the runtime's own capacity against the fake Bot API (`npm run bench`).
   */
  shopThrottle: boolean;
  /** How the shop bots try again a call Telegram failed for a moment (lib/telegram/retry.ts). */
  telegramRetry: RetryPolicy;
  /**
   * Redis, shared by several server processes: rate-limit counters live there (in memory without it, or while
   * it is unreachable).
   */
  redisUrl: string | undefined;
  /** An S3-compatible bucket for uploads, shared by every server process; null: the local folder DATA_DIR/media. */
  s3: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
  } | null;
  /** The NOWPayments-compatible crypto provider (Litecoin); demo mode uses the fake one it serves itself. */
  nowPayments: { apiUrl: string; apiKey: string; ipnSecret: string } | null;
  /**
   * Where e-mail notifications go out (SMTP_URL); null: none are sent, except in demo mode, where main.ts starts
   * an in-process catcher and reads them on its mailbox page.
   */
  smtpUrl: string | null;
  /** The From of the platform's e-mails (MAIL_FROM). */
  mailFrom: string;
  /**
   * The card provider (Stripe-compatible, lib/card-provider.ts): the server's URL and secret key, and what the
   * browser gets: the publishable key and the URL it posts card details to. null: cards are not offered.
   */
  cardProvider: { apiUrl: string; secretKey: string; publishableKey: string; browserUrl: string } | null;
  /**
   * Outbound webhooks may go to loopback and private addresses (and plain http): off by default, on in demo mode.
   * For a private deployment or tests; a public server keeps it off (SSRF).
   */
  webhooksAllowPrivate: boolean;
};

/** The fake card provider's keys in demo mode (it only ever talks to itself). */
export const DEMO_CARD_PROVIDER = { secretKey: 'sk_test_demo_fake', publishableKey: 'pk_test_demo_fake' };

/** The fake crypto provider's key and IPN secret in demo mode (it only ever talks to itself). */
export const DEMO_NOWPAYMENTS = { apiKey: 'demo-nowpayments-key', ipnSecret: 'demo-nowpayments-ipn-secret' };

/** The token demo mode signs init data with. It only ever talks to the fake Bot API. */
export const DEMO_PLATFORM_BOT_TOKEN = '1000000001:DEMOplatformBotTokenNotForProduction';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the environment; throws ConfigError listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(emptyAsUnset(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const demo = e.TELEGRAM_BOT_TOKEN === undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    demo,
    platformBotToken: e.TELEGRAM_BOT_TOKEN ?? DEMO_PLATFORM_BOT_TOKEN,
    telegramApiRoot:
      e.TELEGRAM_API_ROOT ?? (demo ? `http://127.0.0.1:${e.PORT}/fake-telegram` : TELEGRAM_API),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appSecret: e.APP_SECRET ?? readOrCreateSecret(dataDir),
    initDataMaxAgeS: e.INIT_DATA_MAX_AGE_S,
    logLevel: e.LOG_LEVEL,
    corsOrigins:
      e.CORS_ORIGINS?.split(',')
        .map((o) => o.trim())
        .filter(Boolean) ?? [],
    trustProxy: e.TRUST_PROXY === 'true',
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    starsPerUsd: e.STARS_PER_USD,
    shopCatalogueCacheMs: e.SHOP_CATALOGUE_CACHE_MS,
    readCacheMs: e.READ_CACHE_MS,
    shopThrottle: e.SHOP_THROTTLE === 'on',
    telegramRetry: TELEGRAM_RETRY,
    redisUrl: e.REDIS_URL,
    s3: s3Of(e),
    nowPayments: nowPaymentsOf(e, demo),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    cardProvider: cardProviderOf(e, demo),
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE ? e.WEBHOOKS_ALLOW_PRIVATE === 'true' : demo,
  };
}

// S3 needs the endpoint, the bucket and both keys; some of them alone is a mistake, not the local folder.
function s3Of(e: z.infer<typeof Env>): Config['s3'] {
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId } = e;
  const secretAccessKey = e.S3_SECRET_ACCESS_KEY;
  if (!endpoint && !bucket && !accessKeyId && !secretAccessKey) return null;
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey)
    throw new ConfigError(['S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together']);
  return { endpoint, bucket, region: e.S3_REGION, accessKeyId, secretAccessKey };
}

// Litecoin needs the provider's URL, key and IPN secret; demo mode defaults to its own fake provider.
function nowPaymentsOf(e: z.infer<typeof Env>, demo: boolean): Config['nowPayments'] {
  const apiUrl = e.NOWPAYMENTS_API_URL ?? (demo ? `http://127.0.0.1:${e.PORT}/fake-nowpayments` : undefined);
  const apiKey = e.NOWPAYMENTS_API_KEY ?? (demo ? DEMO_NOWPAYMENTS.apiKey : undefined);
  const ipnSecret = e.NOWPAYMENTS_IPN_SECRET ?? (demo ? DEMO_NOWPAYMENTS.ipnSecret : undefined);
  if (!apiUrl || !apiKey || !ipnSecret) return null;
  return { apiUrl: apiUrl.replace(/\/$/, ''), apiKey, ipnSecret };
}

// Cards need the provider's URL and both keys; demo mode defaults to its own fake provider, which the browser
// reaches on the app's own origin.
function cardProviderOf(e: z.infer<typeof Env>, demo: boolean): Config['cardProvider'] {
  if (e.CARD_PROVIDER_URL && e.CARD_PROVIDER_KEY && e.CARD_PROVIDER_PUBLISHABLE_KEY) {
    const apiUrl = e.CARD_PROVIDER_URL.replace(/\/$/, '');
    return {
      apiUrl,
      secretKey: e.CARD_PROVIDER_KEY,
      publishableKey: e.CARD_PROVIDER_PUBLISHABLE_KEY,
      browserUrl: apiUrl,
    };
  }
  if (!demo) return null;
  return {
    apiUrl: `http://127.0.0.1:${e.PORT}/fake-card-provider`,
    ...DEMO_CARD_PROVIDER,
    browserUrl: '/fake-card-provider',
  };
}

// `PORT=` in a shell or .env file means "not set", not "the empty string".
function emptyAsUnset(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((kv): kv is [string, string] => Boolean(kv[1])));
}

// A secret generated once and kept beside the data, so tokens and encrypted bot tokens survive restarts.
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
