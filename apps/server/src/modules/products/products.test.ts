import { CATEGORY_MESSAGES } from '@app/contracts/categories';
import {
  type CodeListResponse,
  PRODUCT_MESSAGES,
  type Product,
  type ProductListResponse,
} from '@app/contracts/products';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestClock, testClock } from '../../../test/clock';
import { countingDatabase } from '../../../test/counting-database';
import {
  createBot,
  createCategory,
  createProduct,
  fakeBot,
  productBody,
  type Vendor,
  vendor,
} from '../../../test/factories';
import { startApp } from '../../../test/fake-telegram';
import type { TestApp } from '../../../test/harness';
import { events, productCodes, productImages, products, serviceBookings } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { claimCodes } from './product-codes.service';
import { createProductsService } from './products.service';

let fake: FakeBotApi;
let t: TestApp;
let v: Vendor;
let clock: TestClock;
let categoryId: string;
let subcategoryId: string;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
beforeEach(async () => {
  clock = testClock();
  t = await startApp(fake, {}, { now: clock.now });
  v = await vendor(t.app);
  const c = await createCategory(t.app, v);
  categoryId = c.id;
  subcategoryId = c.subcategories[0]?.id ?? '';
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

const list = async (query = '', who = v) => {
  const res = await req('GET', `/products${query}`, undefined, who);
  expect(res.statusCode).toBe(200);
  return res.json() as ProductListResponse;
};

describe('product validation (spec part 2 §5.1, §5.2)', () => {
  it.each([
    ['no name', { name: undefined }, PRODUCT_MESSAGES.requiredFields],
    ['a blank name', { name: '   ' }, PRODUCT_MESSAGES.requiredFields],
    ['no price', { price: undefined }, PRODUCT_MESSAGES.requiredFields],
    ['no category', { categoryId: undefined }, PRODUCT_MESSAGES.requiredFields],
    [
      'a short description over 500',
      { shortDescription: 'x'.repeat(501) },
      PRODUCT_MESSAGES.shortDescriptionMax,
    ],
    ['a tracked physical product without stock', { stock: undefined }, PRODUCT_MESSAGES.stockRequired],
  ])('create refuses %s with the spec message', async (_case, change, message) => {
    const body = { ...productBody('physical', categoryId), ...change };
    const res = await req('POST', '/products', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect((await list()).total).toBe(0);
  });

  it.each([
    [
      'a downloadable without a file',
      'digital',
      { digital: { digitalType: 'downloadable' } },
      PRODUCT_MESSAGES.fileRequired,
    ],
    ['a product_key product without keys', 'key', { codes: ['  ', ''] }, PRODUCT_MESSAGES.keysRequired],
    [
      'a service without duration',
      'service',
      { service: { location: 'online' } },
      PRODUCT_MESSAGES.durationRequired,
    ],
    [
      'an onsite service without address',
      'service',
      { service: { duration: 1, location: 'onsite' } },
      PRODUCT_MESSAGES.addressRequired,
    ],
  ] as const)('create refuses %s with the spec message', async (_case, type, change, message) => {
    const res = await req('POST', '/products', { ...productBody(type, categoryId), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it.each([
    ['no name', { name: '' }, PRODUCT_MESSAGES.nameRequired],
    ['no price', { price: undefined }, PRODUCT_MESSAGES.priceRequired],
    ['no category', { categoryId: undefined }, PRODUCT_MESSAGES.categoryRequired],
  ])('update refuses %s with the edit form message', async (_case, change, message) => {
    const p = await createProduct(t.app, v, productBody('physical', categoryId));
    const res = await req('PUT', `/products/${p.id}`, { ...productBody('physical', categoryId), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect((await req('GET', `/products/${p.id}`)).json().name).toBe(p.name);
  });

  it('trims tags and drops blanks and duplicates; lowercases the slug with hyphens for whitespace', async () => {
    const p = await createProduct(
      t.app,
      v,
      productBody('physical', categoryId, {
        tags: [' cotton ', 'cotton', '', 'basics'],
        urlSlug: 'Summer  Tee 2026',
      }),
    );
    expect(p.tags).toEqual(['cotton', 'basics']);
    expect(p.urlSlug).toBe('summer-tee-2026');
  });

  it('refuses a field the model does not have (no mass assignment)', async () => {
    const res = await req('POST', '/products', { ...productBody('physical', categoryId), sold: 100 });
    expect(res.statusCode).toBe(400);
  });

  it('sums the variations’ stock into the product’s stock', async () => {
    const p = await createProduct(
      t.app,
      v,
      productBody('physical', categoryId, {
        stock: undefined,
        physical: {
          variations: [
            {
              type: 'size',
              values: [
                { value: 'S', stock: 3, priceAdjustment: 0, sku: 'TEE-S' },
                { value: 'M', stock: 4, priceAdjustment: 200 },
              ],
            },
          ],
        },
      }),
    );
    expect(p.stock).toBe(7);
    expect(p.physical?.variations[0]?.values.every((x) => typeof x.id === 'string')).toBe(true);
  });
});

describe('SKU and slug uniqueness', () => {
  it('refuses a second product with the same SKU or slug for one vendor, not for another', async () => {
    await createProduct(t.app, v, productBody('physical', categoryId, { sku: 'TEE-1', urlSlug: 'tee' }));
    const sku = await req('POST', '/products', productBody('physical', categoryId, { sku: 'TEE-1' }));
    expect(sku.statusCode).toBe(409);
    expect(sku.json().error.code).toBe('PRODUCT_SKU_TAKEN');
    const slug = await req('POST', '/products', productBody('physical', categoryId, { urlSlug: 'TEE' }));
    expect(slug.json().error.code).toBe('PRODUCT_SLUG_TAKEN');

    const w = await vendor(t.app);
    const wCat = await createCategory(t.app, w);
    await createProduct(t.app, w, productBody('physical', wCat.id, { sku: 'TEE-1', urlSlug: 'tee' }));
  });

  it('lets a product keep its own SKU on update', async () => {
    const p = await createProduct(t.app, v, productBody('physical', categoryId, { sku: 'TEE-1' }));
    const res = await req(
      'PUT',
      `/products/${p.id}`,
      productBody('physical', categoryId, { sku: 'TEE-1', name: 'New' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('New');
  });
});

describe('plan limits', () => {
  it('refuses the product past the bot plan’s maxProducts, naming the bot, the plan, the limit and the upgrade', async () => {
    const { token, username } = fakeBot(fake);
    const bot = await createBot(t.app, v, { botToken: token, botName: 'Shop' });
    await t.database.db.insert(products).values(
      Array.from({ length: 100 }, (_, i) => ({
        vendorId: v.vendorId,
        name: `Filler ${i}`,
        productType: 'physical' as const,
        priceMinor: 100,
        categoryId,
      })),
    );
    const res = await req('POST', '/products', productBody('physical', categoryId, { botIds: [bot.id] }));
    expect(res.statusCode).toBe(403);
    const error = res.json().error;
    expect(error.code).toBe('PRODUCT_LIMIT_REACHED');
    expect(error.message).toContain(`@${username}`);
    expect(error.message).toContain('FREE');
    expect(error.message).toContain('100');
    expect(error.message).toContain('Upgrade');
    expect(error.details).toMatchObject({ plan: 'FREE', limit: 100, upgradePath: '/subscriptions' });
    // A draft counts too; an archived one does not.
    const archived = await req(
      'POST',
      '/products',
      productBody('physical', categoryId, { status: 'archived' }),
    );
    expect(archived.statusCode).toBe(201);
  });

  it('lets only one of several creates at the limit through, made at the same time (PostgreSQL when TEST_DATABASE_URL is set)', async () => {
    const { token } = fakeBot(fake);
    const bot = await createBot(t.app, v, { botToken: token, botName: 'Shop' });
    await t.database.db.insert(products).values(
      Array.from({ length: 99 }, (_, i) => ({
        vendorId: v.vendorId,
        name: `Filler ${i}`,
        productType: 'physical' as const,
        priceMinor: 100,
        categoryId,
      })),
    );
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        req(
          'POST',
          '/products',
          productBody('physical', categoryId, { name: `Racer ${i}`, botIds: [bot.id] }),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    const live = await t.database.db.select({ id: products.id }).from(products);
    expect(live).toHaveLength(100);
  });
});

describe('list', () => {
  it('searches name or SKU, filters by type, category, subcategory and bot, and counts stock states', async () => {
    const { token } = fakeBot(fake);
    const bot = await createBot(t.app, v, { botToken: token, botName: 'Shop' });
    await createProduct(
      t.app,
      v,
      productBody('physical', categoryId, { name: 'Crew Tee', sku: 'TEE-RED', stock: 50 }),
    );
    await createProduct(
      t.app,
      v,
      productBody('physical', categoryId, {
        name: 'Hoodie',
        sku: 'HOOD-1',
        stock: 2,
        subcategoryId,
        botIds: [bot.id],
      }),
    );
    await createProduct(
      t.app,
      v,
      productBody('physical', categoryId, { name: 'Cap', sku: 'CAP-1', stock: 0 }),
    );
    await createProduct(t.app, v, productBody('service', categoryId, { name: 'Styling session' }));

    expect((await list('?search=tee-red')).products.map((p) => p.name)).toEqual(['Crew Tee']);
    expect((await list('?search=hood')).products.map((p) => p.sku)).toEqual(['HOOD-1']);
    expect((await list('?productType=service')).total).toBe(1);
    expect((await list(`?subcategory=${subcategoryId}`)).products.map((p) => p.name)).toEqual(['Hoodie']);
    expect((await list('?category=All&productType=all')).total).toBe(4);
    const all = await list();
    expect(all.stats).toEqual({ inStock: 2, lowStock: 1, outOfStock: 1 });
    expect(all.typeCounts).toEqual({ total: 4, physical: 3, digital: 0, service: 1 });
    const hoodie = all.products.find((p) => p.name === 'Hoodie');
    expect(hoodie?.bots.map((b) => b.id)).toEqual([bot.id]);
    const viaBot = await list(`?botId=${bot.id}`);
    expect(viaBot.total).toBe(4); // three sold through every bot, one through this bot
    const page = await list('?limit=2&page=2');
    expect(page).toMatchObject({ page: 2, limit: 2, total: 4, hasMore: false });
    expect(page.products).toHaveLength(2);
  });

  it('shows on each card its category and subcategory, main image, own bots (none named for every bot), digital type and service duration', async () => {
    const { token } = fakeBot(fake);
    const bot = await createBot(t.app, v, { botToken: token, botName: 'Shop' });
    const tee = await createProduct(
      t.app,
      v,
      productBody('physical', categoryId, { name: 'Tee', subcategoryId, botIds: [bot.id] }),
    );
    await t.database.db.insert(productImages).values([
      { vendorId: v.vendorId, productId: tee.id, storageKey: 'a.webp', mimeType: 'image/webp', position: 0 },
      {
        vendorId: v.vendorId,
        productId: tee.id,
        storageKey: 'b.webp',
        mimeType: 'image/webp',
        position: 1,
        isMain: true,
        sizes: { thumbnail: 'b-thumb.webp' },
      },
    ]);
    await createProduct(t.app, v, productBody('digital', categoryId, { name: 'Guide' }));
    await createProduct(t.app, v, productBody('service', categoryId, { name: 'Session' }));

    const cards = new Map((await list()).products.map((p) => [p.name, p]));
    expect(cards.get('Tee')).toMatchObject({
      category: { id: categoryId, name: 'Clothing' },
      subcategory: { id: subcategoryId, name: 'T-Shirts' },
      image: '/media/b-thumb.webp',
      botIds: [bot.id],
      bots: [{ id: bot.id, username: bot.username }],
      digitalType: null,
      duration: null,
    });
    expect(cards.get('Guide')).toMatchObject({
      subcategory: null,
      image: null,
      botIds: 'all',
      bots: [],
      digitalType: 'downloadable',
    });
    expect(cards.get('Session')).toMatchObject({
      duration: 60,
      durationUnit: 'minutes',
      stockStatus: 'in_stock',
    });
  });

  it('reads a page in the same two statements whatever it shows (no query per product, image or bot)', async () => {
    const { token } = fakeBot(fake);
    const bot = await createBot(t.app, v, { botToken: token, botName: 'Shop' });
    const counted = countingDatabase(t.database);
    const service = createProductsService({ db: counted.db });
    const owner = {
      vendorId: v.vendorId,
      telegramId: 1,
      kind: 'owner',
      permissions: ['all'],
      botIds: 'all',
    } as const;
    const query = { page: 1, limit: 50 } as const;
    try {
      await createProduct(t.app, v, productBody('physical', categoryId, { botIds: [bot.id] }));
      await service.list(owner, query);
      const one = counted.statements();
      for (let i = 0; i < 12; i++) {
        const p = await createProduct(
          t.app,
          v,
          productBody(i % 2 ? 'service' : 'physical', categoryId, { subcategoryId, botIds: [bot.id] }),
        );
        await t.database.db.insert(productImages).values({
          vendorId: v.vendorId,
          productId: p.id,
          storageKey: `${i}.webp`,
          mimeType: 'image/webp',
          isMain: true,
        });
      }
      const before = counted.statements();
      expect((await service.list(owner, query)).products).toHaveLength(13);
      expect(counted.statements() - before).toBe(one);
      expect(one).toBe(2);
    } finally {
      await counted.close();
    }
  });

  it('caps the page size at 100', async () => {
    expect((await req('GET', '/products?limit=101')).statusCode).toBe(400);
  });
});

describe('archive, restore, duplicate, delete', () => {
  it('archives and restores, duplicates as a draft copy, and deletes', async () => {
    const p = await createProduct(t.app, v, productBody('physical', categoryId, { sku: 'TEE-1' }));
    expect((await req('POST', `/products/${p.id}/archive`)).json().status).toBe('archived');
    expect((await req('POST', `/products/${p.id}/restore`)).json().status).toBe('active');
    const copy = (await req('POST', `/products/${p.id}/duplicate`)).json() as Product;
    expect(copy).toMatchObject({ name: `${p.name} (Copy)`, sku: null, status: 'draft', price: p.price });
    expect((await req('DELETE', `/products/${p.id}`)).statusCode).toBe(204);
    expect((await req('GET', `/products/${p.id}`)).statusCode).toBe(404);
  });

  it('records product.created and product.updated events', async () => {
    const p = await createProduct(t.app, v, productBody('physical', categoryId));
    await req('POST', `/products/${p.id}/archive`);
    // The category made before each test records its own event (category.created): only products' here.
    const rows = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.vendorId, v.vendorId), eq(events.subjectKind, 'product')));
    expect(rows.map((e) => e.type).sort()).toEqual(['product.created', 'product.updated']);
  });
});

describe('code pools', () => {
  it.each([0, 1001, 2.5])('refuses to generate %s codes', async (count) => {
    const p = await createProduct(t.app, v, productBody('key', categoryId));
    const res = await req('POST', `/products/${p.id}/codes/generate`, { count });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(PRODUCT_MESSAGES.generateRange);
    expect((await req('GET', `/products/${p.id}`)).json().codePool.total).toBe(2);
  });

  it('generates 10 by default, up to 1000, in the key format, and counts them as stock', async () => {
    const p = await createProduct(t.app, v, productBody('key', categoryId));
    const ten = await req('POST', `/products/${p.id}/codes/generate`, {});
    expect(ten.json()).toMatchObject({ added: 10, counts: { total: 12, available: 12, issued: 0 } });
    const max = await req('POST', `/products/${p.id}/codes/generate`, { count: 1000 });
    expect(max.json().added).toBe(1000);
    expect((await req('GET', `/products/${p.id}`)).json().stock).toBe(1012);
  });

  it.each([
    ['product_key', {}, /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/],
    ['ticket', {}, /^TKT-[A-Z0-9]{8}$/],
    ['pass', { passType: 'season' }, new RegExp(`^SEA${new Date().getUTCFullYear()}-[A-Z0-9]{8}$`)],
    ['subscription', { billingCycle: 'yearly' }, /^SUBY[A-Z0-9]+-[A-Z0-9]{6}$/],
  ])('makes %s codes in the format of §9', async (digitalType, extra, pattern) => {
    const res = await req('POST', '/products/codes/preview', { digitalType, count: 5, ...extra });
    const codes = res.json().codes as string[];
    expect(codes).toHaveLength(5);
    for (const c of codes) expect(c).toMatch(pattern);
  });

  it('generates product keys in the vendor’s key format, each X a random character, previewed the same', async () => {
    const keyed = {
      digitalType: 'product_key' as const,
      keyType: 'software' as const,
      keyFormat: 'PRO-XXXX-XXXX',
    };
    const p = await createProduct(t.app, v, productBody('key', categoryId, { digital: keyed }));
    expect((await req('POST', `/products/${p.id}/codes/generate`, { count: 5 })).statusCode).toBe(200);
    const pool = await t.database.db.select().from(productCodes).where(eq(productCodes.productId, p.id));
    // The two keys the product was created with, and the five generated.
    const generated = pool.filter((c) => !productBody('key', categoryId).codes?.includes(c.code));
    expect(generated).toHaveLength(5);
    for (const c of generated) expect(c.code).toMatch(/^PRO-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const preview = await req('POST', '/products/codes/preview', {
      digitalType: 'product_key',
      count: 3,
      keyFormat: 'PRO-XXXX-XXXX',
    });
    for (const c of preview.json().codes as string[]) expect(c).toMatch(/^PRO-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    // Too few X to keep keys secret: the default format.
    const weak = await req('POST', '/products/codes/preview', {
      digitalType: 'product_key',
      count: 1,
      keyFormat: 'KEY-XX',
    });
    expect(weak.json().codes[0]).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
  });

  it('imports .txt/.csv lines trimmed, blanks dropped, duplicates reported and skipped', async () => {
    const p = await createProduct(t.app, v, productBody('key', categoryId));
    const res = await req('POST', `/products/${p.id}/codes/import`, {
      text: '  KEY-ONE  \r\n\r\n"KEY-TWO",note\nKEY-ONE\nAAAA-BBBB-CCCC-DDDD\n',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.added).toBe(2);
    expect(body.duplicates).toHaveLength(2);
    expect(body.counts.available).toBe(4);
  });

  it('masks codes in the pool list and shows one only on reveal; never in product responses', async () => {
    const p = await createProduct(t.app, v, productBody('key', categoryId));
    const pool = (await req('GET', `/products/${p.id}/codes`)).json() as CodeListResponse;
    expect(pool.codes.map((c) => c.code).sort()).toEqual(['AAAA-****-****-DDDD', 'EEEE-****-****-HHHH']);
    const first = pool.codes.find((c) => c.code.startsWith('AAAA'));
    const reveal = await req('POST', `/products/${p.id}/codes/${first?.id}/reveal`);
    expect(reveal.json().code).toBe('AAAA-BBBB-CCCC-DDDD');
    const listed = JSON.stringify(await list());
    const detail = (await req('GET', `/products/${p.id}`)).body;
    for (const text of [listed, detail]) expect(text).not.toContain('BBBB-CCCC');
  });

  it('claims codes once each, keeps stock at the unissued count, records out of stock, and releases', async () => {
    const p = await createProduct(t.app, v, productBody('key', categoryId));
    const orderA = crypto.randomUUID();
    const orderB = crypto.randomUUID();
    const [a, b] = await Promise.all([
      t.database.db.transaction((tx) => claimCodes(tx, v.vendorId, p.id, 1, orderA)),
      t.database.db.transaction((tx) => claimCodes(tx, v.vendorId, p.id, 1, orderB)),
    ]);
    expect(a?.[0]?.code).not.toBe(b?.[0]?.code);
    const after = (await req('GET', `/products/${p.id}`)).json() as Product;
    expect(after.stock).toBe(0);
    expect(after.codePool).toEqual({ total: 2, issued: 2, available: 0 });
    const out = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.vendorId, v.vendorId), eq(events.type, 'product.outofstock')));
    expect(out).toHaveLength(1);
    await expect(
      t.database.db.transaction((tx) => claimCodes(tx, v.vendorId, p.id, 1, crypto.randomUUID())),
    ).rejects.toMatchObject({ code: 'CODES_UNAVAILABLE' });
    const { releaseCodes } = await import('./product-codes.service');
    expect(await t.database.db.transaction((tx) => releaseCodes(tx, v.vendorId, p.id, orderA))).toBe(1);
    expect((await req('GET', `/products/${p.id}`)).json().stock).toBe(1);
  });
});

describe('service slots', () => {
  it('answers the availability minus bookings, full slots left out', async () => {
    const p = await createProduct(
      t.app,
      v,
      productBody('service', categoryId, {
        service: {
          duration: 1,
          durationUnit: 'hours',
          location: 'online',
          maxBookings: 2,
          availability: {
            days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
            timeSlots: [{ start: '09:00', end: '12:00' }],
            timezone: 'UTC',
          },
        },
      }),
    );
    const day = clock.dayAgo(-86_400_000); // tomorrow
    const at = (h: number) => new Date(`${day}T${String(h).padStart(2, '0')}:00:00.000Z`);
    await t.database.db.insert(serviceBookings).values([
      { vendorId: v.vendorId, productId: p.id, slotStart: at(9), slotEnd: at(10), quantity: 2 },
      { vendorId: v.vendorId, productId: p.id, slotStart: at(10), slotEnd: at(11), quantity: 1 },
      { vendorId: v.vendorId, productId: p.id, slotStart: at(11), slotEnd: at(12), status: 'cancelled' },
    ]);
    const res = await req('GET', `/products/${p.id}/slots?from=${day}&to=${day}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().slots).toEqual([
      { start: at(10).toISOString(), end: at(11).toISOString(), capacity: 2, booked: 1, available: 1 },
      { start: at(11).toISOString(), end: at(12).toISOString(), capacity: 2, booked: 0, available: 2 },
    ]);
  });

  it('reads the days and hours in the service’s own timezone', async () => {
    const p = await createProduct(
      t.app,
      v,
      productBody('service', categoryId, {
        service: {
          duration: 1,
          durationUnit: 'hours',
          location: 'online',
          availability: {
            days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
            timeSlots: [{ start: '09:00', end: '10:00' }],
            timezone: 'Asia/Tokyo',
          },
        },
      }),
    );
    const day = clock.dayAgo(-2 * 86_400_000);
    const res = await req('GET', `/products/${p.id}/slots?from=${day}&to=${day}`);
    // 09:00 in Tokyo (UTC+9, no summer time) is midnight UTC.
    expect(res.json()).toMatchObject({
      timezone: 'Asia/Tokyo',
      slots: [{ start: `${day}T00:00:00.000Z`, end: `${day}T01:00:00.000Z` }],
    });
  });

  it('refuses slots of a product that is not a service', async () => {
    const p = await createProduct(t.app, v, productBody('physical', categoryId));
    const res = await req('GET', `/products/${p.id}/slots?from=2026-01-01&to=2026-01-02`);
    expect(res.json().error.code).toBe('PRODUCT_NOT_SERVICE');
  });
});

describe('share', () => {
  it('answers the t.me deep link and a QR code in PNG and SVG', async () => {
    const { token, username } = fakeBot(fake);
    const bot = await createBot(t.app, v, { botToken: token, botName: 'Shop' });
    const p = await createProduct(t.app, v, productBody('physical', categoryId, { botIds: [bot.id] }));
    const share = await req('GET', `/products/${p.id}/share`);
    expect(share.json().links).toEqual([
      { botId: bot.id, botUsername: username, url: `https://t.me/${username}?start=product_${p.id}` },
    ]);
    const png = await req('GET', `/products/${p.id}/qr`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const svg = await req('GET', `/products/${p.id}/qr?format=svg`);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');
  });
});

describe('scoping: another vendor’s product, category or bot', () => {
  it('answers 404 on every product route for another vendor’s product and changes nothing', async () => {
    const w = await vendor(t.app);
    const wCat = await createCategory(t.app, w);
    const theirs = await createProduct(t.app, w, productBody('key', wCat.id, { name: 'Theirs' }));
    const body = productBody('physical', categoryId);
    const calls: Array<[Parameters<typeof req>[0], string, unknown?]> = [
      ['GET', `/products/${theirs.id}`],
      ['PUT', `/products/${theirs.id}`, body],
      ['DELETE', `/products/${theirs.id}`],
      ['POST', `/products/${theirs.id}/archive`],
      ['POST', `/products/${theirs.id}/restore`],
      ['POST', `/products/${theirs.id}/duplicate`],
      ['GET', `/products/${theirs.id}/codes`],
      ['POST', `/products/${theirs.id}/codes/generate`, { count: 5 }],
      ['POST', `/products/${theirs.id}/codes/import`, { text: 'X' }],
      ['GET', `/products/${theirs.id}/slots?from=2026-01-01&to=2026-01-02`],
      ['GET', `/products/${theirs.id}/share`],
      ['GET', `/products/${theirs.id}/qr`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await req(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const still = (await req('GET', `/products/${theirs.id}`, undefined, w)).json() as Product;
    expect(still).toMatchObject({ name: 'Theirs', status: 'active', codePool: { total: 2 } });
    expect((await list('', w)).total).toBe(1);
    expect((await list()).total).toBe(0);
  });

  it('refuses another vendor’s category, subcategory or bot in a product body as not found', async () => {
    const w = await vendor(t.app);
    const wCat = await createCategory(t.app, w);
    const { token } = fakeBot(fake);
    const theirBot = await createBot(t.app, w, { botToken: token, botName: 'Theirs' });
    const cat = await req('POST', '/products', productBody('physical', wCat.id));
    expect(cat.statusCode).toBe(404);
    const sub = await req(
      'POST',
      '/products',
      productBody('physical', categoryId, { subcategoryId: wCat.subcategories[0]?.id ?? '' }),
    );
    expect(sub.statusCode).toBe(404);
    const bot = await req(
      'POST',
      '/products',
      productBody('physical', categoryId, { botIds: [theirBot.id] }),
    );
    expect(bot.statusCode).toBe(404);
    expect((await list()).total).toBe(0);
  });
});

describe('categories', () => {
  it('creates, renames, lists with real counts and stats, and refuses blank names', async () => {
    await createProduct(t.app, v, productBody('physical', categoryId, { subcategoryId }));
    const blank = await req('POST', '/categories', { name: '   ' });
    expect(blank.json().error.message).toBe(CATEGORY_MESSAGES.nameRequired);
    const renamed = await req('PUT', `/categories/${categoryId}`, { name: 'Apparel' });
    expect(renamed.json()).toMatchObject({ name: 'Apparel', productCount: 1 });
    const sub = await req('PUT', `/categories/${categoryId}/subcategories/${subcategoryId}`, { name: ' ' });
    expect(sub.json().error.message).toBe(CATEGORY_MESSAGES.subcategoryNameRequired);
    await req('POST', `/categories/${categoryId}/subcategories`, { name: 'Hoodies' });
    const listed = (await req('GET', '/categories?search=hood')).json();
    expect(listed.categories).toHaveLength(1);
    expect(
      listed.categories[0].subcategories.map((s: { name: string; productCount: number }) => [
        s.name,
        s.productCount,
      ]),
    ).toEqual([
      ['Hoodies', 0],
      ['T-Shirts', 1],
    ]);
    expect(listed.stats).toEqual({
      totalCategories: 1,
      totalSubcategories: 2,
      totalProducts: 1,
      activeCategories: 1,
    });
  });

  it('refuses to delete a category with products, saying how many, or moves them when told where', async () => {
    await createProduct(t.app, v, productBody('physical', categoryId, { subcategoryId }));
    await createProduct(t.app, v, productBody('physical', categoryId));
    const refused = await req('DELETE', `/categories/${categoryId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'CATEGORY_NOT_EMPTY', details: { productCount: 2 } });
    expect(refused.json().error.message).toContain('2 products');
    const subRefused = await req('DELETE', `/categories/${categoryId}/subcategories/${subcategoryId}`);
    expect(subRefused.json().error.code).toBe('SUBCATEGORY_NOT_EMPTY');
    const other = await createCategory(t.app, v, 'Other', []);
    const moved = await req('DELETE', `/categories/${categoryId}`, { moveToCategoryId: other.id });
    expect(moved.json()).toEqual({ deleted: true, movedProducts: 2 });
    expect((await list(`?category=${other.id}`)).total).toBe(2);
  });

  it('answers 404 for another vendor’s category and changes nothing', async () => {
    const w = await vendor(t.app);
    const wCat = await createCategory(t.app, w, 'Theirs');
    const sub = wCat.subcategories[0]?.id;
    for (const [method, url, payload] of [
      ['GET', `/categories/${wCat.id}`],
      ['PUT', `/categories/${wCat.id}`, { name: 'Mine' }],
      ['DELETE', `/categories/${wCat.id}`],
      ['POST', `/categories/${wCat.id}/subcategories`, { name: 'X' }],
      ['PUT', `/categories/${wCat.id}/subcategories/${sub}`, { name: 'X' }],
      ['DELETE', `/categories/${wCat.id}/subcategories/${sub}`],
    ] as Array<[Parameters<typeof req>[0], string, unknown?]>) {
      expect((await req(method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = (await req('GET', '/categories', undefined, w)).json();
    expect(theirs.categories[0]).toMatchObject({ name: 'Theirs', subcategories: [{ name: 'T-Shirts' }] });
  });
});
