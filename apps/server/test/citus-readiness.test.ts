import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getTestDatabase } from './harness';

/**
 * Citus readiness (README "Scaling"): every tenant table can be distributed by `vendor_id`, which needs the column
 * on every table and in every primary key and unique index (Citus enforces uniqueness within a shard only). The
 * schema is read from the migrated database, so it is what the migrations made, not what the code declares.
 *
 * The exceptions below are the keys that are unique across vendors on purpose, each with why and what Citus
 * needs for it. A new table or key that leaves `vendor_id` out fails here until it is listed with its reason.
 */
const GLOBAL_KEYS: Record<string, string> = {
  // The tenant root: Citus distributes it by `id`, which is the others' vendor_id (colocated).
  'vendors.vendors_pkey': "the tenant itself: distributed by its id, every other table's vendor_id",
  // Looked up without a vendor: Telegram calls /telegram/webhook/<botId>, links carry bare ids.
  'bots.bots_id_idx': "a shop bot's webhook names the bot only; on Citus: a reference table bot id → vendor",
  'bots.bots_token_hash_idx':
    'a bot token belongs to one vendor across the platform; on Citus: a reference table',
  'bots.bots_username_idx': 'a Telegram username is one bot across the platform; on Citus: a reference table',
  'events.events_id_idx':
    'the outbox is drained across vendors by id; on Citus: uuids unique without the index',
  'payments.payments_id_idx':
    'payment links and callbacks name the payment only; on Citus: a reference table',
  'payments.payments_telegram_charge_idx':
    "Telegram's charge id arrives without a vendor and must credit once; on Citus: a reference table",
  'payments.payments_provider_payment_idx':
    "the crypto provider's IPN names its payment only and must credit once; on Citus: a reference table",
  'shop_payments.shop_payments_id_idx':
    "the shop's payment links name the payment only; on Citus: a reference table",
  'shop_payments.shop_payments_charge_idx':
    "Telegram's charge id arrives without a vendor and must credit once; on Citus: a reference table",
  'shop_downloads.shop_downloads_id_idx':
    'a download link names the download only; on Citus: a reference table',
  'refresh_tokens.refresh_tokens_hash_idx':
    'a refresh token is presented without a vendor; on Citus: a reference table',
  'staff_members.staff_members_invite_idx':
    'an invite link carries its token only (the invitee has no account yet); on Citus: a reference table',
  'invoices.invoices_number_idx':
    'invoice numbers run across the platform; on Citus: a sequence-backed reference table',
  // Per bot (bot ids are unique across vendors, so these hold on one server); re-keyed (vendor_id, …) before
  // distributing, with the ON CONFLICT targets that name them.
  'bot_settings.bot_settings_bot_idx': 'one settings row per bot; to be re-keyed (vendor_id, bot_id)',
  'bot_filter_words.bot_filter_words_word_idx': 'one word per bot; to be re-keyed (vendor_id, bot_id, word)',
  'notifications.notifications_event_idx':
    'one notification per event and audience; to be re-keyed with vendor_id',
};

type Table = { table: string; hasVendorId: boolean; keys: { name: string; columns: string[] | null }[] };

async function readSchema(): Promise<Table[]> {
  const { db } = await getTestDatabase();
  const result = await db.execute(sql`
    select c.relname as "table",
      exists (
        select 1 from pg_attribute a
        where a.attrelid = c.oid and a.attname = 'vendor_id' and not a.attisdropped
      ) as "hasVendorId",
      coalesce((
        select json_agg(json_build_object('name', i.relname, 'columns', (
          select json_agg(a.attname order by k.ord)
          from unnest(x.indkey) with ordinality k(attnum, ord)
          join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        )))
        from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = c.oid and (x.indisunique or x.indisprimary)
      ), '[]') as "keys"
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by 1`);
  return (result as unknown as { rows: Table[] }).rows;
}

describe('Citus readiness', () => {
  it('every tenant table has vendor_id, and every primary key and unique index includes it, but the listed', async () => {
    const tables = await readSchema();
    expect(tables.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const { table, hasVendorId, keys } of tables) {
      if (!hasVendorId && table !== 'vendors') problems.push(`${table}: no vendor_id column`);
      for (const key of keys) {
        // An expression index lists no columns: it cannot include vendor_id as a column either.
        if (key.columns?.includes('vendor_id')) continue;
        if (!GLOBAL_KEYS[`${table}.${key.name}`]) problems.push(`${table}.${key.name}: without vendor_id`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists no exception that is gone (the list stays the truth)', async () => {
    const present = new Set((await readSchema()).flatMap((t) => t.keys.map((k) => `${t.table}.${k.name}`)));
    expect(Object.keys(GLOBAL_KEYS).filter((key) => !present.has(key))).toEqual([]);
  });
});
