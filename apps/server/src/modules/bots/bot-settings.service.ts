import { DEFAULT_WELCOME_MESSAGE } from '@app/contracts/bots';
import type { Tx } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { sha256Hex } from '../../lib/secrets';
import { TelegramApiError } from '../../lib/telegram/bot-api';
import { recordEvent } from '../events/record-event';
import { mustFindBot, settingsEvent } from './bot-changes';
import { type BotStartDeps, pointWebhookHere, webhookUrlOf } from './bot-lifecycle.service';
import { replaceToken } from './bot-registration.service';
import { telegramFailure, verifyToken } from './bot-telegram';
import { maskToken } from './bot-view';
import * as repo from './bots.repository';

// For the per-bot settings (modules/settings): the bot's own columns stay this module's.

/** A bot as the settings module and the shop runtime need it: never the token, only its masked form. */
export type BotBasics = {
  id: string;
  vendorId: string;
  telegramBotId: number;
  username: string;
  name: string;
  isActive: boolean;
  webhookUrl: string | null;
  currency: string;
  welcomeMessage: string;
  maskedToken: string;
};

export type ConnectionTestResult = {
  connected: boolean;
  username: string | null;
  firstName: string | null;
  error: string | null;
};

function basicsOf(row: repo.BotRow, token: string): BotBasics {
  return {
    id: row.id,
    vendorId: row.vendorId,
    telegramBotId: row.telegramBotId,
    username: row.username,
    name: row.name,
    isActive: row.isActive,
    webhookUrl: row.webhookUrl,
    currency: row.currency,
    welcomeMessage: row.welcomeMessage ?? DEFAULT_WELCOME_MESSAGE,
    maskedToken: maskToken(token),
  };
}

/** What the settings screens show of a bot; BOT_NOT_FOUND for another vendor's. */
export async function botBasics(deps: BotStartDeps, vendorId: string, botId: string): Promise<BotBasics> {
  const row = await mustFindBot(deps.db, vendorId, botId);
  return basicsOf(row, deps.secrets.decrypt(row.tokenCiphertext));
}

/** The same, by bot id alone, for the shop runtime; null for a deleted or unknown bot. */
export async function botBasicsById(deps: BotStartDeps, botId: string): Promise<BotBasics | null> {
  const row = await repo.findBotById(deps.db, botId);
  return row ? basicsOf(row, deps.secrets.decrypt(row.tokenCiphertext)) : null;
}

/** Stores the welcome text (its one home is bots.welcome_message) in the caller's transaction. */
export async function setWelcomeText(tx: Tx, vendorId: string, botId: string, text: string): Promise<void> {
  const updated = await repo.updateBot(tx, vendorId, botId, { welcomeMessage: text });
  if (!updated) throw new AppError('BOT_NOT_FOUND');
}

/**
 * Replaces the token from the Bot Token screen: getMe must name the same Telegram bot (BOT_TOKEN_MISMATCH
 * otherwise: its orders and customers belong to this one). Recorded as settings.updated.
 */
export async function replaceTokenFromSettings(
  deps: BotStartDeps,
  actor: Actor,
  botId: string,
  token: string,
): Promise<BotBasics> {
  const row = await mustFindBot(deps.db, actor.vendorId, botId);
  if (sha256Hex(token) === row.tokenHash) return basicsOf(row, token);
  const columns = await replaceToken(deps, row, token);
  const updated = await deps.db.transaction(async (tx) => {
    const saved = await repo.updateBot(tx, row.vendorId, row.id, columns);
    if (!saved) throw new AppError('BOT_NOT_FOUND');
    await recordEvent(tx, settingsEvent(actor, saved, { section: 'token', fields: 'token' }));
    return saved;
  });
  return basicsOf(updated, token);
}

/** Asks Telegram's getMe with the stored token; reports the answer rather than throwing it. */
export async function testConnection(
  deps: BotStartDeps,
  vendorId: string,
  botId: string,
): Promise<ConnectionTestResult> {
  const row = await mustFindBot(deps.db, vendorId, botId);
  const answer = await verifyToken(deps.botApi, deps.secrets.decrypt(row.tokenCiphertext), row.telegramBotId);
  return {
    connected: answer.valid,
    username: answer.botInfo?.username ?? null,
    firstName: answer.botInfo?.firstName ?? null,
    error: answer.error,
  };
}

/** Sets a running bot's webhook again with a new secret ("webhook update"). BOT_NOT_RUNNING when stopped. */
export async function refreshWebhook(deps: BotStartDeps, actor: Actor, botId: string): Promise<BotBasics> {
  const row = await mustFindBot(deps.db, actor.vendorId, botId);
  if (!row.isActive) throw new AppError('BOT_NOT_RUNNING');
  const token = deps.secrets.decrypt(row.tokenCiphertext);
  await pointWebhookHere(deps, row, token);
  const updated = await deps.db.transaction(async (tx) => {
    const saved = await repo.updateBot(tx, row.vendorId, row.id, {
      webhookUrl: webhookUrlOf(deps, row.id),
    });
    if (!saved) throw new AppError('BOT_NOT_FOUND');
    await recordEvent(tx, settingsEvent(actor, saved, { section: 'token', action: 'webhook_updated' }));
    return saved;
  });
  return basicsOf(updated, token);
}

/**
 * Checks a Telegram Payments provider token with a zero-risk createInvoiceLink (a link nobody is sent).
 * PAYMENT_PROVIDER_TOKEN_REFUSED when Telegram refuses it; the token never appears in an error.
 */
export async function checkProviderToken(
  deps: BotStartDeps,
  vendorId: string,
  botId: string,
  providerToken: string,
  currency: string,
): Promise<void> {
  const row = await mustFindBot(deps.db, vendorId, botId);
  try {
    await deps.botApi.call<string>(deps.secrets.decrypt(row.tokenCiphertext), 'createInvoiceLink', {
      title: 'Provider check',
      description: 'Checks the payment provider token; never sent to anyone.',
      payload: 'provider-check',
      provider_token: providerToken,
      currency,
      prices: [{ label: 'Check', amount: 100 }],
    });
  } catch (err) {
    if (err instanceof TelegramApiError && err.errorCode === 400) {
      throw new AppError('PAYMENT_PROVIDER_TOKEN_REFUSED');
    }
    telegramFailure(err);
  }
}
