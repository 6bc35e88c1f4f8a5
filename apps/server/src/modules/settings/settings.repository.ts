import { and, asc, count, eq } from 'drizzle-orm';
import { botFilterWords, botPaymentProviders, botSettings, botShippingMethods } from '../../db/schema/index';
import type { Conn } from '../../db/types';

export type SettingsRow = typeof botSettings.$inferSelect;
export type SettingsChanges = Partial<
  Omit<typeof botSettings.$inferInsert, 'vendorId' | 'botId' | 'updatedAt'>
>;
export type FilterWordRow = typeof botFilterWords.$inferSelect;
export type ProviderRow = typeof botPaymentProviders.$inferSelect;
export type NewProviderRow = typeof botPaymentProviders.$inferInsert;
export type ShippingMethodRow = typeof botShippingMethods.$inferSelect;
export type NewShippingMethodRow = typeof botShippingMethods.$inferInsert;
export type ShippingMethodChanges = Partial<
  Omit<NewShippingMethodRow, 'vendorId' | 'id' | 'botId' | 'createdAt' | 'updatedAt'>
>;

// --- bot_settings -----------------------------------------------------------------------------------------

export async function findSettings(
  db: Conn,
  vendorId: string,
  botId: string,
): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(botSettings)
    .where(and(eq(botSettings.vendorId, vendorId), eq(botSettings.botId, botId)))
    .limit(1);
  return row;
}

export async function findSettingsByBot(db: Conn, botId: string): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(botSettings).where(eq(botSettings.botId, botId)).limit(1);
  return row;
}

/** Creates the bot's row with `changes` or changes the existing one. */
export async function upsertSettings(
  db: Conn,
  vendorId: string,
  botId: string,
  changes: SettingsChanges,
): Promise<SettingsRow> {
  const [row] = await db
    .insert(botSettings)
    .values({ vendorId, botId, ...changes })
    .onConflictDoUpdate({
      target: [botSettings.vendorId, botSettings.botId],
      set: { ...changes, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('upsert answered nothing');
  return row;
}

// --- bot_filter_words -------------------------------------------------------------------------------------

const wordsOf = (botId: string) => eq(botFilterWords.botId, botId);

export function listWords(db: Conn, vendorId: string, botId: string): Promise<FilterWordRow[]> {
  return db
    .select()
    .from(botFilterWords)
    .where(and(eq(botFilterWords.vendorId, vendorId), wordsOf(botId)))
    .orderBy(asc(botFilterWords.createdAt), asc(botFilterWords.word));
}

export function listWordsByBot(db: Conn, botId: string): Promise<FilterWordRow[]> {
  return db.select().from(botFilterWords).where(wordsOf(botId));
}

export async function countWords(db: Conn, vendorId: string, botId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(botFilterWords)
    .where(and(eq(botFilterWords.vendorId, vendorId), wordsOf(botId)));
  return row?.n ?? 0;
}

/** Inserts the word; undefined when the bot already filters it. */
export async function insertWord(
  db: Conn,
  values: typeof botFilterWords.$inferInsert,
): Promise<FilterWordRow | undefined> {
  const [row] = await db.insert(botFilterWords).values(values).onConflictDoNothing().returning();
  return row;
}

const wordKey = (vendorId: string, botId: string, id: string) =>
  and(eq(botFilterWords.vendorId, vendorId), wordsOf(botId), eq(botFilterWords.id, id));

export async function updateWord(
  db: Conn,
  vendorId: string,
  botId: string,
  id: string,
  changes: Partial<Pick<FilterWordRow, 'action' | 'severity'>>,
): Promise<FilterWordRow | undefined> {
  // An empty change (`{}`) is no UPDATE at all (drizzle refuses a SET of nothing): the word as it is.
  if (Object.values(changes).every((v) => v === undefined)) {
    const [row] = await db
      .select()
      .from(botFilterWords)
      .where(wordKey(vendorId, botId, id));
    return row;
  }
  const [row] = await db
    .update(botFilterWords)
    .set(changes)
    .where(wordKey(vendorId, botId, id))
    .returning();
  return row;
}

export async function deleteWord(
  db: Conn,
  vendorId: string,
  botId: string,
  id: string,
): Promise<FilterWordRow | undefined> {
  const [row] = await db
    .delete(botFilterWords)
    .where(wordKey(vendorId, botId, id))
    .returning();
  return row;
}

// --- bot_payment_providers --------------------------------------------------------------------------------

export function listProviders(db: Conn, vendorId: string, botId: string): Promise<ProviderRow[]> {
  return db
    .select()
    .from(botPaymentProviders)
    .where(and(eq(botPaymentProviders.vendorId, vendorId), eq(botPaymentProviders.botId, botId)));
}

export function listProvidersByBot(db: Conn, botId: string): Promise<ProviderRow[]> {
  return db.select().from(botPaymentProviders).where(eq(botPaymentProviders.botId, botId));
}

export async function upsertProvider(db: Conn, values: NewProviderRow): Promise<ProviderRow> {
  const { vendorId: _v, botId: _b, provider: _p, ...set } = values;
  const [row] = await db
    .insert(botPaymentProviders)
    .values(values)
    .onConflictDoUpdate({
      target: [botPaymentProviders.vendorId, botPaymentProviders.botId, botPaymentProviders.provider],
      set: { ...set, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('upsert answered nothing');
  return row;
}

// --- bot_shipping_methods ---------------------------------------------------------------------------------

export function listMethods(db: Conn, vendorId: string, botId: string): Promise<ShippingMethodRow[]> {
  return db
    .select()
    .from(botShippingMethods)
    .where(and(eq(botShippingMethods.vendorId, vendorId), eq(botShippingMethods.botId, botId)))
    .orderBy(asc(botShippingMethods.createdAt), asc(botShippingMethods.id));
}

export function listMethodsByBot(db: Conn, botId: string): Promise<ShippingMethodRow[]> {
  return db
    .select()
    .from(botShippingMethods)
    .where(eq(botShippingMethods.botId, botId))
    .orderBy(asc(botShippingMethods.createdAt), asc(botShippingMethods.id));
}

export async function insertMethod(db: Conn, values: NewShippingMethodRow): Promise<ShippingMethodRow> {
  const [row] = await db.insert(botShippingMethods).values(values).returning();
  if (!row) throw new Error('insert answered nothing');
  return row;
}

const methodKey = (vendorId: string, botId: string, id: string) =>
  and(
    eq(botShippingMethods.vendorId, vendorId),
    eq(botShippingMethods.botId, botId),
    eq(botShippingMethods.id, id),
  );

export async function updateMethod(
  db: Conn,
  vendorId: string,
  botId: string,
  id: string,
  changes: ShippingMethodChanges,
): Promise<ShippingMethodRow | undefined> {
  const [row] = await db
    .update(botShippingMethods)
    .set({ ...changes, updatedAt: new Date() })
    .where(methodKey(vendorId, botId, id))
    .returning();
  return row;
}

export async function deleteMethod(
  db: Conn,
  vendorId: string,
  botId: string,
  id: string,
): Promise<ShippingMethodRow | undefined> {
  const [row] = await db
    .delete(botShippingMethods)
    .where(methodKey(vendorId, botId, id))
    .returning();
  return row;
}
