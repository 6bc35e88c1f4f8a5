import type { Bot } from '@app/contracts/bots';
import { Permission } from '@app/contracts/permissions';
import { and, eq, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import {
  addCustomer,
  addProduct,
  createBot,
  createCategory,
  createProduct,
  fakeBot,
  placeTestOrder,
  productBody,
  type Vendor,
  vendor,
} from '../../../test/factories';
import { bearer, createTestApp, TEST_BOT_TOKEN, type TestApp, telegramUser } from '../../../test/harness';
import { staffMembers } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { signInitData } from '../../lib/telegram/init-data';

/**
 * The server's enforcement over the whole API, generated from the OpenAPI document: every operation under
 * /vendors/{vendorId}, called by a real staff member (a seat taken through its invite), whose seat the test
 * narrows or widens between calls (the grant is read on every request).
 */

type Parameter = {
  in: 'path' | 'query' | 'header';
  name: string;
  schema: { enum?: string[]; format?: string };
};
type Operation = { parameters?: Parameter[] };
type Document = { paths: Record<string, Record<string, Operation>> };

let fake: FakeBotApi;
let t: TestApp;
let owner: Vendor;
let staff: Vendor;
let staffTelegramId: number;
let botA: Bot;
let botB: Bot;
/** `METHOD /api/v1/vendors/:vendorId/…` → the permissions the route declares (all of them needed). */
const declared = new Map<string, Permission[]>();
/** `METHOD /api/v1/vendors/:vendorId/…` → the zod schemas its body and query are validated with. */
const schemas = new Map<string, { body?: ZodType; querystring?: ZodType }>();

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
beforeEach(async () => {
  declared.clear();
  schemas.clear();
  t = await createTestApp({
    // Hundreds of calls from one address: the rate limit is not what is under test.
    config: { telegramApiRoot: fake.url, rateLimitPerMinute: 1_000_000 },
    onRoute: (route: RouteOptions) => {
      const permission = route.config?.permission;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      // 'self' (the caller's own sessions and two-step): declared, and no permission is needed.
      const needs = permission === 'self' ? [] : permission ? [permission].flat() : null;
      if (needs) for (const m of methods) declared.set(`${m} ${route.url}`, needs);
      const { body, querystring } = (route.schema ?? {}) as { body?: ZodType; querystring?: ZodType };
      for (const m of methods) schemas.set(`${m} ${route.url}`, { body, querystring });
    },
  });
  owner = await vendor(t.app);
  botA = await createBot(t.app, owner, { botToken: fakeBot(fake).token, botName: 'Alpha' });
  botB = await createBot(t.app, owner, { botToken: fakeBot(fake).token, botName: 'Beta', plan: 'PRO' });
  const person = telegramUser({ first_name: 'Matrix' });
  staffTelegramId = person.id;
  const added = await t.app.inject({
    method: 'POST',
    url: `${owner.base}/staff`,
    headers: owner.auth,
    payload: { telegramId: person.id, name: 'Matrix', role: 'analyst', permissions: ['analytics'] },
  });
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/api/v1/staff-invites/accept',
    payload: { init_data: signInitData(person, TEST_BOT_TOKEN), token: added.json().invite.token },
  });
  staff = { ...owner, auth: bearer(accepted.json().accessToken) };
});
afterEach(async () => {
  fake.state.reset();
  await t.app.close();
});

/** Sets the staff member's seat straight in the table: the next request reads it. */
async function seat(permissions: Permission[], bots: string[] | null) {
  await t.database.db
    .update(staffMembers)
    .set({ permissions, managedBots: bots })
    .where(and(eq(staffMembers.vendorId, owner.vendorId), eq(staffMembers.telegramId, staffTelegramId)));
}

