import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whereNamesAppear as whereNamesIn } from '../../../test/account';
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
import { waitFor } from '../../../test/wait-for';
import { bots, orders, supportConversations, supportMessages, vendors } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { purgeAccounts } from '../../jobs/account-purge';
import { eraseVendorExports } from '../exports/exports.service';
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
let exportFiles: Awaited<ReturnType<typeof tempStorage>>;

beforeAll(async () => {
  fake = await startFakeBotApi();
  media = await tempStorage();
  exportFiles = await tempStorage();
  t = await createTestApp({
    config: { telegramApiRoot: fake.url, publicUrl: 'https://shop.example.test' },
    now: clock.now,
    storage: media.storage,
    exportStorage: exportFiles.storage,
  });
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
  await media.cleanup();
  await exportFiles.cleanup();
});

const purgeDeps = () => ({
  db: t.database.db,
  storage: media.storage,
  exportStorage: exportFiles.storage,
  now: clock.now,
});
const serviceDeps = () => ({
  ...purgeDeps(),
  media: createMediaService(purgeDeps()),
  exports: {
    eraseVendor: (id: string) => eraseVendorExports({ ...purgeDeps(), storage: exportFiles.storage }, id),
  },
});
const filesIn = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true })).filter((f) => f.isFile());
const whereNamesAppear = () => whereNamesIn(t, NAMES);

/**
 * An account with a profile (and a new e-mail waiting for its code), a photo, a bot, a customer with an order
 * shipped to them who wrote to support, a data export written to a file, then deleted.
 */
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
  const [conversation] = await t.database.db
    .insert(supportConversations)
    .values({
      vendorId: v.vendorId,
      botId: bot.id,
      customerId: customer.id,
      chatId: customer.telegramId,
      customerName: `${CUSTOMER_FIRST} ${CUSTOMER_LAST}`,
      customerUsername: 'xanvex',
      lastMessageText: `${CUSTOMER_FIRST} here`,
    })
    .returning();
  if (!conversation) throw new Error('no conversation');
  await t.database.db.insert(supportMessages).values({
    vendorId: v.vendorId,
    conversationId: conversation.id,
    direction: 'in',
    text: `${CUSTOMER_FIRST} here`,
    authorName: `${CUSTOMER_FIRST} ${CUSTOMER_LAST}`,
  });
  const changed = await t.app.inject({
    method: 'PATCH',
    url: `${v.base}/profile`,
    headers: v.auth,
    payload: { email: 'zebulon.quorrington@example.org' },
  });
  expect(changed.statusCode).toBe(200);
  const exported = await t.app.inject({
    method: 'POST',
    url: `${v.base}/exports`,
    headers: v.auth,
    payload: { types: ['customers'], format: 'csv', range: 'all' },
  });
  expect(exported.statusCode).toBe(201);
  await waitFor('the export file', async () => (await filesIn(exportFiles.dir)).length > 0);
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
    expect(await filesIn(media.dir)).toEqual([]);
    expect(await filesIn(exportFiles.dir)).toEqual([]);
  });

  it('does not purge an account before its 30 days are up', async () => {
    const { v } = await deletedAccount();
    clock.advance(29 * DAY_MS);
    expect(await purgeDueAccounts(serviceDeps())).not.toContain(v.vendorId);
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
    await expect(purgeDueAccounts({ ...serviceDeps(), media: crashing })).rejects.toThrow('process stopped');
    expect((await vendorRow(v.vendorId))?.purgedAt).toBeNull();

    expect(await purgeAccounts(purgeDeps())).toEqual({ purged: 1 });
    expect((await vendorRow(v.vendorId))?.purgedAt).not.toBeNull();
    expect(await whereNamesAppear()).toEqual([]);
  });
});
