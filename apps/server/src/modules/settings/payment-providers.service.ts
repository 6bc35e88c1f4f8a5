import { type ProductType, ProductType as ProductTypeSchema } from '@app/contracts/catalogue';
import {
  type ConfigureProviderBody,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  type PaymentProviderId,
  PaymentProviderId as PaymentProviderIdSchema,
  type PaymentProviders,
  PROVIDER_CURRENCIES,
  type ProviderCurrency,
  SETTINGS_MESSAGES,
} from '@app/contracts/settings';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import * as repo from './settings.repository';
import { botOf, invalid, recordSettingsSaved, type SettingsDeps } from './settings-section';

const PRODUCT_TYPES = ProductTypeSchema.options;

// Payment providers (spec part 2 §4): one row per configured provider in bot_payment_providers, its secrets
// sealed with the deps' secrets and never answered. A provider without a row shows its defaults.

/** The provider secrets the shop runtime needs to take a payment; never leave the server otherwise. */
export type ProviderSecrets = { providerToken?: string; apiKey?: string; ipnSecret?: string };

/** An enabled provider as the runtime uses it, secrets decrypted. */
export type RuntimePaymentProvider = {
  id: PaymentProviderId;
  kind: PaymentProvider['kind'];
  goods: PaymentProvider['goods'];
  currencies: ProviderCurrency[];
  testMode: boolean;
  secrets: ProviderSecrets;
};

