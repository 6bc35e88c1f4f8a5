import type { CustomerDetail, CustomerListResponse, CustomerStats } from '@app/contracts/customers';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, type TestClock } from '../../../test/clock';
import { addCustomer, addProduct, placeTestOrder, type Vendor, vendor } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import { percent, shopTestEnv } from '../../../test/orders';

const env = shopTestEnv();
const { get } = env;
let t: TestApp;
let v: Vendor;
let clock: TestClock;

async function setUp() {
  ({ t, v, clock } = await env.start());
}
beforeEach(setUp);

/** One customer per segment rule, over two bots. */
async function people() {
  const a = await env.addBot('Alpha');
  const b = await env.addBot('Beta', { plan: 'PRO' });
  const cheap = await addProduct(t, v.vendorId, { name: 'Pen', priceMinor: 500 });
  const dear = await addProduct(t, v.vendorId, { name: 'Watch', priceMinor: 120_000 });
  const ago = (d: number) => clock.ago(d * DAY_MS);
  const buy = async (c: { id: string }, daysAgo: number, product = cheap, bot = a) =>
    placeTestOrder(t, {
      vendorId: v.vendorId,
      bot,
      customerId: c.id,
      lines: [{ product }],
      createdAt: ago(daysAgo),
    });

  const vipSpend = await addCustomer(t, v.vendorId, {
    firstName: 'Vera',
    lastName: 'Rich',
    createdAt: ago(200),
  });
  await buy(vipSpend, 50, dear);
  const vipCount = await addCustomer(t, v.vendorId, {
    firstName: 'Victor',
    lastName: 'Often',
    createdAt: ago(200),
  });
  for (let i = 0; i < 10; i++) await buy(vipCount, 80 - i * 5);
  const fresh = await addCustomer(t, v.vendorId, {
    firstName: 'Nina',
    lastName: 'New',
    username: 'nina',
    createdAt: ago(6),
  });
  await buy(fresh, 5, cheap, b);
  const freshNoOrder = await addCustomer(t, v.vendorId, {
    firstName: 'Ned',
    lastName: 'Nobuy',
    createdAt: ago(3),
  });
  const gone = await addCustomer(t, v.vendorId, { firstName: 'Ivan', lastName: 'Gone', createdAt: ago(300) });
  await buy(gone, 100, dear);
  const goneNoOrder = await addCustomer(t, v.vendorId, {
    firstName: 'Ines',
    lastName: 'Idle',
    createdAt: ago(120),
  });
  const regular = await addCustomer(t, v.vendorId, {
    firstName: 'Rita',
    lastName: 'Usual',
    createdAt: ago(90),
  });
  await buy(regular, 60);
  await buy(regular, 10, cheap, b);
  return { a, b, vipSpend, vipCount, fresh, freshNoOrder, gone, goneNoOrder, regular };
}

describe('customer segments', () => {
  it('follow the documented rules, in order: Inactive, VIP, New, Regular', async () => {
    const p = await people();
    const { body } = await get<CustomerListResponse>('/customers?limit=100');
    const seg = Object.fromEntries(body.customers.map((c) => [c.id, [c.segment, c.status]]));
    expect(seg).toEqual({
      [p.vipSpend.id]: ['VIP', 'Active'],
      [p.vipCount.id]: ['VIP', 'Active'],
      [p.fresh.id]: ['New', 'Active'],
      [p.freshNoOrder.id]: ['New', 'Active'],
      [p.gone.id]: ['Inactive', 'Inactive'],
      [p.goneNoOrder.id]: ['Inactive', 'Inactive'],
      [p.regular.id]: ['Regular', 'Active'],
    });
    // A VIP who stops ordering becomes Inactive once 90 days pass.
    clock.advance(45 * DAY_MS);
    const later = (await get<CustomerDetail>(`/customers/${p.vipSpend.id}`)).body;
    expect(later.segment).toBe('Inactive');
  });

  it('follow orders as they change: a cancellation takes the spend away', async () => {
    const p = await people();
    const c = await addCustomer(t, v.vendorId, { createdAt: clock.ago(100 * DAY_MS) });
    const dear = await addProduct(t, v.vendorId, { priceMinor: 100_000 });
    const o = await placeTestOrder(t, {
      vendorId: v.vendorId,
      bot: p.a,
      customerId: c.id,
      lines: [{ product: dear }],
      createdAt: clock.ago(40 * DAY_MS),
    });
    expect((await get<CustomerDetail>(`/customers/${c.id}`)).body).toMatchObject({
      segment: 'VIP',
      orders: 1,
    });
    await t.app.inject({
      method: 'PATCH',
      url: `${v.base}/orders/${o.id}/status`,
      headers: v.auth,
      payload: { status: 'cancelled' },
    });
    expect((await get<CustomerDetail>(`/customers/${c.id}`)).body).toMatchObject({
      segment: 'Regular',
      orders: 0,
      totalSpent: 0,
    });
  });
});

