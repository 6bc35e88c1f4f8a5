import { randomUUID } from 'node:crypto';
import type { Bot, BotListResponse } from '@app/contracts/bots';
import { Permission } from '@app/contracts/permissions';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBot, fakeBot, type Vendor, vendor } from '../../test/factories';
import { createTestApp, signIn, type TestApp, telegramUser } from '../../test/harness';
import { telegramIdentities } from '../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../fakes/bot-api/server';
import type { StaffGrant } from '../modules/auth/actor-resolver';
import { bumpDaily } from '../modules/orders/order-rollups.repository';
import { vendorScope } from './vendor-scope';

let fake: FakeBotApi;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
afterEach(async () => {
  fake.state.reset();
  await t.app.close();
});

const VENDOR_PREFIX = '/api/v1/vendors/:vendorId/';

describe('every vendor route declares its permission', () => {
  /** Every route the app registered, as Fastify saw it. */
  let routes: RouteOptions[];
  beforeEach(async () => {
    routes = [];
    t = await createTestApp({ config: { telegramApiRoot: fake.url }, onRoute: (r) => routes.push(r) });
  });

  it('walks the registered routes: each /vendors/{id} route names a known permission', async () => {
    const vendorRoutes = routes.filter((r) => r.url.startsWith(VENDOR_PREFIX));
    expect(vendorRoutes.length).toBeGreaterThan(10);
    // One permission, or several that are all needed (campaigns' sending: customers and support), or 'self' (the
    // caller's own sessions and two-step: any member signed in).
    const known = (declared: unknown) => {
      if (declared === 'self') return true;
      const list = [declared].flat();
      return list.length > 0 && list.every((p) => Permission.safeParse(p).success);
    };
    const undeclared = vendorRoutes
      .filter((r) => !known(r.config?.permission))
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('walks the registered routes: each /vendors/{id} route refuses another vendor (403) and no token (401)', async () => {
    const owner = await vendor(t.app);
    const other = await vendor(t.app);
    const vendorRoutes = routes.filter((r) => r.url.startsWith(VENDOR_PREFIX) && r.method !== 'HEAD');
    for (const route of vendorRoutes) {
      const url = route.url.replace(':vendorId', owner.vendorId).replace(':botId', randomUUID());
      const method = route.method as 'GET';
      const foreign = await t.app.inject({ method, url, headers: other.auth });
      expect(foreign.statusCode, `${method} ${url} with another vendor's token`).toBe(403);
      expect(foreign.json().error.code).toBe('FORBIDDEN');
      const anonymous = await t.app.inject({ method, url });
      expect(anonymous.statusCode, `${method} ${url} without a token`).toBe(401);
    }
  });

  it('refuses to start a server with a vendor route that declares no permission', async () => {
    const app = Fastify();
    const register = app.register(
      vendorScope(async (scoped) => {
        scoped.get('/orders', async () => []);
      }),
      { prefix: '/vendors/:vendorId' },
    );
    await expect(register).rejects.toThrow('GET /vendors/:vendorId/orders must declare the permission');
    await app.close();
  });
});

describe('a restricted caller', () => {
  let owner: Vendor;
  let mine: Bot;
  let theirs: Bot;
  let grant: StaffGrant | null;
  let staff: { authorization: string };
  let callsBefore: number;

  /**
   * The owner with two bots, and a staff member of the same vendor signed in with their own Telegram identity,
   * whose grant the test sets (the staff module will look it up; until then the app takes it as a dependency).
   */
  /** `initial` is the staff member's grant; `'mine'` in it stands for the first bot's id. */
  async function setUp(
    initial: { permissions: StaffGrant['permissions']; botIds: 'all' | 'mine' | [] } | null,
    extend?: (app: FastifyInstance) => Promise<void>,
  ) {
    grant = null;
    const staffUser = telegramUser({ first_name: 'Staff' });
    t = await createTestApp({
      config: { telegramApiRoot: fake.url },
      findStaffGrant: async (vendorId, telegramId) =>
        vendorId === owner.vendorId && telegramId === staffUser.id ? grant : null,
      ...(extend ? { extend } : {}),
    });
    owner = await vendor(t.app);
    mine = await createBot(t.app, owner, { botToken: fakeBot(fake).token, botName: 'Mine' });
    theirs = await createBot(t.app, owner, { botToken: fakeBot(fake).token, botName: 'Theirs', plan: 'PRO' });
    await t.database.db
      .insert(telegramIdentities)
      .values({ vendorId: owner.vendorId, telegramId: staffUser.id, role: 'STAFF', firstName: 'Staff' });
    const session = await signIn(t.app, staffUser);
    expect(session).toMatchObject({ role: 'STAFF', vendor: { id: owner.vendorId } });
    staff = { authorization: `Bearer ${session.accessToken}` };
    grant = initial && {
      permissions: initial.permissions,
      botIds: initial.botIds === 'mine' ? [mine.id] : initial.botIds,
    };
    callsBefore = fake.state.calls().length;
  }

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `${owner.base}${path}`,
      headers: staff,
      ...(payload ? { payload } : {}),
    });

  it('is refused with 403 FORBIDDEN outside its permissions, and nothing changes', async () => {
    await setUp({ permissions: ['orders'], botIds: 'all' });
    for (const [method, path] of [
      ['GET', '/bots'],
      ['GET', '/dashboard/stats'],
      ['GET', `/bot-details/${mine.id}`],
      ['POST', `/bots/${mine.id}/stop`],
    ] as const) {
      const res = await call(method, path);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json()).toEqual({
        error: {
          code: 'FORBIDDEN',
          message: 'Your permissions do not allow this.',
          details: { permission: expect.any(String) },
        },
      });
    }
    expect(fake.state.calls({ method: 'deleteWebhook' })).toEqual([]);
  });

  it('holds every permission with all', async () => {
    await setUp({ permissions: ['all'], botIds: 'all' });
    expect((await call('GET', '/bots')).json().bots).toHaveLength(2);
    expect((await call('GET', '/dashboard/stats')).statusCode).toBe(200);
  });

  it('sees only its bots in the bots list and its summary', async () => {
    await setUp({ permissions: ['bots'], botIds: 'mine' });
    const res = await call('GET', '/bots');
    expect(res.statusCode).toBe(200);
    const list = res.json() as BotListResponse;
    expect(list.bots.map((b) => b.id)).toEqual([mine.id]);
    expect(list.summary.totalBots).toBe(1);
  });

  it('answers 404 BOT_NOT_FOUND for a bot outside its scope on every bot route, and changes nothing', async () => {
    await setUp({ permissions: ['bots', 'analytics'], botIds: 'mine' });
    const id = theirs.id;
    const requests = [
      ['DELETE', `/bots/${id}`],
      ['POST', `/bots/${id}/start`],
      ['POST', `/bots/${id}/stop`],
      ['GET', `/bot-details/${id}`],
      ['PATCH', `/bot-details/${id}`, { name: 'Mine now' }],
      ['POST', `/bot-details/${id}/verify`, { token: fakeBot(fake).token }],
      ['GET', `/bot-details/${id}/stats`],
      ['GET', `/bot-details/${id}/activity`],
      ['GET', `/bot-details/${id}/analytics`],
    ] as const;
    for (const [method, path, payload] of requests) {
      const res = await call(method, path, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().error.code).toBe('BOT_NOT_FOUND');
    }
    // Telegram was not asked anything: no getMe, no setWebhook, no deleteWebhook.
    expect(fake.state.calls()).toHaveLength(callsBefore);
    const ownerView = await t.app.inject({ method: 'GET', url: `${owner.base}/bots`, headers: owner.auth });
    expect(ownerView.json().bots.find((b: Bot) => b.id === id)).toMatchObject({
      name: 'Theirs',
      isActive: true,
    });
    // Its own bot answers.
    expect((await call('GET', `/bot-details/${mine.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/bot-details/${mine.id}/stats`)).statusCode).toBe(200);
  });

  it('may not add a bot when limited to some bots, and Telegram is not asked', async () => {
    await setUp({ permissions: ['bots'], botIds: 'mine' });
    const res = await call('POST', '/bots', {
      botToken: fakeBot(fake).token,
      botName: 'Sneaky',
      plan: 'PRO',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', details: { botScope: 'limited' } });
    expect(fake.state.calls()).toHaveLength(callsBefore);
  });

  it('gets dashboard figures over its bots only', async () => {
    await setUp({ permissions: ['analytics'], botIds: 'mine' });
    const day = new Date().toISOString().slice(0, 10);
    // Through the rollup's own writer, which keeps each bot's day and the vendor's.
    await t.database.db.transaction(async (tx) => {
      await bumpDaily(tx, owner.vendorId, mine.id, day, {
        orders: 2,
        revenueMinor: 1000,
        revenueUsdMinor: 1000,
      });
      await bumpDaily(tx, owner.vendorId, theirs.id, day, {
        orders: 5,
        revenueMinor: 9000,
        revenueUsdMinor: 9000,
      });
    });
    const res = await call('GET', '/dashboard/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalBots: 1, totalOrders: 2, totalRevenue: 10 });
    const ownerView = await t.app.inject({
      method: 'GET',
      url: `${owner.base}/dashboard/stats`,
      headers: owner.auth,
    });
    expect(ownerView.json()).toMatchObject({ totalBots: 2, totalOrders: 7, totalRevenue: 100 });
  });

  it('is held to its bots when a route names a bot in its query or body', async () => {
    // A route of a later module (orders filtered by bot, a product assigned to bots) needs nothing of its own.
    await setUp({ permissions: ['orders'], botIds: 'mine' }, async (app) => {
      await app.register(
        vendorScope(async (scoped) => {
          scoped.post('/probe', { config: { permission: 'orders' } }, async () => ({ ran: true }));
        }),
        { prefix: '/api/v1/vendors/:vendorId' },
      );
    });
    const probe = (query: string, payload: object) => call('POST', `/probe${query}`, payload);
    expect((await probe('', { botId: mine.id })).json()).toEqual({ ran: true });
    expect((await probe(`?botId=${mine.id}`, { botIds: [mine.id] })).json()).toEqual({ ran: true });
    for (const [query, payload] of [
      ['', { botId: theirs.id }],
      [`?botId=${theirs.id}`, {}],
      ['', { botIds: [mine.id, theirs.id] }],
    ] as const) {
      const res = await probe(query, payload);
      expect(res.statusCode, `${query} ${JSON.stringify(payload)}`).toBe(404);
      expect(res.json().error.code).toBe('BOT_NOT_FOUND');
    }
  });

  it('acts on nothing as staff without a grant', async () => {
    await setUp(null);
    const res = await call('GET', '/dashboard/stats');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });
});
