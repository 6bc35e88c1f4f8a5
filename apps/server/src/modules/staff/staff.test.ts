import type { LoginResponse, MeResponse } from '@app/contracts/auth';
import type { Bot } from '@app/contracts/bots';
import type { OrderStatus } from '@app/contracts/catalogue';
import type {
  CreateStaffBody,
  CreateStaffResponse,
  StaffActivityPage,
  StaffMember,
} from '@app/contracts/staff';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addCustomer,
  addProduct,
  createBot,
  fakeBot,
  placeTestOrder,
  type Vendor,
  vendor,
} from '../../../test/factories';
import {
  bearer,
  createTestApp,
  signIn,
  TEST_BOT_TOKEN,
  type TestApp,
  telegramUser,
} from '../../../test/harness';
import { events, orders, refreshTokens, vendors } from '../../db/schema/index';
import { customerTaps, transcriptOf } from '../../fakes/bot-api/customer';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import type { BotRecord } from '../../fakes/bot-api/state';
import { type BotApi, createBotApi } from '../../lib/telegram/bot-api';
import { type InitDataUser, signInitData } from '../../lib/telegram/init-data';
import { platformWebhookSecret } from '../../lib/telegram/platform-webhook';
import { createTelegramThrottle } from '../../lib/telegram/throttle';
import { createVendorNotifier } from '../notifications/notifications.service';

let fake: FakeBotApi;
let t: TestApp;
let owner: Vendor;
let botA: Bot;
let botB: Bot;
let now: Date;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
beforeEach(async () => {
  now = new Date();
  // The read cache on, as in production: a revoked or narrowed caller must never be served from it.
  t = await createTestApp({ config: { telegramApiRoot: fake.url, readCacheMs: 60_000 }, now: () => now });
  owner = await vendor(t.app);
  botA = await createBot(t.app, owner, { botToken: fakeBot(fake).token, botName: 'Alpha' });
  botB = await createBot(t.app, owner, { botToken: fakeBot(fake).token, botName: 'Beta', plan: 'PRO' });
});
afterEach(async () => {
  fake.state.reset();
  await t.app.close();
});

