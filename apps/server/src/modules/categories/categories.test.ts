import type { Category, CategoryListResponse } from '@app/contracts/categories';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createBot,
  createCategory,
  createProduct,
  fakeBot,
  productBody,
  signInStaff,
  type Vendor,
  vendor,
} from '../../../test/factories';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness';
import { events, products } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import type { StaffGrant } from '../auth/actor-resolver';

let fake: FakeBotApi;
let t: TestApp;
let v: Vendor;
let grant: StaffGrant | null = null;
const staffUser = telegramUser({ first_name: 'Sam', last_name: 'Staff' });

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
beforeEach(async () => {
  grant = null;
  t = await createTestApp({
    config: { telegramApiRoot: fake.url },
    findStaffGrant: async (vendorId, telegramId) =>
      vendorId === v.vendorId && telegramId === staffUser.id ? grant : null,
  });
  v = await vendor(t.app);
});
afterEach(async () => {
  fake.state.reset();
  await t.app.close();
});

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who = v) =>
  t.app.inject({
    method,
    url: `${who.base}${url}`,
    headers: who.auth,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** A staff member of the vendor, signed in, holding `grant`. */
async function staffMember(held: StaffGrant): Promise<Vendor> {
  const staff = await signInStaff(t, v, staffUser);
  grant = held;
  return staff;
}

const categoryEvents = () =>
  t.database.db
    .select({
      type: events.type,
      subjectId: events.subjectId,
      payload: events.payload,
      actor: events.actorKind,
    })
    .from(events)
    .where(eq(events.subjectKind, 'category'))
    .orderBy(asc(events.createdAt));

describe('category events', () => {
  it('records category.created, category.updated (rename and every subcategory change) and category.deleted, by whom', async () => {
    const c = await createCategory(t.app, v, 'Clothing', []);
    expect((await req('PUT', `/categories/${c.id}`, { name: 'Apparel' })).statusCode).toBe(200);
    const sub = (await req('POST', `/categories/${c.id}/subcategories`, { name: 'Hats' })).json();
    await req('PUT', `/categories/${c.id}/subcategories/${sub.id}`, { name: 'Caps' });
    await req('DELETE', `/categories/${c.id}/subcategories/${sub.id}`);
    expect((await req('DELETE', `/categories/${c.id}`)).statusCode).toBe(200);

    const recorded = await categoryEvents();
    expect(recorded.map((e) => [e.type, e.payload.change ?? null])).toEqual([
      ['category.created', null],
      ['category.updated', null],
      ['category.updated', 'subcategory_added'],
      ['category.updated', 'subcategory_renamed'],
      ['category.updated', 'subcategory_deleted'],
      ['category.deleted', null],
    ]);
    expect(recorded.every((e) => e.subjectId === c.id && e.actor === 'owner')).toBe(true);
    expect(recorded[1]?.payload).toMatchObject({ categoryName: 'Apparel', previousName: 'Clothing' });
    expect(recorded[3]?.payload).toMatchObject({ subcategoryName: 'Caps', previousName: 'Hats' });
  });

  it('records nothing when a change is refused', async () => {
    const c = await createCategory(t.app, v, 'Clothing', []);
    await createProduct(t.app, v, productBody('physical', c.id));
    const before = (await categoryEvents()).length;
    expect((await req('DELETE', `/categories/${c.id}`)).statusCode).toBe(409);
    expect((await req('PUT', `/categories/${c.id}`, { name: '  ' })).statusCode).toBe(400);
    expect(await categoryEvents()).toHaveLength(before);
  });
});

describe('a staff member held to some bots', () => {
  /** Two bots; in one category a product on every bot, one on Alpha only, one on Beta only. */
  async function shop() {
    const alpha = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Alpha' });
    const beta = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Beta', plan: 'PRO' });
    const c = await createCategory(t.app, v, 'Clothing', ['Tees']);
    const tees = c.subcategories[0]?.id ?? '';
    await createProduct(t.app, v, productBody('physical', c.id, { name: 'Everywhere', subcategoryId: tees }));
    await createProduct(t.app, v, productBody('physical', c.id, { name: 'Alpha only', botIds: [alpha.id] }));
    await createProduct(
      t.app,
      v,
      productBody('physical', c.id, { name: 'Beta only', botIds: [beta.id], subcategoryId: tees }),
    );
    const empty = await createCategory(t.app, v, 'Empty', []);
    return { alpha, beta, c, tees, empty };
  }

  it('sees every category of the vendor, with the counts of the products their bots sell', async () => {
    const s = await shop();
    const staff = await staffMember({ permissions: ['products'], botIds: [s.alpha.id] });
    const mine = (await req('GET', '/categories', undefined, staff)).json() as CategoryListResponse;
    expect(mine.categories.map((c) => c.name).sort()).toEqual(['Clothing', 'Empty']);
    const clothing = mine.categories.find((c) => c.id === s.c.id) as Category;
    expect(clothing.productCount).toBe(2);
    expect(clothing.subcategories[0]?.productCount).toBe(1);
    expect(mine.stats.totalProducts).toBe(2);
    // The owner counts everything.
    const all = (await req('GET', '/categories')).json() as CategoryListResponse;
    expect(all.categories.find((c) => c.id === s.c.id)?.productCount).toBe(3);
    expect(all.stats.totalProducts).toBe(3);
  });

  it('may not delete (or empty by moving) a category or subcategory holding another bot’s products', async () => {
    const s = await shop();
    const staff = await staffMember({ permissions: ['products'], botIds: [s.alpha.id] });
    const moveAll = { moveToCategoryId: s.empty.id };
    expect((await req('DELETE', `/categories/${s.c.id}`, moveAll, staff)).statusCode).toBe(403);
    expect(
      (await req('DELETE', `/categories/${s.c.id}/subcategories/${s.tees}`, { detach: true }, staff))
        .statusCode,
    ).toBe(403);
    const rows = await t.database.db.select({ categoryId: products.categoryId }).from(products);
    expect(rows.every((r) => r.categoryId === s.c.id)).toBe(true);
    // The owner may.
    expect((await req('DELETE', `/categories/${s.c.id}`, moveAll)).json()).toEqual({
      deleted: true,
      movedProducts: 3,
    });
  });
});
