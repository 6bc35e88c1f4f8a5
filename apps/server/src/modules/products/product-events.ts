import type { Tx } from '../../db/types';
import { type Actor, eventActorOf } from '../../lib/actor';
import { type EventActor, recordEvent } from '../events/record-event';
import { sellsCodes } from './product-view';
import * as repo from './products.repository';

// The events a product change records, inside the change's transaction.

/** Who a change is recorded for. */
export type ChangedBy = {
  vendorId: string;
  kind: Actor['kind'] | 'system';
  telegramId: number | null;
  apiKey?: Actor['apiKey'];
};

/** The caller of an API write as the change's author. */
export const changedBy = (actor: Actor): ChangedBy => ({
  vendorId: actor.vendorId,
  kind: actor.kind,
  telegramId: actor.telegramId,
  apiKey: actor.apiKey,
});

const eventActor = (by: ChangedBy): EventActor =>
  by.kind === 'system' || by.telegramId === null
    ? { kind: 'system', id: null }
    : eventActorOf({ kind: by.kind, telegramId: by.telegramId, apiKey: by.apiKey });

type EventPayload = Record<string, string | number | boolean | null>;

/** Records an event about a product for its only bot, or for none when it sells through several or all. */
export async function productEvent(
  tx: Tx,
  by: ChangedBy,
  row: repo.ProductRow,
  type: 'product.created' | 'product.updated' | 'product.outofstock' | 'product.lowstock',
  payload: EventPayload = {},
) {
  const botIds = row.allBots
    ? []
    : ((await repo.productBotIds(tx, row.vendorId, [row.id])).get(row.id) ?? []);
  await recordEvent(tx, {
    vendorId: row.vendorId,
    botId: botIds.length === 1 ? (botIds[0] ?? null) : null,
    type,
    actor: eventActor(by),
    subject: { kind: 'product', id: row.id },
    payload: { productName: row.name, sku: row.sku, stock: row.stock, ...payload },
  });
}

const isLow = (p: repo.ProductRow) => p.stock > 0 && p.stock < p.minStock;

/**
 * Records product.outofstock when a tracked product's stock (or a code pool) has just reached 0, and
 * product.lowstock when it has just fallen below its minimum (a sale or an edit, not a restock from 0).
 */
export async function stockEvents(
  tx: Tx,
  by: ChangedBy,
  before: repo.ProductRow | null,
  after: repo.ProductRow,
) {
  const tracked = after.productType === 'physical' ? after.trackInventory : sellsCodes(after);
  if (!tracked || after.status === 'archived') return;
  if (after.stock <= 0 && (before === null || before.stock > 0))
    await productEvent(tx, by, after, 'product.outofstock');
  if (isLow(after) && before !== null && !isLow(before) && before.stock > after.stock)
    await productEvent(tx, by, after, 'product.lowstock');
}
