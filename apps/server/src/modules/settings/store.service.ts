import { STORE_DEFAULTS, type StoreDetails } from '@app/contracts/settings';
import type { Actor } from '../../lib/actor';
import * as repo from './settings.repository';
import { botOf, changedKeys, recordSettingsSaved, type SettingsDeps } from './settings-section';

// Store details: the shop's name, tagline, colours and contacts (spec part 2 §2.3). A bot that saved none
// answers the defaults.

const storeOf = (row: repo.SettingsRow | undefined): StoreDetails => ({ ...STORE_DEFAULTS, ...row?.store });

/**
 * The bot's store details, the defaults filling what was never saved. Store details never saved open with
 * the bot's own name as the store's, so the vendor does not start from an empty form.
 */
export async function getStore(deps: SettingsDeps, actor: Actor, botId: string): Promise<StoreDetails> {
  const bot = await botOf(deps, actor, botId);
  const row = await repo.findSettings(deps.db, bot.vendorId, bot.id);
  const store = storeOf(row);
  const neverSaved = !row || Object.keys(row.store).length === 0;
  return neverSaved && !store.storeName ? { ...store, storeName: bot.name } : store;
}

/** Replaces the store details with `store` (already validated and defaulted by the contract). */
export async function saveStore(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
  store: StoreDetails,
): Promise<StoreDetails> {
  const bot = await botOf(deps, actor, botId);
  return deps.db.transaction(async (tx) => {
    const before = storeOf(await repo.findSettings(tx, bot.vendorId, bot.id));
    const row = await repo.upsertSettings(tx, bot.vendorId, bot.id, { store });
    await recordSettingsSaved(tx, actor, bot, 'store', changedKeys(before, store));
    return storeOf(row);
  });
}

/** For the shop runtime: the store details by bot id alone, or null for an unknown or deleted bot. */
export async function getStoreDetails(deps: SettingsDeps, botId: string): Promise<StoreDetails | null> {
  const bot = await deps.bots.basicsById(botId);
  if (!bot) return null;
  return storeOf(await repo.findSettingsByBot(deps.db, botId));
}
