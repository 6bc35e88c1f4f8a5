import {
  SETTINGS_LIMITS,
  SHIPPING_REGIONS,
  type ShippingMethod,
  type ShippingMethodBody,
  type ShippingOverview,
  type ShippingQuote,
  type ShippingRegion,
} from '@app/contracts/settings';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { BotBasics } from '../bots/bot-settings.service';
import * as repo from './settings.repository';
import { botOf, invalid, recordSettingsSaved, type SettingsDeps } from './settings-section';

// Shipping: the methods (bot_shipping_methods, prices in minor units of the bot's currency), the tracking flag
// and the free-shipping threshold (bot_settings), and the quote both the screen and the runtime answer.

function toShippingMethod(row: repo.ShippingMethodRow, currency: string): ShippingMethod {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceMinor: row.priceMinor,
    currency,
    estimatedDays: row.estimatedDays,
    regions: row.regions,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
  };
}

const thresholdOf = (row: repo.SettingsRow | undefined) =>
  row?.freeShippingThresholdMinor ?? SETTINGS_LIMITS.defaultFreeShippingThreshold * 100;

/** Shipping zones: each region with the number of enabled methods covering it. */
function zonesOf(methods: readonly repo.ShippingMethodRow[]) {
  return SHIPPING_REGIONS.map((region) => ({
    region,
    methods: methods.filter((m) => m.enabled && m.regions.includes(region)).length,
  }));
}

function quoteOf(
  methods: readonly repo.ShippingMethodRow[],
  settings: repo.SettingsRow | undefined,
  currency: string,
  region: ShippingRegion,
  subtotalMinor: number,
): ShippingQuote {
  const threshold = thresholdOf(settings);
  // A threshold of 0 turns free shipping off rather than making everything free.
  const freeShipping = threshold > 0 && subtotalMinor >= threshold;
  return {
    region,
    currency,
    subtotalMinor,
    freeShipping,
    options: methods
      .filter((m) => m.enabled && m.regions.includes(region))
      .map((m) => ({
        methodId: m.id,
        name: m.name,
        description: m.description,
        estimatedDays: m.estimatedDays,
        priceMinor: freeShipping ? 0 : m.priceMinor,
      })),
  };
}

async function shippingOverview(deps: SettingsDeps, bot: BotBasics): Promise<ShippingOverview> {
  const [methods, settings] = await Promise.all([
    repo.listMethods(deps.db, bot.vendorId, bot.id),
    repo.findSettings(deps.db, bot.vendorId, bot.id),
  ]);
  return {
    currency: bot.currency,
    methods: methods.map((m) => toShippingMethod(m, bot.currency)),
    settings: {
      trackingEnabled: settings?.trackingEnabled ?? false,
      freeShippingThresholdMinor: thresholdOf(settings),
    },
    zones: zonesOf(methods),
  };
}

/** The bot's methods, its shipping settings (defaults filled in) and its zones. */
export async function getShipping(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
): Promise<ShippingOverview> {
  return shippingOverview(deps, await botOf(deps, actor, botId));
}

/** Adds a method (regions deduplicated), up to the spec's limit of methods per bot. */
export async function addShippingMethod(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
  body: ShippingMethodBody,
): Promise<ShippingMethod> {
  const bot = await botOf(deps, actor, botId);
  return deps.db.transaction(async (tx) => {
    const existing = await repo.listMethods(tx, bot.vendorId, bot.id);
    if (existing.length >= SETTINGS_LIMITS.shippingMethodsMax) {
      invalid('name', `A bot can have at most ${SETTINGS_LIMITS.shippingMethodsMax} shipping methods.`);
    }
    const { price, ...rest } = body;
    const row = await repo.insertMethod(tx, {
      vendorId: bot.vendorId,
      botId: bot.id,
      ...rest,
      regions: [...new Set(rest.regions)],
      priceMinor: price,
    });
    await recordSettingsSaved(tx, actor, bot, 'shipping', ['methods'], { added: row.name });
    return toShippingMethod(row, bot.currency);
  });
}

