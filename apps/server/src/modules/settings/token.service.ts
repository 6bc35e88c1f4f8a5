import type { BotTokenInfo } from '@app/contracts/settings';
import type { Actor } from '../../lib/actor';
import type { BotBasics } from '../bots/bot-settings.service';
import * as repo from './settings.repository';
import { botOf, nowOf, recordSettingsSaved, type SettingsDeps } from './settings-section';

// The bot token screen. The token columns stay the bots module's: replacing the token, testing the
// connection and updating the webhook are bots-service calls; "clear cache" is this module's own.

function tokenInfo(bot: BotBasics, row: repo.SettingsRow | undefined): BotTokenInfo {
  return {
    maskedToken: bot.maskedToken,
    username: bot.username,
    name: bot.name,
    telegramBotId: bot.telegramBotId,
    isActive: bot.isActive,
    webhookUrl: bot.webhookUrl,
    cacheClearedAt: row?.cacheClearedAt?.toISOString() ?? null,
  };
}

/** The bot's token masked (never in clear), its webhook and when its cache was last cleared. */
export async function getToken(deps: SettingsDeps, actor: Actor, botId: string): Promise<BotTokenInfo> {
  const bot = await botOf(deps, actor, botId);
  return tokenInfo(bot, await repo.findSettings(deps.db, bot.vendorId, bot.id));
}

/** Replaces the token through the bots service (getMe must name the same bot) and answers the new info. */
export async function replaceToken(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
  token: string,
): Promise<BotTokenInfo> {
  const bot = await deps.bots.replaceTokenFromSettings(actor, botId, token);
  return tokenInfo(bot, await repo.findSettings(deps.db, bot.vendorId, bot.id));
}

/** Asks Telegram's getMe with the stored token; reports the answer rather than throwing it. */
export const testConnection = (deps: SettingsDeps, actor: Actor, botId: string) =>
  deps.bots.testConnection(actor.vendorId, botId);

/** Sets a running bot's webhook again (the bots service) and answers the new info. */
export async function updateWebhook(deps: SettingsDeps, actor: Actor, botId: string): Promise<BotTokenInfo> {
  const bot = await deps.bots.refreshWebhook(actor, botId);
  return tokenInfo(bot, await repo.findSettings(deps.db, bot.vendorId, bot.id));
}

/**
 * "Clear cache": from now on the runtime drops what it cached of this bot (getMe, conversation states)
 * before this time (see cacheClearedAt); the shop runtime is told after commit.
 */
export async function clearCache(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
): Promise<{ cacheClearedAt: string }> {
  const bot = await botOf(deps, actor, botId);
  const at = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    await repo.upsertSettings(tx, bot.vendorId, bot.id, { cacheClearedAt: at });
    await recordSettingsSaved(tx, actor, bot, 'token', [], { action: 'cache_cleared' });
  });
  deps.onCacheCleared?.(bot.id);
  return { cacheClearedAt: at.toISOString() };
}

/** For the shop runtime: cached bot info and conversation states older than this are to be dropped. */
export async function cacheClearedAt(deps: SettingsDeps, botId: string): Promise<Date | null> {
  return (await repo.findSettingsByBot(deps.db, botId))?.cacheClearedAt ?? null;
}
