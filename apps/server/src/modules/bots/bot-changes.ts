import type { Db } from '../../db/types';
import { type Actor, eventActorOf } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { type EventActor, SYSTEM_ACTOR } from '../events/record-event';
import * as repo from './bots.repository';

// What every change to a bot shares: finding it, who made the change, its event, and how to undo it.

/** The vendor's live bot; BOT_NOT_FOUND for a deleted, unknown or another vendor's bot. */
export async function mustFindBot(db: Db, vendorId: string, botId: string): Promise<repo.BotRow> {
  const row = await repo.findBot(db, vendorId, botId);
  if (!row) throw new AppError('BOT_NOT_FOUND');
  return row;
}

/** A write that collided with another live bot's token or username, as the error the vendor sees. */
export function conflictFailure(err: unknown): never {
  const taken = repo.takenKeyOf(err);
  if (taken === 'token') throw new AppError('BOT_TOKEN_ALREADY_REGISTERED');
  if (taken === 'username') throw new AppError('BOT_USERNAME_TAKEN');
  throw err;
}

/** Who a bot change is recorded for: a signed-in caller, or nobody (the system, e.g. an ended subscription). */
export type ChangedBy = Pick<Actor, 'vendorId' | 'apiKey'> & {
  telegramId: number | null;
  kind?: Actor['kind'];
};

type BotEventType = 'bot.created' | 'bot.started' | 'bot.stopped' | 'bot.updated' | 'bot.deleted';

const eventActor = (by: ChangedBy): EventActor =>
  by.telegramId === null
    ? SYSTEM_ACTOR
    : eventActorOf({ kind: by.kind ?? 'owner', telegramId: by.telegramId, apiKey: by.apiKey });

/** The domain event of a change to a bot, recorded in the change's transaction. */
export const botEvent = (
  by: ChangedBy,
  row: repo.BotRow,
  type: BotEventType,
  payload: Record<string, string | number | boolean | null> = {},
) => ({
  vendorId: row.vendorId,
  botId: row.id,
  type,
  actor: eventActor(by),
  subject: { kind: 'bot' as const, id: row.id },
  payload: { botUsername: row.username, ...payload },
});

/** A per-bot settings change made here (the token screen), as the settings module records its own. */
export function settingsEvent(actor: Actor, row: repo.BotRow, payload: Record<string, string>) {
  return {
    vendorId: row.vendorId,
    botId: row.id,
    type: 'settings.updated' as const,
    actor: eventActor(actor),
    subject: { kind: 'settings' as const, id: row.id },
    payload: { botUsername: row.username, ...payload },
  };
}

/** The row's values of the columns `changes` names: what puts them back. */
export function previousValues(row: repo.BotRow, changes: repo.BotChanges): repo.BotChanges {
  return Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof repo.BotRow]]));
}