const call = (
  who: { auth: { authorization: string } } | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: url.startsWith('/api/') ? url : `${owner.base}${url}`,
    headers: who ? who.auth : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const initData = (user: InitDataUser) => signInitData(user, TEST_BOT_TOKEN, { authDate: now });

async function addStaff(body: Partial<CreateStaffBody> & { telegramId: number }, by: Vendor = owner) {
  const res = await call(by, 'POST', '/staff', {
    name: 'Sam Staff',
    role: 'support_agent',
    permissions: ['orders', 'customers', 'support'],
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`add staff failed: ${res.statusCode} ${res.body}`);
  return res.json() as CreateStaffResponse;
}

/** A person with a seat, who took it through the invite link: the account as they call it. */
async function joined(user: InitDataUser, body: Partial<CreateStaffBody> = {}) {
  const { member, invite } = await addStaff({ telegramId: user.id, ...body });
  // Each step a second apart, so the trail's order is the order of the steps.
  now = new Date(now.getTime() + 1000);
  const res = await call(null, 'POST', '/api/v1/staff-invites/accept', {
    init_data: initData(user),
    token: invite.token,
  });
  expect(res.statusCode).toBe(200);
  const session = res.json() as LoginResponse;
  now = new Date(now.getTime() + 1000);
  return { member, session, as: { ...owner, auth: bearer(session.accessToken) } };
}

const vendorCount = async () =>
  Number((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(vendors))[0]?.n);

const staffEvents = () =>
  t.database.db
    .select({
      type: events.type,
      actorKind: events.actorKind,
      actorId: events.actorId,
      payload: events.payload,
    })
    .from(events)
    .where(and(eq(events.vendorId, owner.vendorId), eq(events.subjectKind, 'staff')))
    .orderBy(asc(events.createdAt));

async function anOrder(bot: Bot, status?: OrderStatus) {
  const customer = await addCustomer(t, owner.vendorId);
  const product = await addProduct(t, owner.vendorId);
  return placeTestOrder(t, {
    vendorId: owner.vendorId,
    bot,
    customerId: customer.id,
    lines: [{ product }],
    createdAt: now,
    ...(status ? { status } : {}),
  });
}

describe('adding staff', () => {
  it('adds a pending seat with a single-use invite link for 7 days, and records staff.added by the owner', async () => {
    const person = telegramUser();
    const { member, invite } = await addStaff({ telegramId: person.id, username: '@sam', notes: 'Nights' });
    expect(member).toMatchObject({
      telegramId: person.id,
      name: 'Sam Staff',
      username: 'sam',
      role: 'support_agent',
      permissions: ['orders', 'customers', 'support'],
      managedBots: 'all',
      status: 'pending',
      notes: 'Nights',
      presence: 'offline',
    });
    expect(invite.token.length).toBeGreaterThan(20);
    expect(new Date(invite.expiresAt).getTime() - now.getTime()).toBe(7 * 24 * 3600 * 1000);
    expect(await staffEvents()).toEqual([
      expect.objectContaining({ type: 'staff.added', actorKind: 'owner', actorId: expect.any(String) }),
    ]);
  });

  it('has the platform bot message the person the invite link (best effort: they may never have started it)', async () => {
    fake.state.registerBot({ token: TEST_BOT_TOKEN, username: 'platform_bot', firstName: 'Platform' });
    const person = telegramUser();
    const { invite } = await addStaff({ telegramId: person.id });
    expect(invite.url).toBe(`https://t.me/platform_bot?startapp=invite_${invite.token}`);
    const sent = fake.state.calls({ method: 'sendMessage', token: TEST_BOT_TOKEN });
    expect(sent.map((c) => c.params.chat_id)).toEqual([person.id]);
    expect(JSON.stringify(sent[0]?.params.reply_markup)).toContain(invite.url);
  });

  it('refuses a member without permissions in the spec’s words', async () => {
    const res = await call(owner, 'POST', '/staff', {
      telegramId: telegramUser().id,
      name: 'Sam',
      role: 'analyst',
      permissions: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Staff member must have at least one permission');
  });

  it('refuses Full Access together with other permissions (Full Access stands alone)', async () => {
    const res = await call(owner, 'POST', '/staff', {
      telegramId: telegramUser().id,
      name: 'Sam',
      role: 'admin',
      permissions: ['all', 'orders'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('STAFF_FULL_ACCESS_ALONE');
  });

  it('refuses an unknown role or permission', async () => {
    const base = { telegramId: telegramUser().id, name: 'Sam' };
    expect(
      (await call(owner, 'POST', '/staff', { ...base, role: 'boss', permissions: ['orders'] })).statusCode,
    ).toBe(400);
    expect(
      (await call(owner, 'POST', '/staff', { ...base, role: 'analyst', permissions: ['everything'] }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses the same Telegram account twice (409) and the owner (409), creating nothing', async () => {
    const person = telegramUser();
    await addStaff({ telegramId: person.id });
    const again = await call(owner, 'POST', '/staff', {
      telegramId: person.id,
      name: 'Again',
      role: 'analyst',
      permissions: ['analytics'],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('STAFF_ALREADY_ADDED');

    const me = (await call(owner, 'GET', '/api/v1/me')).json() as MeResponse;
    const ownerSeat = await call(owner, 'POST', '/staff', {
      telegramId: me.telegramId,
      name: 'Me',
      role: 'admin',
      permissions: ['all'],
    });
    expect(ownerSeat.statusCode).toBe(409);
    expect(ownerSeat.json().error.code).toBe('STAFF_IS_OWNER');
    expect((await staffEvents()).length).toBe(1);
  });

  it('answers 404 for a bot of another vendor in managedBots, creating nothing', async () => {
    const other = await vendor(t.app);
    const foreign = await createBot(t.app, other, { botToken: fakeBot(fake).token, botName: 'Shop' });
    const res = await call(owner, 'POST', '/staff', {
      telegramId: telegramUser().id,
      name: 'Sam',
      role: 'support_agent',
      permissions: ['orders'],
      managedBots: [botA.id, foreign.id],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('BOT_NOT_FOUND');
    expect((await call(owner, 'GET', '/staff')).json().total).toBe(0);
  });

  it('lists the team with search by name, username or Telegram id, and role and status filters', async () => {
    const ann = telegramUser();
    await addStaff({
      telegramId: ann.id,
      name: 'Ann Lee',
      username: 'annie',
      role: 'analyst',
      permissions: ['analytics'],
    });
    await addStaff({ telegramId: telegramUser().id, name: 'Bob Ray', username: 'bobby' });
    const names = async (query: string) =>
      ((await call(owner, 'GET', `/staff${query}`)).json().staff as StaffMember[]).map((m) => m.name);
    expect(await names('')).toEqual(['Ann Lee', 'Bob Ray']);
    expect(await names('?search=ann')).toEqual(['Ann Lee']);
    expect(await names('?search=%40bobby')).toEqual(['Bob Ray']);
    expect(await names(`?search=${ann.id}`)).toEqual(['Ann Lee']);
    expect(await names('?role=support_agent')).toEqual(['Bob Ray']);
    expect(await names('?status=active')).toEqual([]);
  });
});

describe('taking a seat', () => {
  it('activates the seat for the invited account, which lands in the account as STAFF with no store of its own', async () => {
    const person = telegramUser({ first_name: 'Sam' });
    const before = await vendorCount();
    const { session, member, as } = await joined(person, { managedBots: [botA.id] });
    expect(session).toMatchObject({ role: 'STAFF', vendor: { id: owner.vendorId } });
    expect(await vendorCount()).toBe(before);
    expect((await call(owner, 'GET', `/staff/${member.id}`)).json()).toMatchObject({
      status: 'active',
      joinDate: expect.any(String),
    });
    const me = (await call(as, 'GET', '/api/v1/me')).json() as MeResponse;
    expect(me).toMatchObject({
      role: 'STAFF',
      vendor: { id: owner.vendorId },
      telegramId: person.id,
      permissions: ['orders', 'customers', 'support'],
      botIds: [botA.id],
    });
    // Signing in later lands there too.
    expect(await signIn(t.app, person)).toMatchObject({ role: 'STAFF', vendor: { id: owner.vendorId } });
  });

  it('refuses the link opened by another Telegram account, and leaves it for the right one', async () => {
    const person = telegramUser();
    const { invite } = await addStaff({ telegramId: person.id });
    const stranger = telegramUser();
    const refused = await call(null, 'POST', '/api/v1/staff-invites/accept', {
      init_data: initData(stranger),
      token: invite.token,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'This invite is for another Telegram account. Open it from the account it was sent to.',
    );
    const accepted = await call(null, 'POST', '/api/v1/staff-invites/accept', {
      init_data: initData(person),
      token: invite.token,
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('refuses a used link (404) and an expired one (410); resend issues a new token and ends the old', async () => {
    const person = telegramUser();
    const { invite, member } = await addStaff({ telegramId: person.id });
    const resent = (await call(owner, 'POST', `/staff/${member.id}/invite`)).json();
    expect(resent.token).not.toBe(invite.token);
    const accept = (token: string) =>
      call(null, 'POST', '/api/v1/staff-invites/accept', { init_data: initData(person), token });
    expect((await accept(invite.token)).statusCode).toBe(404);

    now = new Date(now.getTime() + 7 * 24 * 3600 * 1000 + 1000);
    expect((await accept(resent.token)).statusCode).toBe(410);

    now = new Date(now.getTime() - 2 * 24 * 3600 * 1000);
    expect((await accept(resent.token)).statusCode).toBe(200);
    expect((await accept(resent.token)).statusCode).toBe(404);
  });

  it('activates a seat added by Telegram id at the person’s sign-in, without creating a store', async () => {
    const person = telegramUser();
    await addStaff({ telegramId: person.id });
    const before = await vendorCount();
    expect(await signIn(t.app, person)).toMatchObject({ role: 'STAFF', vendor: { id: owner.vendorId } });
    expect(await vendorCount()).toBe(before);
  });
});

describe('accounts', () => {
  it('lists a person’s own store and their seats, switches between them, and signs in to the last one used', async () => {
    const person = telegramUser();
    const own = await signIn(t.app, person);
    const { invite } = await addStaff({ telegramId: person.id });
    // Their own store stays where sign-in lands until they switch.
    expect(await signIn(t.app, person)).toMatchObject({ role: 'VENDOR', vendor: { id: own.vendor.id } });
    expect(
      (
        await call(null, 'POST', '/api/v1/staff-invites/accept', {
          init_data: initData(person),
          token: invite.token,
        })
      ).statusCode,
    ).toBe(404); // taken at that sign-in already

    const mine = { auth: bearer(own.accessToken) };
    const accounts = (await call(mine, 'GET', '/api/v1/auth/accounts')).json().accounts;
    expect(accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          role: 'VENDOR',
          current: true,
          vendor: expect.objectContaining({ id: own.vendor.id }),
        }),
        expect.objectContaining({
          role: 'STAFF',
          current: false,
          vendor: expect.objectContaining({ id: owner.vendorId }),
        }),
      ]),
    );

    const switched = await call(mine, 'POST', '/api/v1/auth/switch', { vendorId: owner.vendorId });
    expect(switched.json()).toMatchObject({ role: 'STAFF', vendor: { id: owner.vendorId } });
    expect(await signIn(t.app, person)).toMatchObject({ role: 'STAFF', vendor: { id: owner.vendorId } });

    const stranger = await vendor(t.app);
    expect(
      (await call(mine, 'POST', '/api/v1/auth/switch', { vendorId: stranger.vendorId })).statusCode,
    ).toBe(404);
  });
});

describe('the grant on every request', () => {
  it('gives a staff caller exactly their permissions and bots', async () => {
    const { as } = await joined(telegramUser(), { managedBots: [botA.id] });
    await anOrder(botA);
    await anOrder(botB);
    const orders = await call(as, 'GET', '/orders');
    expect(orders.statusCode).toBe(200);
    expect(orders.json().orders.map((o: { bot: { id: string } }) => o.bot.id)).toEqual([botA.id]);
    expect((await call(as, 'GET', '/analytics')).statusCode).toBe(403);
    expect((await call(as, 'GET', '/staff')).statusCode).toBe(403);
    expect((await call(as, 'GET', `/bots/${botB.id}`)).statusCode).toBe(404);
  });

  it('applies a narrowed grant on the next request, never from the read cache', async () => {
    const { as, member } = await joined(telegramUser());
    expect((await call(as, 'GET', '/orders')).statusCode).toBe(200);
    expect((await call(as, 'GET', '/orders')).headers['x-read-cache']).toBe('hit');
    await call(owner, 'PATCH', `/staff/${member.id}`, { permissions: ['customers'] });
    expect((await call(as, 'GET', '/orders')).statusCode).toBe(403);

    await call(owner, 'PATCH', `/staff/${member.id}`, { permissions: ['orders'], managedBots: [botB.id] });
    await anOrder(botA);
    const list = await call(as, 'GET', '/orders');
    expect(list.headers['x-read-cache']).toBeUndefined();
    expect(list.json().orders).toEqual([]);
  });

  it('revokes (Inactive) at once: the next request is refused and the refresh token ends', async () => {
    const { as, member, session } = await joined(telegramUser());
    expect((await call(as, 'GET', '/orders')).statusCode).toBe(200);
    const revoked = await call(owner, 'PATCH', `/staff/${member.id}`, { status: 'inactive' });
    expect(revoked.json().status).toBe('inactive');
    expect((await call(as, 'GET', '/orders')).statusCode).toBe(403);
    const refresh = await call(null, 'POST', '/api/v1/auth/refresh', { refreshToken: session.refreshToken });
    expect(refresh.statusCode).toBe(401);
    expect((await call(owner, 'PATCH', `/staff/${member.id}`, { status: 'active' })).json().status).toBe(
      'active',
    );
    expect((await call(as, 'GET', '/orders')).statusCode).toBe(200);
  });

  it('removes a member: the seat, their sessions in the account, and staff.removed by whom', async () => {
    const { as, member } = await joined(telegramUser());
    expect((await call(owner, 'DELETE', `/staff/${member.id}`)).statusCode).toBe(204);
    expect((await call(as, 'GET', '/orders')).statusCode).toBe(403);
    expect((await call(owner, 'GET', `/staff/${member.id}`)).statusCode).toBe(404);
    const live = await t.database.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.vendorId, owner.vendorId), sql`revoked_at is null`, sql`role = 'STAFF'`));
    expect(live).toEqual([]);
    expect((await staffEvents()).map((e) => e.type)).toEqual([
      'staff.added',
      'staff.updated',
      'staff.removed',
    ]);
  });
});

describe('who manages the team', () => {
  it('lets a Full Access member manage the team, but only within their own bots (no escalation)', async () => {
    const { as } = await joined(telegramUser(), {
      role: 'admin',
      permissions: ['all'],
      managedBots: [botA.id],
    });
    const body = {
      telegramId: telegramUser().id,
      name: 'New',
      role: 'support_agent',
      permissions: ['orders'],
    };
    expect((await call(as, 'POST', '/staff', { ...body, managedBots: 'all' })).statusCode).toBe(403);
    expect((await call(as, 'POST', '/staff', { ...body, managedBots: [botB.id] })).statusCode).toBe(403);
    const ok = await call(as, 'POST', '/staff', { ...body, managedBots: [botA.id] });
    expect(ok.statusCode).toBe(201);
    expect(await staffEvents()).toContainEqual(
      expect.objectContaining({ type: 'staff.added', actorKind: 'staff' }),
    );
  });

  it('keeps the last Full Access member from revoking or narrowing themselves', async () => {
    const { as, member } = await joined(telegramUser(), { role: 'admin', permissions: ['all'] });
    const self = `/staff/${member.id}`;
    expect((await call(as, 'DELETE', self)).json().error.code).toBe('STAFF_LAST_FULL_ACCESS');
    expect((await call(as, 'PATCH', self, { status: 'inactive' })).statusCode).toBe(409);
    expect((await call(as, 'PATCH', self, { permissions: ['orders'] })).statusCode).toBe(409);
    // The owner can.
    expect((await call(owner, 'PATCH', self, { permissions: ['orders'] })).statusCode).toBe(200);
  });
});

describe('the activity log', () => {
  it('shows what the member did, filtered by type and period, paged by cursor, and exported as CSV', async () => {
    const { as, member } = await joined(telegramUser());
    const order1 = await anOrder(botA);
    const order2 = await anOrder(botA);
    for (const order of [order1, order2]) {
      now = new Date(now.getTime() + 1000);
      const moved = await call(as, 'PATCH', `/orders/${order.id}/status`, { status: 'processing' });
      expect(moved.statusCode).toBe(200);
    }
    const log = (q: string) =>
      call(owner, 'GET', `/staff/${member.id}/activity${q}`).then((r) => r.json() as StaffActivityPage);

    const all = await log('');
    expect(all.entries.map((e) => [e.type, e.group])).toEqual([
      ['order.status_changed', 'orders'],
      ['order.status_changed', 'orders'],
      ['staff.updated', 'system'],
    ]);
    expect((await log('?type=products')).entries).toEqual([]);
    expect((await log('?type=orders&period=today')).entries.length).toBe(2);
    expect((await log('?period=yesterday')).entries).toEqual([]);

    const first = await log('?limit=2');
    expect(first.entries.length).toBe(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await log(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.entries.map((e) => e.type)).toEqual(['staff.updated']);
    expect(second.nextCursor).toBeNull();

    const csv = await call(owner, 'GET', `/staff/${member.id}/activity/export?type=orders`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('timestamp,type,group,bot_id,subject_kind,subject_id,detail');
    expect(lines.length).toBe(3);
    expect(lines[1]).toContain(`order.status_changed,orders,${botA.id},order,`);
  });

  it('measures orders handled, handled on time and the response time from the trail', async () => {
    const { as, member } = await joined(telegramUser());
    const order = await anOrder(botA);
    await anOrder(botA);
    now = new Date(now.getTime() + 30 * 60_000);
    await call(as, 'PATCH', `/orders/${order.id}/status`, { status: 'processing' });
    const res = await call(owner, 'GET', `/staff/${member.id}/metrics?period=today`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().metrics).toEqual([
      { metric: 'orders_handled', value: 1, total: 2, percentage: 50 },
      { metric: 'orders_on_time', value: 1, total: 1, percentage: 100 },
      { metric: 'avg_response_minutes', value: 30, total: null, percentage: null },
    ]);
  });

  it('shows a member online after a request in the last 5 minutes', async () => {
    const { as, member } = await joined(telegramUser());
    await call(as, 'GET', '/orders');
    const presence = async () => (await call(owner, 'GET', `/staff/${member.id}`)).json().presence;
    expect(await presence()).toBe('online');
    now = new Date(now.getTime() + 6 * 60_000);
    expect(await presence()).toBe('offline');
  });
});

describe('alerts to the team', () => {
  it('tells the staff responsible for a paid order (permission and bot) through the platform bot, and nobody else', async () => {
    const onA = telegramUser();
    const onB = telegramUser();
    const noOrders = telegramUser();
    await joined(onA, { managedBots: [botA.id] });
    await joined(onB, { managedBots: [botB.id] });
    await joined(noOrders, { role: 'analyst', permissions: ['analytics'] });
    const pending = telegramUser();
    await addStaff({ telegramId: pending.id });

    const told: number[] = [];
    const botApi = {
      call: async (_token: string, _method: string, params: { chat_id: number }) => {
        told.push(params.chat_id);
        return { message_id: 1 };
      },
    } as unknown as BotApi;
    const notifier = createVendorNotifier({
      db: t.database.db,
      botApi,
      platformBotToken: TEST_BOT_TOKEN,
      platformBot: { miniAppLink: async (p) => `https://t.me/platform_bot?startapp=${p}` },
    });
    const me = (await call(owner, 'GET', '/api/v1/me')).json() as MeResponse;
    await notifier.tell(owner.vendorId, 'order_paid', {
      subjectId: '00000000-0000-4000-8000-000000000001',
      botId: botA.id,
      params: { orderNumber: 7, totalMinor: 1000, currency: 'USD', botUsername: 'shop_bot' },
    });
    expect(told).toEqual([me.telegramId, onA.id]);
  });
});

describe('muting alerts', () => {
  it('lets a member mute a kind of alert for themselves, without the all permission, and the sender honours it', async () => {
    const agent = telegramUser();
    const { as } = await joined(agent, { managedBots: [botA.id] });
    const told: number[] = [];
    const botApi = {
      call: async (_token: string, _method: string, params: { chat_id: number }) => {
        told.push(params.chat_id);
        return { message_id: 1 };
      },
    } as unknown as BotApi;
    const notifier = createVendorNotifier({
      db: t.database.db,
      botApi,
      platformBotToken: TEST_BOT_TOKEN,
      platformBot: { miniAppLink: async (p) => `https://t.me/platform_bot?startapp=${p}` },
    });
    const paid = () =>
      notifier.tell(owner.vendorId, 'order_paid', {
        subjectId: '00000000-0000-4000-8000-000000000001',
        botId: botA.id,
        params: { orderNumber: 7, amountMinor: 1000, currency: 'USD', botUsername: 'shop_bot' },
      });

    const muted = await call(as, 'PUT', '/api/v1/me/alerts', { muted: ['orders'] });
    expect(muted.statusCode).toBe(200);
    expect((await call(as, 'GET', '/api/v1/me/alerts')).json()).toEqual({ muted: ['orders'] });
    await paid();
    expect(told).not.toContain(agent.id);

    await call(as, 'PUT', '/api/v1/me/alerts', { muted: ['stock'] });
    await paid();
    expect(told).toContain(agent.id);
  });

  it('refuses an unknown alert kind', async () => {
    const { as } = await joined(telegramUser());
    expect((await call(as, 'PUT', '/api/v1/me/alerts', { muted: ['everything'] })).statusCode).toBe(400);
  });
});

describe('bot pickers', () => {
  it('gives any member the names of their own bots, without the bots permission', async () => {
    const { as } = await joined(telegramUser(), {
      role: 'support_agent',
      permissions: ['support'],
      managedBots: [botA.id],
    });
    expect((await call(as, 'GET', '/bots')).statusCode).toBe(403);
    const res = await call(as, 'GET', '/api/v1/me/bots');
    expect(res.statusCode).toBe(200);
    expect(res.json().bots).toEqual([{ id: botA.id, name: 'Alpha', username: botA.username }]);
  });
});

describe('acting on alerts in chat', () => {
  let platform: BotRecord;
  beforeEach(async () => {
    // The platform bot in the fake, its webhook pointed at this app (taps arrive as Telegram sends them).
    fake.state.registerBot({ token: TEST_BOT_TOKEN, username: 'platform_bot', firstName: 'Platform' });
    const found = fake.state.findBot(TEST_BOT_TOKEN);
    if (!found) throw new Error('no platform bot');
    platform = found;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    platform.webhook = {
      url: `http://127.0.0.1:${port}/telegram/platform-webhook`,
      secret_token: platformWebhookSecret(t.config.appSecret),
      allowed_updates: undefined,
      max_connections: 40,
    };
  });

  /** A paid order on `bot`, its alert sent by the platform bot to everyone responsible. */
  async function alerted(bot: Bot) {
    const order = await anOrder(bot, 'processing');
    await createVendorNotifier({
      db: t.database.db,
      botApi: createBotApi({ apiRoot: fake.url }),
      platformBotToken: TEST_BOT_TOKEN,
      platformBot: { miniAppLink: async (p) => `https://t.me/platform_bot?startapp=${p}` },
      // No pacing here: the invite and the alert go to one chat back to back (the throttle has its own tests).
      throttle: createTelegramThrottle({
        privateChat: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
        groupChat: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
        bot: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
      }),
    }).tell(owner.vendorId, 'order_paid', {
      subjectId: order.id,
      botId: bot.id,
      params: { orderNumber: order.number, amountMinor: 1000, currency: 'USD', botUsername: 'shop_bot' },
    });
    return order;
  }

  const orderStatus = async (orderId: string) =>
    (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
      ?.status;
  const orderEvents = (orderId: string) =>
    t.database.db
      .select({ type: events.type, actorKind: events.actorKind, actorId: events.actorId })
      .from(events)
      .where(and(eq(events.vendorId, owner.vendorId), eq(events.subjectId, orderId)))
      .orderBy(asc(events.createdAt));
  const tap = (user: InitDataUser, text: string) =>
    customerTaps(fake.state, platform, { ...user, is_bot: false }, { text });

  it('offers Open order and the next move (Mark shipped) on a paid order’s alert', async () => {
    const agent = telegramUser();
    await joined(agent, { managedBots: [botA.id] });
    const order = await alerted(botA);
    // The newest message: the alert (the invite came first).
    const message = transcriptOf(fake.state, platform, agent.id)
      .entries.filter((e) => e.type === 'message')
      .at(-1);
    const keyboard = (message as { message: { reply_markup?: { inline_keyboard: unknown[][] } } }).message
      .reply_markup?.inline_keyboard;
    expect(keyboard).toEqual([
      [
        { text: 'Open order', url: `https://t.me/platform_bot?startapp=order_${order.id}` },
        { text: 'Mark shipped', callback_data: expect.stringMatching(/^m:.{22}:.{22}:shipped$/) },
      ],
    ]);
  });

  it('moves the order when an allowed staff member taps the move, as the app does, with them as actor', async () => {
    const agent = telegramUser();
    await joined(agent, { managedBots: [botA.id] });
    const order = await alerted(botA);

    const { answer } = await tap(agent, 'Mark shipped');

    expect(await orderStatus(order.id)).toBe('shipped');
    expect(answer).toMatchObject({ text: `✅ Order #${order.number}: shipped` });
    expect(await orderEvents(order.id)).toContainEqual({
      type: 'order.status_changed',
      actorKind: 'staff',
      actorId: String(agent.id),
    });
  });

  it('refuses a tap once the member lost the orders permission: an alert, nothing changed, recorded', async () => {
    const agent = telegramUser();
    const { member } = await joined(agent, { managedBots: [botA.id] });
    const order = await alerted(botA);
    await call(owner, 'PATCH', `/staff/${member.id}`, { permissions: ['customers'] });

    const { answer } = await tap(agent, 'Mark shipped');

    expect(answer).toMatchObject({ show_alert: true, text: 'You may no longer change this order.' });
    expect(await orderStatus(order.id)).toBe('processing');
    const trail = await orderEvents(order.id);
    expect(trail.map((e) => e.type)).not.toContain('order.status_changed');
    expect(trail).toContainEqual({
      type: 'order.move_refused',
      actorKind: 'staff',
      actorId: String(agent.id),
    });
  });

  it('refuses a tap on an order of a bot taken out of the member’s scope', async () => {
    const agent = telegramUser();
    const { member } = await joined(agent, { managedBots: [botA.id] });
    const order = await alerted(botA);
    await call(owner, 'PATCH', `/staff/${member.id}`, { managedBots: [botB.id] });

    const { answer } = await tap(agent, 'Mark shipped');

    expect(answer).toMatchObject({ show_alert: true, text: 'You may no longer change this order.' });
    expect(await orderStatus(order.id)).toBe('processing');
    expect((await orderEvents(order.id)).map((e) => e.type)).toContain('order.move_refused');
  });
});
