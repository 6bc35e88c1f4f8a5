import { readdir } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, testClock } from '../../../test/clock';
import {
  addCustomer,
  addProduct,
  createBot,
  fakeBot,
  placeTestOrder,
  type Vendor,
} from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp, telegramUser } from '../../../test/harness';
import { makeImage, tempStorage, uploadTo } from '../../../test/media';
import { bots, orders, vendors } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { purgeAccounts } from '../../jobs/account-purge';
import { createMediaService } from '../media/media.service';
import { purgeDueAccounts } from './account.service';

// The day-30 purge (issue 21): personal data gone from every table, bookkeeping kept anonymised, idempotent,
// and an interrupted run finished by the next. Names are unusual so a scan of every text column finds them only
// where they really are.
const VENDOR_FIRST = 'Zebulon';
const VENDOR_LAST = 'Quorrington';
const CUSTOMER_FIRST = 'Xanthippe';
const CUSTOMER_LAST = 'Vexworth';
const NAMES = [VENDOR_FIRST, VENDOR_LAST, CUSTOMER_FIRST, CUSTOMER_LAST, 'zebq_shop', 'xanvex'];

const clock = testClock();
let fake: FakeBotApi;
let t: TestApp;
let media: Awaited<ReturnType<typeof tempStorage>>;

beforeAll(async () => {
  fake = await startFakeBotApi();
  media = await tempStorage();
  t = await createTestApp({
    config: { telegramApiRoot: fake.url, publicUrl: 'https://shop.example.test' },
    now: clock.now,
    storage: media.storage,
  });
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
  await media.cleanup();
});

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const purgeDeps = () => ({ db: t.database.db, storage: media.storage, now: clock.now });

/** Every (table, column) of the database holding text: text, varchar, arrays and JSON. */
async function textColumns(): Promise<{ table: string; column: string }[]> {
  const res = await t.database.db.execute(sql`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = 'public' and (data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY'))`);
  return rowsOf<{ table: string; column: string }>(res);
}

