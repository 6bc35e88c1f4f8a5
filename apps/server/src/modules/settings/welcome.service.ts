import { DEFAULT_WELCOME_MESSAGE } from '@app/contracts/bots';
import type { WelcomeMessage } from '@app/contracts/settings';
import type { Actor } from '../../lib/actor';
import * as repo from './settings.repository';
import { botOf, changedKeys, recordSettingsSaved, type SettingsDeps } from './settings-section';

// The welcome message: the text keeps its one home, bots.welcome_message (written through the bots
// service); the quick-reply buttons live in bot_settings.

/** The text the vendor saved (blank included) and the quick-reply buttons. */
export async function getWelcome(deps: SettingsDeps, actor: Actor, botId: string): Promise<WelcomeMessage> {
  const bot = await botOf(deps, actor, botId);
  const row = await repo.findSettings(deps.db, bot.vendorId, bot.id);
  return { text: bot.welcomeMessage, buttons: row?.welcomeButtons ?? [] };
}

/** The text goes to the bot's own column (bots.welcome_message), the buttons here, in one transaction. */
export async function saveWelcome(
  deps: SettingsDeps,
  actor: Actor,
  botId: string,
  welcome: WelcomeMessage,
): Promise<WelcomeMessage> {
  const bot = await botOf(deps, actor, botId);
  return deps.db.transaction(async (tx) => {
    const row = await repo.findSettings(tx, bot.vendorId, bot.id);
    const before = { text: bot.welcomeMessage, buttons: row?.welcomeButtons ?? [] };
    await deps.bots.setWelcomeText(tx, bot.vendorId, bot.id, welcome.text);
    await repo.upsertSettings(tx, bot.vendorId, bot.id, { welcomeButtons: welcome.buttons });
    await recordSettingsSaved(tx, actor, bot, 'welcome', changedKeys(before, welcome));
    return welcome;
  });
}

/**
 * For the shop runtime: the text and quick-reply buttons the bot sends on /start, or null for an unknown or
 * deleted bot. Telegram refuses an empty message, so a text left blank is sent as the default welcome.
 */
export async function getWelcomeMessage(deps: SettingsDeps, botId: string): Promise<WelcomeMessage | null> {
  const bot = await deps.bots.basicsById(botId);
  if (!bot) return null;
  const row = await repo.findSettingsByBot(deps.db, botId);
  const text = bot.welcomeMessage.trim() === '' ? DEFAULT_WELCOME_MESSAGE : bot.welcomeMessage;
  return { text, buttons: row?.welcomeButtons ?? [] };
}