/** The providers' defaults: Stars on (digital goods need them), cash on delivery ready to switch on. */
function providerView(id: PaymentProviderId, row: repo.ProviderRow | undefined, botCurrency: string) {
  const spec = PAYMENT_PROVIDERS[id];
  const fallbackCurrency = (PROVIDER_CURRENCIES as readonly string[]).includes(botCurrency)
    ? (botCurrency as ProviderCurrency)
    : 'USD';
  const needsNothing = spec.kind === 'stars' || spec.kind === 'none';
  const provider: PaymentProvider = {
    id,
    kind: spec.kind,
    goods: spec.goods,
    fees: { ...spec.fees },
    enabled: row?.enabled ?? spec.kind === 'stars',
    configured: row?.configured ?? needsNothing,
    currencies: spec.kind === 'stars' ? [] : (row?.currencies ?? (needsNothing ? [fallbackCurrency] : [])),
    hasSecret: Boolean(row?.secretsCiphertext),
    testMode: row?.testMode ?? false,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
  return provider;
}

function sealedSecrets(deps: SettingsDeps, row: repo.ProviderRow | undefined): ProviderSecrets {
  return row?.secretsCiphertext
    ? (JSON.parse(deps.secrets.decrypt(row.secretsCiphertext)) as ProviderSecrets)
    : {};
}

async function providerRows(deps: SettingsDeps, vendorId: string, botId: string) {
  const rows = await repo.listProviders(deps.db, vendorId, botId);
  return new Map(rows.map((r) => [r.provider, r]));
}

/** The secrets a configuration keeps: the new ones given, else the stored ones; refuses what is missing. */
function secretsFor(
  id: PaymentProviderId,
  body: ConfigureProviderBody,
  stored: ProviderSecrets,
): ProviderSecrets | null {
  const kind = PAYMENT_PROVIDERS[id].kind;
  if (kind === 'telegram_token') {
    const providerToken = body.providerToken || stored.providerToken;
    if (!providerToken) invalid('providerToken', SETTINGS_MESSAGES.providerTokenRequired);
    return { providerToken };
  }
  if (kind === 'crypto') {
    const apiKey = body.apiKey || stored.apiKey;
    const ipnSecret = body.ipnSecret || stored.ipnSecret;
    if (!apiKey || !ipnSecret) invalid(apiKey ? 'ipnSecret' : 'apiKey', SETTINGS_MESSAGES.cryptoKeysRequired);
    return { apiKey, ipnSecret };
  }
  return null;
}

/**
 * Whether an enabled provider can take payment for a product type in `currency`, by Telegram's rules as the
 * shop's rails apply them (modules/shop/payments/rails.ts): digital goods by Stars only; physical goods and
 * services by a Telegram Payments token or crypto keys in that currency; physical goods also cash on delivery.
 */
function takes(p: PaymentProvider, type: ProductType, currency: string): boolean {
  if (!p.enabled || !p.configured) return false;
  if (type === 'digital') return p.kind === 'stars';
  const inCurrency = (p.currencies as readonly string[]).includes(currency);
  if (p.kind === 'telegram_token' || p.kind === 'crypto') return inCurrency && p.hasSecret;
  if (p.kind === 'none') return type === 'physical' && inCurrency;
  return false;
}

/** Every provider, configured or not, without its secrets; and the types the bot sells that none can take. */
export async function getProviders(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
): Promise<PaymentProviders> {
  const bot = await botOf(deps, actor, botId);
  const [rows, sold] = await Promise.all([
    providerRows(deps, bot.vendorId, bot.id),
    deps.productTypesSold?.(bot.vendorId, bot.id) ?? ([] as ProductType[]),
  ]);
  const providers = PaymentProviderIdSchema.options.map((id) => providerView(id, rows.get(id), bot.currency));
  const unpayable = PRODUCT_TYPES.filter(
    (type) => sold.includes(type) && !providers.some((p) => takes(p, type, bot.currency)),
  );
  return { providers, unpayable };
}

/**
 * Saves a provider's configuration, which also enables it (spec part 2 §4). A new Telegram Payments
 * provider token is tried with Telegram first; secrets are stored sealed and never answered.
 */
export async function configureProvider(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
  id: PaymentProviderId,
  body: ConfigureProviderBody,
): Promise<PaymentProvider> {
  const bot = await botOf(deps, actor, botId);
  const row = (await providerRows(deps, bot.vendorId, bot.id)).get(id);
  const current = providerView(id, row, bot.currency);
  const kept = secretsFor(id, body, sealedSecrets(deps, row));
  const currencies = PAYMENT_PROVIDERS[id].kind === 'stars' ? [] : (body.currencies ?? current.currencies);
  if (PAYMENT_PROVIDERS[id].kind !== 'stars' && currencies.length === 0) {
    invalid('currencies', SETTINGS_MESSAGES.providerCurrenciesRequired);
  }
  if (body.providerToken && kept?.providerToken) {
    await deps.bots.checkProviderToken(bot.vendorId, bot.id, kept.providerToken, currencies[0] ?? 'USD');
  }
  const fields = Object.keys(body).map((k) =>
    k === 'providerToken' || k === 'apiKey' || k === 'ipnSecret' ? 'secret' : k,
  );
  return deps.db.transaction(async (tx) => {
    const saved = await repo.upsertProvider(tx, {
      vendorId: bot.vendorId,
      botId: bot.id,
      provider: id,
      enabled: true,
      configured: true,
      currencies,
      testMode: body.testMode ?? current.testMode,
      secretsCiphertext: kept ? deps.secrets.encrypt(JSON.stringify(kept)) : null,
    });
    await recordSettingsSaved(tx, actor, bot, 'payments', [...new Set(fields)], {
      provider: id,
      enabled: true,
    });
    return providerView(id, saved, bot.currency);
  });
}

/** Flips a configured provider; an unconfigured one must be configured first; Stars stay on. */
export async function toggleProvider(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
  id: PaymentProviderId,
  enabled: boolean,
): Promise<PaymentProvider> {
  const bot = await botOf(deps, actor, botId);
  const row = (await providerRows(deps, bot.vendorId, bot.id)).get(id);
  const current = providerView(id, row, bot.currency);
  if (id === 'stars' && !enabled) throw new AppError('PAYMENT_PROVIDER_LOCKED');
  if (enabled && !current.configured) throw new AppError('PAYMENT_PROVIDER_NOT_CONFIGURED');
  return deps.db.transaction(async (tx) => {
    const saved = await repo.upsertProvider(tx, {
      vendorId: bot.vendorId,
      botId: bot.id,
      provider: id,
      enabled,
      configured: current.configured,
      currencies: current.currencies,
      testMode: current.testMode,
      secretsCiphertext: row?.secretsCiphertext ?? null,
    });
    await recordSettingsSaved(tx, actor, bot, 'payments', ['enabled'], { provider: id, enabled });
    return providerView(id, saved, bot.currency);
  });
}

/**
 * For the shop runtime: the enabled and configured providers with their secrets decrypted (for taking a
 * payment, never for a response), or null for an unknown or deleted bot.
 */
export async function getPaymentProviders(
  deps: SettingsDeps,
  botId: string,
): Promise<RuntimePaymentProvider[] | null> {
  const bot = await deps.bots.basicsById(botId);
  if (!bot) return null;
  const rows = new Map((await repo.listProvidersByBot(deps.db, botId)).map((r) => [r.provider, r]));
  return PaymentProviderIdSchema.options
    .map((id) => ({ id, row: rows.get(id), view: providerView(id, rows.get(id), bot.currency) }))
    .filter(({ view }) => view.enabled && view.configured)
    .map(({ id, row, view }) => ({
      id,
      kind: view.kind,
      goods: view.goods,
      currencies: view.currencies,
      testMode: view.testMode,
      secrets: sealedSecrets(deps, row),
    }));
}

/**
 * The ids of the bot's providers a customer can pay with now (enabled and configured), in the screen's order:
 * the bot page's Integrations tab.
 */
export async function liveProviderIds(
  deps: SettingsDeps,
  vendorId: string,
  botId: string,
  currency: string,
): Promise<PaymentProviderId[]> {
  const rows = new Map((await repo.listProviders(deps.db, vendorId, botId)).map((r) => [r.provider, r]));
  return PaymentProviderIdSchema.options.filter((id) => {
    const view = providerView(id, rows.get(id), currency);
    return view.enabled && view.configured;
  });
}