/** The (table, column) pairs in which any of the names still appears, in any case. */
async function whereNamesAppear(): Promise<string[]> {
  const found: string[] = [];
  const pattern = `%(${NAMES.join('|')})%`.toLowerCase();
  for (const { table, column } of await textColumns()) {
    const res = await t.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)}
          where lower(${sql.identifier(column)}::text) similar to ${pattern}`,
    );
    if ((rowsOf<{ n: number }>(res)[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/** An account with a profile, a photo, a bot, a customer with an order shipped to them, then deleted. */
async function deletedAccount() {
  const user = telegramUser({ first_name: VENDOR_FIRST, last_name: VENDOR_LAST, username: 'zebq_shop' });
  const session = await signIn(t.app, user);
  const v: Vendor = {
    vendorId: session.vendor.id,
    auth: bearer(session.accessToken),
    base: `/api/v1/vendors/${session.vendor.id}`,
  };
  await t.database.db
    .update(vendors)
    .set({
      name: `${VENDOR_FIRST} ${VENDOR_LAST}`,
      email: 'zebulon@example.com',
      address: '1 Quorrington Road',
    })
    .where(eq(vendors.id, v.vendorId));
  const photo = await uploadTo(t.app, `/api/v1/upload/vendors/${v.vendorId}/profile/image`, v.auth, {
    field: 'file',
    name: 'me.webp',
    data: await makeImage('webp'),
  });
  expect(photo.statusCode).toBe(200);
  const tg = fakeBot(fake);
  const bot = await createBot(t.app, v, { botToken: tg.token, botName: 'Corner Shop', plan: 'FREE' });
  const customer = await addCustomer(t, v.vendorId, {
    firstName: CUSTOMER_FIRST,
    lastName: CUSTOMER_LAST,
    username: 'xanvex',
  });
  const product = await addProduct(t, v.vendorId, { name: 'Mug', priceMinor: 1500 });
  await placeTestOrder(t, {
    vendorId: v.vendorId,
    bot,
    customerId: customer.id,
    lines: [{ product, quantity: 2 }],
    shipping: { name: `${CUSTOMER_FIRST} ${CUSTOMER_LAST}`, address: '9 Vexworth Lane' },
  });
  const res = await t.app.inject({
    method: 'DELETE',
    url: v.base,
    headers: v.auth,
    payload: { confirmation: 'DELETE MY ACCOUNT' },
  });
  expect(res.statusCode).toBe(200);
  return { v, bot, token: tg.token };
}

const vendorRow = async (vendorId: string) =>
  (await t.database.db.select().from(vendors).where(eq(vendors.id, vendorId)))[0];

describe('the day-30 account purge', () => {
  it('leaves no trace of the vendor or their customer in any text column, keeps the orders amounts and dates, and records that it ran', async () => {
    const { v, bot, token } = await deletedAccount();
    const [before] = await t.database.db.select().from(orders).where(eq(orders.vendorId, v.vendorId));
    expect(await whereNamesAppear()).not.toEqual([]);
    expect((await readdir(media.dir, { recursive: true })).length).toBeGreaterThan(0);

    clock.advance(30 * DAY_MS + 60_000);
    expect(await purgeAccounts(purgeDeps())).toEqual({ purged: 1 });

    expect(await whereNamesAppear()).toEqual([]);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.vendorId, v.vendorId));
    expect(after?.totalMinor).toBe(3000);
    expect(after).toMatchObject({
      id: before?.id,
      totalMinor: before?.totalMinor,
      createdAt: before?.createdAt,
      shipping: null,
    });
    const [botRow] = await t.database.db.select().from(bots).where(eq(bots.id, bot.id));
    expect(botRow?.tokenCiphertext).toBe('');
    expect(JSON.stringify(botRow)).not.toContain(token);
    expect((await vendorRow(v.vendorId))?.purgedAt).not.toBeNull();
    const files = await readdir(media.dir, { recursive: true, withFileTypes: true });
    expect(files.filter((f) => f.isFile())).toEqual([]);
  });

  it('does not purge an account before its 30 days are up', async () => {
    const { v } = await deletedAccount();
    clock.advance(29 * DAY_MS);
    expect(await purgeDueAccounts({ ...purgeDeps(), media: createMediaService(purgeDeps()) })).not.toContain(
      v.vendorId,
    );
    expect((await vendorRow(v.vendorId))?.purgedAt).toBeNull();
    clock.advance(2 * DAY_MS);
    await purgeAccounts(purgeDeps());
  });

  it('is idempotent: a second run purges nothing and changes nothing', async () => {
    const { v } = await deletedAccount();
    clock.advance(31 * DAY_MS);
    await purgeAccounts(purgeDeps());
    const first = await vendorRow(v.vendorId);
    clock.advance(60_000);
    expect(await purgeAccounts(purgeDeps())).toEqual({ purged: 0 });
    expect(await vendorRow(v.vendorId)).toEqual(first);
  });

  it('finishes an account whose purge was interrupted mid-way (files erased, then the process stopped)', async () => {
    const { v } = await deletedAccount();
    clock.advance(31 * DAY_MS);
    const real = createMediaService(purgeDeps());
    const crashing = {
      eraseVendor: async (vendorId: string) => {
        await real.eraseVendor(vendorId);
        throw new Error('process stopped');
      },
    };
    await expect(purgeDueAccounts({ ...purgeDeps(), media: crashing })).rejects.toThrow('process stopped');
    expect((await vendorRow(v.vendorId))?.purgedAt).toBeNull();

    expect(await purgeAccounts(purgeDeps())).toEqual({ purged: 1 });
    expect((await vendorRow(v.vendorId))?.purgedAt).not.toBeNull();
    expect(await whereNamesAppear()).toEqual([]);
  });
});