/** Changes the fields given; SHIPPING_METHOD_NOT_FOUND when the bot has no such method. */
export async function updateShippingMethod(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
  methodId: string,
  body: Partial<ShippingMethodBody>,
): Promise<ShippingMethod> {
  const bot = await botOf(deps, actor, botId);
  const { price, regions, ...rest } = body;
  const changes: repo.ShippingMethodChanges = { ...rest };
  if (price !== undefined) changes.priceMinor = price;
  if (regions !== undefined) changes.regions = [...new Set(regions)];
  return deps.db.transaction(async (tx) => {
    const row = await repo.updateMethod(tx, bot.vendorId, bot.id, methodId, changes);
    if (!row) throw new AppError('SHIPPING_METHOD_NOT_FOUND');
    await recordSettingsSaved(tx, actor, bot, 'shipping', Object.keys(body), { method: row.name });
    return toShippingMethod(row, bot.currency);
  });
}

/** Removes a method; SHIPPING_METHOD_NOT_FOUND when the bot has no such method. */
export async function removeShippingMethod(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
  methodId: string,
): Promise<void> {
  const bot = await botOf(deps, actor, botId);
  await deps.db.transaction(async (tx) => {
    const row = await repo.deleteMethod(tx, bot.vendorId, bot.id, methodId);
    if (!row) throw new AppError('SHIPPING_METHOD_NOT_FOUND');
    await recordSettingsSaved(tx, actor, bot, 'shipping', ['methods'], { removed: row.name });
  });
}

/** Saves the tracking flag and the free-shipping threshold; the event names only what changed. */
export async function saveShippingSettings(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
  body: { trackingEnabled: boolean; freeShippingThreshold: number },
): Promise<ShippingOverview> {
  const bot = await botOf(deps, actor, botId);
  await deps.db.transaction(async (tx) => {
    const before = await repo.findSettings(tx, bot.vendorId, bot.id);
    const fields = [
      ...((before?.trackingEnabled ?? false) !== body.trackingEnabled ? ['trackingEnabled'] : []),
      ...(thresholdOf(before) !== body.freeShippingThreshold ? ['freeShippingThreshold'] : []),
    ];
    await repo.upsertSettings(tx, bot.vendorId, bot.id, {
      trackingEnabled: body.trackingEnabled,
      freeShippingThresholdMinor: body.freeShippingThreshold,
    });
    await recordSettingsSaved(tx, actor, bot, 'shipping', fields);
  });
  return shippingOverview(deps, bot);
}

/** The options a customer in `region` would be offered for `subtotalMinor` (free at or above the threshold). */
export async function quote(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
  region: ShippingRegion,
  subtotalMinor: number,
): Promise<ShippingQuote> {
  const bot = await botOf(deps, actor, botId);
  const [methods, settings] = await Promise.all([
    repo.listMethods(deps.db, bot.vendorId, bot.id),
    repo.findSettings(deps.db, bot.vendorId, bot.id),
  ]);
  return quoteOf(methods, settings, bot.currency, region, subtotalMinor);
}

/**
 * For the shop runtime: the options to answer Telegram's shipping_query with, or null for an unknown or
 * deleted bot.
 */
export async function quoteShipping(
  deps: SettingsDeps,
  botId: string,
  region: ShippingRegion,
  subtotalMinor: number,
): Promise<ShippingQuote | null> {
  const bot = await deps.bots.basicsById(botId);
  if (!bot) return null;
  const [methods, settings] = await Promise.all([
    repo.listMethodsByBot(deps.db, botId),
    repo.findSettingsByBot(deps.db, botId),
  ]);
  return quoteOf(methods, settings, bot.currency, region, subtotalMinor);
}

/** The names of the bot's enabled shipping methods: the bot page's Integrations tab. */
export async function enabledMethodNames(
  deps: SettingsDeps,
  vendorId: string,
  botId: string,
): Promise<string[]> {
  return (await repo.listMethods(deps.db, vendorId, botId)).filter((m) => m.enabled).map((m) => m.name);
}

/**
 * For the shop runtime: the zones the bot's enabled shipping methods cover, in the settings' order (a
 * cash-on-delivery customer picks theirs, where Telegram Payments reads it from the address).
 */
export async function shippingRegionsOf(deps: SettingsDeps, botId: string): Promise<ShippingRegion[]> {
  const methods = await repo.listMethodsByBot(deps.db, botId);
  const covered = new Set(methods.filter((m) => m.enabled).flatMap((m) => m.regions));
  return SHIPPING_REGIONS.filter((r) => covered.has(r));
}