describe('GET /vendors/{id}/customers', () => {
  it('filters by segment, status, bot and search, and pages', async () => {
    const p = await people();
    const ids = async (q: string) =>
      (await get<CustomerListResponse>(`/customers?${q}`)).body.customers.map((c) => c.id).sort();
    expect(await ids('segment=VIP')).toEqual([p.vipSpend.id, p.vipCount.id].sort());
    expect(await ids('segment=Inactive')).toEqual([p.gone.id, p.goneNoOrder.id].sort());
    expect(await ids('status=Inactive')).toEqual([p.gone.id, p.goneNoOrder.id].sort());
    expect((await ids('status=Active')).length).toBe(5);
    expect(await ids(`botId=${p.b.id}`)).toEqual([p.fresh.id, p.regular.id].sort());
    expect(await ids('search=rita')).toEqual([p.regular.id]);
    expect(await ids('search=%40nina')).toEqual([p.fresh.id]);
    const first = (await get<CustomerListResponse>('/customers?limit=2')).body;
    expect(first).toMatchObject({ total: 7, hasMore: true, page: 1, limit: 2, totalIsEstimate: false });
    // Most recent buyers first.
    expect(first.customers[0]?.id).toBe(p.fresh.id);
    expect((await get('/customers?limit=1001')).status).toBe(400);
  });

  it('counts customers exactly up to 1,000, and above that answers an estimate the screen calls "about"', async () => {
    await t.database.db.execute(sql`
      insert into customers (vendor_id, telegram_id, first_name)
      select ${v.vendorId}::uuid, 900000000 + n, 'Shopper ' || n from generate_series(1, 1200) as n`);
    const all = (await get<CustomerListResponse>('/customers')).body;
    expect(all).toMatchObject({ totalIsEstimate: true, hasMore: true });
    expect(all.total).toBeGreaterThan(1000);
    const few = (await get<CustomerListResponse>('/customers?search=shopper%20119')).body;
    expect(few).toMatchObject({ total: 11, totalIsEstimate: false });
  });

  it('answers stats, for all bots or one', async () => {
    const p = await people();
    const all = (await get<CustomerStats>('/customers/stats')).body;
    expect(all).toMatchObject({
      totalCustomers: 7,
      vipCustomers: 2,
      newCustomers: 2,
      regularCustomers: 1,
      inactiveCustomers: 2,
      activeCustomers: 5,
      segments: { vip: 2, regular: 1, new: 2, inactive: 2 },
      vipPercentage: 28.6,
    });
    expect(all.retentionRate).toBe(percent(2, 5));
    const beta = (await get<CustomerStats>(`/customers/stats?botId=${p.b.id}`)).body;
    expect(beta.totalCustomers).toBe(2);
  });
});

describe('customer detail and edit', () => {
  it('answers memberships and saves tags, notes, email and phone with an event', async () => {
    const p = await people();
    const d = (await get<CustomerDetail>(`/customers/${p.regular.id}`)).body;
    expect(d.allBots.map((m) => [m.id, m.orderCount, m.totalSpent])).toEqual([
      [p.a.id, 1, 500],
      [p.b.id, 1, 500],
    ]);
    expect(d).toMatchObject({ orderCount: 2, totalSpent: 1000, avgOrderValue: 500, bot: { id: p.a.id } });
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `${v.base}/customers/${p.regular.id}`, headers: v.auth, payload });
    const res = await put({
      tags: ['vip', 'wholesale', 'vip'],
      notes: 'Prefers email',
      email: 'rita@example.com',
      phone: '+1 555 0100',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      tags: ['vip', 'wholesale'],
      notes: 'Prefers email',
      email: 'rita@example.com',
      phone: '+1 555 0100',
    });
    expect((await put({ email: 'not-an-email' })).statusCode).toBe(400);
    expect((await put({ email: '' })).json().email).toBeNull();
    expect((await put({ segment: 'VIP' })).statusCode).toBe(400);
    const audit = await get<{ entries: { type: string; actor: { kind: string } }[] }>(
      `/audit-log?subjectKind=customer&subjectId=${p.regular.id}`,
    );
    expect(audit.body.entries.map((e) => [e.type, e.actor.kind])).toContainEqual([
      'customer.updated',
      'owner',
    ]);
  });

  it("answers 404 for another vendor's customer, and a restricted caller sees only its bots' members", async () => {
    const p = await people();
    const other = await vendor(t.app);
    expect((await get(`/customers/${p.regular.id}`, other)).status).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${other.base}/customers/${p.regular.id}`,
      headers: other.auth,
      payload: { notes: 'x' },
    });
    expect(put.statusCode).toBe(404);
    expect((await get<CustomerDetail>(`/customers/${p.regular.id}`)).body.notes).toBeNull();

    const staff = await env.signInStaff();
    env.grant = { permissions: ['customers'], botIds: [p.b.id] };
    const list = (await get<CustomerListResponse>('/customers', staff)).body;
    expect(list.customers.map((c) => c.id).sort()).toEqual([p.fresh.id, p.regular.id].sort());
    expect((await get(`/customers/${p.vipSpend.id}`, staff)).status).toBe(404);
    const d = (await get<CustomerDetail>(`/customers/${p.regular.id}`, staff)).body;
    expect(d.allBots.map((m) => m.id)).toEqual([p.b.id]);
    expect((await get<CustomerStats>('/customers/stats', staff)).body.totalCustomers).toBe(2);
  });
});