/** Every operation of the document under /vendors/{vendorId}, with its declared permission. */
function vendorOperations() {
  const doc = t.app.swagger() as unknown as Document;
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/v1/vendors/{vendorId}'))
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([m, op]) => {
        const method = m.toUpperCase();
        const route = `${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        return { path, method, op, permission: declared.get(route), schema: schemas.get(route) };
      }),
    );
}

/** A URL for the operation: the vendor, the bot given, and well-formed values for every other parameter. */
function urlOf(path: string, op: Operation, botId: string) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'vendorId') return owner.vendorId;
    if (name === 'botId') return botId;
    const schema = op.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema;
    if (schema?.enum?.[0]) return schema.enum[0];
    if (name === 'month') return '2026-03';
    return '00000000-0000-4000-8000-000000000000';
  });
}

const send = (method: string, url: string, who: Vendor = staff, payload: unknown = {}) =>
  t.app.inject({ method: method as 'GET', url, headers: who.auth, payload: payload as object });

const WEBHOOK = { url: 'https://example.com/hook', events: ['order.created'] };
/**
 * A body (and query) each operation that names a bot validates, keyed `METHOD path` as the document names it:
 * with them the only thing wrong with a call for bot B is the bot, so the answer must be 404. Operations not
 * listed take `{}` (no body, or one that is all optional); the test checks every one against the route's own
 * schema, so a new route with a required field fails here until it is given a valid body.
 */
const VALID: Record<string, { body?: unknown; query?: string }> = {
  'PATCH /api/v1/vendors/{vendorId}/bot-details/{botId}': { body: { name: 'Renamed' } },
  'POST /api/v1/vendors/{vendorId}/bot-details/{botId}/verify': {
    body: { token: '123456789:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
  },
  'PUT /api/v1/vendors/{vendorId}/bots/{botId}/welcome': { body: { text: 'Hello', buttons: [] } },
  'POST /api/v1/vendors/{vendorId}/bots/{botId}/filters/words': { body: { word: 'spam' } },
  'PUT /api/v1/vendors/{vendorId}/bots/{botId}/filters/lists/{listId}': { body: { enabled: true } },
  'POST /api/v1/vendors/{vendorId}/bots/{botId}/filters/test': { body: { text: 'hello' } },
  'PUT /api/v1/vendors/{vendorId}/bots/{botId}/token': {
    body: { token: '123456789:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
  },
  'PATCH /api/v1/vendors/{vendorId}/bots/{botId}/payments/{providerId}': { body: { enabled: true } },
  'POST /api/v1/vendors/{vendorId}/bots/{botId}/shipping/methods': {
    body: { name: 'Courier', price: '4.99', regions: ['US'] },
  },
  'PUT /api/v1/vendors/{vendorId}/bots/{botId}/shipping/settings': {
    body: { trackingEnabled: true, freeShippingThreshold: '50' },
  },
  'GET /api/v1/vendors/{vendorId}/bots/{botId}/shipping/quote': { query: '?region=US&subtotal=10' },
  'POST /api/v1/vendors/{vendorId}/bots/{botId}/webhooks': { body: WEBHOOK },
  'PUT /api/v1/vendors/{vendorId}/bots/{botId}/abandoned-cart': { body: { enabled: true, hours: 6 } },
  'PATCH /api/v1/vendors/{vendorId}/bots/{botId}/webhooks/{webhookId}': { body: { enabled: false } },
};

/** Every row of every table but the seat's own (its presence moves with each request), as one fingerprint. */
async function fingerprint(): Promise<Record<string, string>> {
  const rows = await t.database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('staff_members')`,
  );
  const out: Record<string, string> = {};
  for (const { tablename } of (rows as unknown as { rows: { tablename: string }[] }).rows) {
    const res = await t.database.db.execute<{ h: string }>(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as h from "${tablename}" t`,
      ),
    );
    out[tablename] = (res as unknown as { rows: { h: string }[] }).rows[0]?.h ?? '';
  }
  return out;
}

const others = (needed: Permission[]) => Permission.options.filter((p) => p !== 'all' && !needed.includes(p));

describe('the permission matrix, generated from the OpenAPI document', () => {
  it('declares a permission for every operation under /vendors/{vendorId}', () => {
    const operations = vendorOperations();
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((o) => !o.permission).map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  it('refuses a staff member without the route’s permission with 403 FORBIDDEN, and nothing changes', async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    for (const { path, method, op, permission } of vendorOperations()) {
      if (!permission || permission.length === 0) continue;
      // Everything but what the route needs (a route that needs `all` gets every other permission).
      await seat(others(permission), null);
      const res = await send(method, urlOf(path, op, botA.id));
      if (res.statusCode !== 403 || res.json().error.code !== 'FORBIDDEN') {
        wrong.push(`${method} ${path} (${permission}): ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });

  it('lets a staff member with the route’s permission through (never 403)', async () => {
    const refused: string[] = [];
    // Reads first, then changes, deletions last: a deleted bot must not hide what later calls would show.
    const order = (m: string) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].indexOf(m);
    const operations = vendorOperations().sort((a, b) => order(a.method) - order(b.method));
    for (const { path, method, op, permission } of operations) {
      if (!permission) continue;
      await seat(permission, null);
      const res = await send(method, urlOf(path, op, botA.id));
      if (res.statusCode === 403 && res.json().error.code === 'FORBIDDEN') {
        refused.push(`${method} ${path} (${permission}): ${res.body}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('answers 404 to a staff member limited to bot A for bot B, on every operation that names a bot (settings and webhooks included), with a valid body, changing nothing', async () => {
    await seat(
      Permission.options.filter((p) => p !== 'all'),
      [botA.id],
    );
    const before = await fingerprint();
    const invalid: string[] = [];
    const wrong: string[] = [];
    let checked = 0;
    for (const { path, method, op, permission, schema } of vendorOperations()) {
      if (!permission || permission.includes('all') || !path.includes('{botId}')) continue;
      const { body = {}, query = '' } = VALID[`${method} ${path}`] ?? {};
      // The body and query are the route's own valid ones: nothing but the bot can be wrong with the call.
      if (schema?.body && !schema.body.safeParse(body).success) invalid.push(`${method} ${path} (body)`);
      const search = Object.fromEntries(new URLSearchParams(query));
      if (schema?.querystring && !schema.querystring.safeParse(search).success)
        invalid.push(`${method} ${path} (query)`);
      const res = await send(method, `${urlOf(path, op, botB.id)}${query}`, staff, body);
      checked += 1;
      if (res.statusCode !== 404) wrong.push(`${method} ${path}: ${res.statusCode} ${res.body}`);
    }
    expect(invalid).toEqual([]);
    expect(wrong).toEqual([]);
    // Settings (store, welcome, filters, token, payments, shipping) and webhooks are among them.
    expect(checked).toBeGreaterThan(25);
    expect(await fingerprint()).toEqual(before);
  });

  it('hides bot B’s orders and customers from a staff member limited to bot A, and filters the lists', async () => {
    const customerB = await addCustomer(t, owner.vendorId, { firstName: 'Bea' });
    const productB = await addProduct(t, owner.vendorId, { name: 'Only on B' });
    const customerA = await addCustomer(t, owner.vendorId, { firstName: 'Abe' });
    const productA = await addProduct(t, owner.vendorId, { name: 'Only on A' });
    const orderB = await placeTestOrder(t, {
      vendorId: owner.vendorId,
      bot: botB,
      customerId: customerB.id,
      lines: [{ product: productB }],
    });
    const orderA = await placeTestOrder(t, {
      vendorId: owner.vendorId,
      bot: botA,
      customerId: customerA.id,
      lines: [{ product: productA }],
    });
    await seat(['orders', 'customers', 'products'], [botA.id]);

    const get = (path: string) => send('GET', `${owner.base}${path}`);
    expect((await get(`/orders/${orderB.id}`)).statusCode).toBe(404);
    expect((await get(`/orders/${orderA.id}`)).statusCode).toBe(200);
    expect((await get(`/customers/${customerB.id}`)).statusCode).toBe(404);
    expect((await get(`/customers/${customerA.id}`)).statusCode).toBe(200);

    const orders = (await get('/orders')).json().orders as { bot: { id: string } }[];
    expect(orders.map((o) => o.bot.id)).toEqual([botA.id]);
    const customers = (await get('/customers')).json().customers as { id: string }[];
    expect(customers.map((c) => c.id)).toEqual([customerA.id]);
  });

  it('answers 404 for a product sold only through bot B to a staff member limited to bot A, and lists only A’s', async () => {
    const category = await createCategory(t.app, owner);
    const onlyB = await createProduct(
      t.app,
      owner,
      productBody('physical', category.id, { name: 'Only on B', botIds: [botB.id] }),
    );
    const onlyA = await createProduct(
      t.app,
      owner,
      productBody('physical', category.id, { name: 'Only on A', botIds: [botA.id] }),
    );
    await seat(['products'], [botA.id]);

    const get = (path: string) => send('GET', `${owner.base}${path}`);
    expect((await get(`/products/${onlyB.id}`)).statusCode).toBe(404);
    expect((await get(`/products/${onlyA.id}`)).statusCode).toBe(200);
    const listed = (await get('/products')).json().products as { id: string }[];
    expect(listed.map((p) => p.id)).toContain(onlyA.id);
    expect(listed.map((p) => p.id)).not.toContain(onlyB.id);
  });
});
