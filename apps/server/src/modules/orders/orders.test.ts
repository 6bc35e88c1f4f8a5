import type { Bot } from '@app/contracts/bots';
import { OrderStatus } from '@app/contracts/catalogue';
import {
  nextStatuses,
  ORDER_STATUS_FLOWS,
  type OrderDetail,
  type OrderListResponse,
  type OrderStats,
} from '@app/contracts/orders';
import type { Product } from '@app/contracts/products';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, type TestClock } from '../../../test/clock';
import {
  addCustomer,
  addProduct,
  createCategory,
  createProduct,
  placeTestOrder,
  productBody,
  type Vendor,
  vendor,
} from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import { rollupSnapshot, shopTestEnv } from '../../../test/orders';
import { customers, products, telegramIdentities } from '../../db/schema/index';
import { claimCodes } from '../products/product-codes.service';
import { rebuildOrderRollups, recordProductViews } from './order-rollups.repository';

const env = shopTestEnv();
const { get } = env;
let t: TestApp;
let v: Vendor;
let clock: TestClock;

async function setUp() {
  ({ t, v, clock } = await env.start());
}
beforeEach(setUp);

const patchStatus = (orderId: string, payload: object, of: Vendor = v) =>
  t.app.inject({ method: 'PATCH', url: `${of.base}/orders/${orderId}/status`, headers: of.auth, payload });

/** Two bots, three customers, products of each type, and a few orders over the last days. */
async function shop() {
  const a = await env.addBot('Alpha');
  const b = await env.addBot('Beta', { plan: 'PRO' });
  const jane = await addCustomer(t, v.vendorId, { firstName: 'Jane', lastName: 'Doe', username: 'janed' });
  const omar = await addCustomer(t, v.vendorId, { firstName: 'Omar', lastName: 'Khan', username: 'okhan' });
  const lee = await addCustomer(t, v.vendorId, { firstName: 'Lee', lastName: null, username: null });
  const mug = await addProduct(t, v.vendorId, {
    name: 'Mug',
    productType: 'physical',
    priceMinor: 1500,
    stock: 10,
  });
  const ebook = await addProduct(t, v.vendorId, { name: 'E-book', productType: 'digital', priceMinor: 900 });
  const yoga = await addProduct(t, v.vendorId, {
    name: 'Yoga class',
    productType: 'service',
    priceMinor: 4000,
  });
  const place = (
    bot: Bot,
    customerId: string,
    lines: Parameters<typeof placeTestOrder>[1]['lines'],
    daysAgo = 0,
  ) =>
    placeTestOrder(t, {
      vendorId: v.vendorId,
      bot,
      customerId,
      lines,
      createdAt: clock.ago(daysAgo * DAY_MS),
    });
  const o1 = await place(a, jane.id, [{ product: mug, quantity: 2 }], 0);
  const o2 = await place(a, omar.id, [{ product: ebook }], 1);
  const o3 = await place(b, jane.id, [{ product: yoga }], 3);
  const o4 = await place(b, lee.id, [{ product: mug }, { product: ebook }], 10);
  return { a, b, jane, omar, lee, mug, ebook, yoga, o1, o2, o3, o4 };
}

const ids = (r: OrderListResponse) => r.orders.map((o) => o.id);

describe('GET /vendors/{id}/orders', () => {
  it('lists newest first with customer, bot, allowed moves, exact total and stats', async () => {
    const s = await shop();
    const { status, body } = await get<OrderListResponse>('/orders');
    expect(status).toBe(200);
    expect(ids(body)).toEqual([s.o1.id, s.o2.id, s.o3.id, s.o4.id]);
    expect(body).toMatchObject({ total: 4, totalIsEstimate: false, page: 1, limit: 50, hasMore: false });
    expect(body.orders[0]).toMatchObject({
      number: s.o1.number,
      orderId: `#${s.o1.number}`,
      status: 'pending',
      productType: 'physical',
      amount: 3000,
      currency: 'USD',
      amountFormatted: '$30',
      items: 2,
      customer: { id: s.jane.id, name: 'Jane Doe', username: 'janed' },
      bot: { id: s.a.id, name: 'Alpha' },
      allowedStatuses: ['processing', 'cancelled'],
    });
    expect(body.orders[3]?.productType).toBe('mixed');
    expect(body.stats).toMatchObject({
      totalOrders: 4,
      physicalOrders: 1,
      digitalOrders: 1,
      serviceOrders: 1,
      mixedOrders: 1,
      todayOrders: 1,
      pendingOrders: 4,
      avgOrderValue: Math.round((3000 + 900 + 4000 + 2400) / 4),
    });
  });

  it('filters by status, bot, product type, customer, dates and search, and pages', async () => {
    const s = await shop();
    await patchStatus(s.o2.id, { status: 'processing' });
    const list = async (q: string) => (await get<OrderListResponse>(`/orders?${q}`)).body;
    expect(ids(await list('status=processing'))).toEqual([s.o2.id]);
    expect(ids(await list('status=processing,pending'))).toEqual([s.o1.id, s.o2.id, s.o3.id, s.o4.id]);
    expect((await list('status=processing')).total).toBe(1);
    expect(ids(await list(`botId=${s.b.id}`))).toEqual([s.o3.id, s.o4.id]);
    expect((await list(`botId=${s.b.id}`)).stats.totalOrders).toBe(2);
    expect(ids(await list('productType=service'))).toEqual([s.o3.id]);
    expect(ids(await list(`customerId=${s.jane.id}`))).toEqual([s.o1.id, s.o3.id]);
    expect((await list(`customerId=${s.jane.id}`)).total).toBe(2);
    expect(ids(await list(`from=${clock.dayAgo(3 * DAY_MS)}&to=${clock.dayAgo(1 * DAY_MS)}`))).toEqual([
      s.o2.id,
      s.o3.id,
    ]);
    expect(ids(await list(`search=${s.o3.number}`))).toEqual([s.o3.id]);
    expect(ids(await list(`search=%23${s.o3.number}`))).toEqual([s.o3.id]);
    expect(ids(await list('search=jane'))).toEqual([s.o1.id, s.o3.id]);
    expect(ids(await list('search=Doe'))).toEqual([s.o1.id, s.o3.id]);
    expect(ids(await list('search=%40okh'))).toEqual([s.o2.id]);
    expect(ids(await list('search=nobody'))).toEqual([]);
    expect(ids(await list('search=100%25'))).toEqual([]);
    const p1 = await list('limit=3');
    expect(p1).toMatchObject({ total: 4, hasMore: true, limit: 3 });
    const p2 = await list('limit=3&page=2');
    expect(ids(p2)).toEqual([s.o4.id]);
    expect(p2.hasMore).toBe(false);
    expect((await get('/orders?limit=101')).status).toBe(400);
    expect((await get('/orders?status=shipping')).status).toBe(400);
  });

  it("counts a search's orders exactly up to 1,000, and above that says about how many its customers have", async () => {
    const s = await shop();
    const jane = await get<OrderListResponse>('/orders?search=jane');
    expect(jane.body).toMatchObject({ total: 2, totalIsEstimate: false });
    // Jane's kept order count as if she had bought 1,500 times: the estimate comes from it, nothing is counted.
    await t.database.db.update(customers).set({ orderCount: 1500 }).where(sql`id = ${s.jane.id}`);
    const many = await get<OrderListResponse>('/orders?search=jane');
    expect(many.body).toMatchObject({ total: 1500, totalIsEstimate: true });
    expect(ids(many.body)).toEqual([s.o1.id, s.o3.id]);
    // With another filter the matches' order counts say nothing: the orders are counted.
    expect((await get<OrderListResponse>(`/orders?search=jane&botId=${s.a.id}`)).body).toMatchObject({
      total: 1,
      totalIsEstimate: false,
    });
  });

  it('answers stats on their own', async () => {
    const s = await shop();
    await patchStatus(s.o2.id, { status: 'processing' });
    await patchStatus(s.o2.id, { status: 'completed' });
    await patchStatus(s.o4.id, { status: 'cancelled' });
    const { body } = await get<OrderStats>('/orders/stats');
    // Total Orders leaves the cancelled one aside, as Home's and Analytics' do (issue 26 A5).
    expect(body).toMatchObject({
      totalOrders: 3,
      todayCompleted: 1,
      cancelledOrders: 1,
      pendingOrders: 2,
      fulfillmentRate: 33.3,
    });
  });
});

describe('order status moves', () => {
  it('walks every allowed move of each kind and refuses every other one with 409 and the allowed ones', async () => {
    const s = await shop();
    const lineOf = { physical: s.mug, digital: s.ebook, service: s.yoga } as const;
    for (const type of ['physical', 'digital', 'service'] as const) {
      const flow = ORDER_STATUS_FLOWS[type];
      const o = await placeTestOrder(t, {
        vendorId: v.vendorId,
        bot: s.a,
        customerId: s.omar.id,
        lines: [{ product: lineOf[type] }],
      });
      for (let i = 0; i < flow.length; i++) {
        const from = flow[i] as OrderStatus;
        const allowed = nextStatuses(type, from);
        for (const to of OrderStatus.options.filter((x) => !allowed.includes(x))) {
          const res = await patchStatus(o.id, { status: to });
          expect(res.statusCode, `${type} ${from} → ${to}`).toBe(409);
          expect(res.json().error).toMatchObject({
            code: 'ORDER_STATUS_NOT_ALLOWED',
            details: { from, to, allowed },
          });
        }
        const next = flow[i + 1];
        if (next) {
          const res = await patchStatus(o.id, { status: next });
          expect(res.statusCode, `${type} ${from} → ${next}`).toBe(200);
          expect((res.json() as OrderDetail).status).toBe(next);
        }
      }
      expect(nextStatuses(type, 'completed')).toEqual([]);
    }
    // Every unfinished status may be cancelled.
    for (const type of ['physical', 'digital', 'service'] as const) {
      for (const from of ORDER_STATUS_FLOWS[type].slice(0, -1)) {
        const o = await placeTestOrder(t, {
          vendorId: v.vendorId,
          bot: s.a,
          customerId: s.omar.id,
          lines: [{ product: lineOf[type] }],
          status: from,
        });
        expect((await patchStatus(o.id, { status: 'cancelled' })).statusCode, `${type} ${from}`).toBe(200);
        expect((await patchStatus(o.id, { status: 'pending' })).json().error.details.allowed).toEqual([]);
      }
    }
  });

  it('refuses shipped without a tracking number when the bot’s tracking flag is on, and moves nothing', async () => {
    const s = await shop();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${v.base}/bots/${s.a.id}/shipping/settings`,
      headers: v.auth,
      payload: { trackingEnabled: true, freeShippingThreshold: '0' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await patchStatus(s.o1.id, { status: 'processing' })).statusCode).toBe(200);
    expect((await get<OrderDetail>(`/orders/${s.o1.id}`)).body.shipping?.trackingRequired).toBe(true);

    const refused = await patchStatus(s.o1.id, { status: 'shipped' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('TRACKING_NUMBER_REQUIRED');
    expect((await get<OrderDetail>(`/orders/${s.o1.id}`)).body.status).toBe('processing');

    const shipped = await patchStatus(s.o1.id, { status: 'shipped', trackingNumber: 'TRK-1' });
    expect(shipped.statusCode).toBe(200);
    expect((shipped.json() as OrderDetail).shipping?.trackingNumber).toBe('TRK-1');
  });

  it('ships without a tracking number while the bot’s tracking flag is off (its default)', async () => {
    const s = await shop();
    expect((await patchStatus(s.o1.id, { status: 'processing' })).statusCode).toBe(200);
    const res = await patchStatus(s.o1.id, { status: 'shipped' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as OrderDetail).shipping?.trackingRequired).toBe(false);
  });

  it('links a shipped order’s tracking number to its carrier when the shipping method names one', async () => {
    const s = await shop();
    await t.database.db.execute(
      sql`update orders set shipping = '{"method": "UPS Ground", "shippingMinor": 500}'::jsonb where id = ${s.o1.id}`,
    );
    await patchStatus(s.o1.id, { status: 'processing' });
    const d = (
      await patchStatus(s.o1.id, { status: 'shipped', trackingNumber: '1Z999' })
    ).json() as OrderDetail;
    expect(d.shipping?.trackingUrl).toBe('https://www.ups.com/track?tracknum=1Z999');
  });

  it('shows the packer the parcel weight (each line’s weight × quantity) and the products’ handling flags', async () => {
    const s = await shop();
    await t.database.db
      .update(products)
      .set({
        details: {
          weight: 250,
          weightUnit: 'g',
          fragile: true,
          perishable: false,
          hazmat: false,
          dimensions: { length: 12, width: 9, height: 10, unit: 'cm' },
        },
      })
      .where(sql`id = ${s.mug.id}`);
    const d = (await get<OrderDetail>(`/orders/${s.o1.id}`)).body;
    expect(d.packing).toEqual({
      weightKg: 0.5,
      weightPartial: false,
      fragile: true,
      perishable: false,
      hazmat: false,
      requiresShipping: true,
      items: [
        {
          name: 'Mug',
          quantity: 2,
          sku: null,
          shippingClass: null,
          countryOfOrigin: null,
          dimensions: { length: 12, width: 9, height: 10, unit: 'cm' },
        },
      ],
    });
    // A digital order has no parcel.
    expect((await get<OrderDetail>(`/orders/${s.o2.id}`)).body.packing).toBeNull();
  });

  it('shows the packer each line’s SKU (the combination’s own when one was sold, else the product’s), shipping class and country of origin', async () => {
    const s = await shop();
    const combination = '0c0ffee0-0000-4000-8000-000000000001';
    await t.database.db
      .update(products)
      .set({
        sku: 'MUG',
        details: {
          shippingClass: 'express',
          countryOfOrigin: 'Portugal',
          variations: [
            {
              type: 'size',
              values: [{ id: '0c0ffee0-0000-4000-8000-000000000002', value: 'S', sku: 'MUG-S' }],
            },
            { type: 'color', values: [{ id: '0c0ffee0-0000-4000-8000-000000000003', value: 'Red' }] },
          ],
          combinations: [{ id: combination, values: ['S', 'Red'], stock: 3, sku: 'MUG-S-RED' }],
        },
      })
      .where(sql`id = ${s.mug.id}`);
    const item = async () => (await get<OrderDetail>(`/orders/${s.o1.id}`)).body.packing?.items[0];
    expect(await item()).toMatchObject({ sku: 'MUG', shippingClass: 'express', countryOfOrigin: 'Portugal' });
    await t.database.db.execute(
      sql`update order_items set variation_id = ${combination} where order_id = ${s.o1.id}`,
    );
    expect((await item())?.sku).toBe('MUG-S-RED');
  });

  it('keeps the tracking number on shipped, records who did each move with the note, and shows the timeline', async () => {
    const s = await shop();
    await t.database.db
      .update(telegramIdentities)
      .set({ firstName: 'Olivia', lastName: 'Owner' })
      .where(sql`vendor_id = ${v.vendorId}`);
    clock.advance(60_000);
    expect((await patchStatus(s.o1.id, { status: 'processing', note: 'Packing now' })).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await patchStatus(s.o1.id, { status: 'delivered', trackingNumber: 'X1' })).statusCode).toBe(409);
    expect((await patchStatus(s.o1.id, { status: 'cancelled', trackingNumber: 'X1' })).statusCode).toBe(400);
    const res = await patchStatus(s.o1.id, { status: 'shipped', trackingNumber: '1Z999' });
    const d = res.json() as OrderDetail;
    expect(d.shipping?.trackingNumber).toBe('1Z999');
    expect(d.allowedStatuses).toEqual(['delivered', 'cancelled']);
    expect(
      d.timeline.map((e) => [e.kind, e.fromStatus, e.status, e.actor.kind, e.actor.name, e.note]),
    ).toEqual([
      ['created', null, 'pending', 'customer', 'Jane Doe', null],
      ['status', 'pending', 'processing', 'owner', 'Olivia Owner', 'Packing now'],
      ['status', 'processing', 'shipped', 'owner', 'Olivia Owner', null],
    ]);
    expect(d.timeline[2]?.trackingNumber).toBe('1Z999');
    const audit = await get<{ entries: { type: string; actor: { kind: string; name: string } }[] }>(
      `/audit?subjectKind=order&subjectId=${s.o1.id}`,
    );
    if (audit.status === 200) {
      expect(audit.body.entries.map((e) => e.type)).toContain('order.status_changed');
    }
  });

  it('adds internal notes with their author', async () => {
    const s = await shop();
    const res = await t.app.inject({
      method: 'POST',
      url: `${v.base}/orders/${s.o2.id}/notes`,
      headers: v.auth,
      payload: { text: 'Customer called' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      text: 'Customer called',
      author: { kind: 'owner', name: 'Test Vendor' },
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: `${v.base}/orders/${s.o2.id}/notes`,
      headers: v.auth,
      payload: { text: '  ' },
    });
    expect(bad.statusCode).toBe(400);
    const d = (await get<OrderDetail>(`/orders/${s.o2.id}`)).body;
    expect(d.notes.map((n) => n.text)).toEqual(['Customer called']);
    expect(d.timeline.at(-1)).toMatchObject({
      kind: 'note',
      note: 'Customer called',
      actor: { kind: 'owner' },
    });
  });

  it('returns reserved stock when an order is cancelled', async () => {
    const s = await shop();
    const stock = async () =>
      (await t.database.db.select({ stock: products.stock }).from(products).where(sql`id = ${s.mug.id}`))[0]
        ?.stock;
    expect(await stock()).toBe(10 - 2 - 1);
    await patchStatus(s.o1.id, { status: 'cancelled' });
    expect(await stock()).toBe(10 - 1);
  });
});

describe('order detail', () => {
  it('answers products, customer, shipping, service info, payment and timeline', async () => {
    const s = await shop();
    const { status, body } = await get<OrderDetail>(`/orders/${s.o4.id}`);
    expect(status).toBe(200);
    expect(body.products.map((p) => [p.name, p.productType, p.price, p.quantity, p.total]).sort()).toEqual([
      ['E-book', 'digital', 900, 1, 900],
      ['Mug', 'physical', 1500, 1, 1500],
    ]);
    expect(body.customer).toMatchObject({ name: 'Lee', username: null });
    expect(body.shipping).toMatchObject({ trackingNumber: null });
    expect(body.payment).toMatchObject({ status: 'pending', amount: 2400, amountFormatted: '$24' });
    expect(body.timeline).toHaveLength(1);
  });
});

describe('scope', () => {
  it("answers 404 for another vendor's order and changes nothing", async () => {
    const s = await shop();
    const other = await vendor(t.app);
    expect((await get(`/orders/${s.o1.id}`, other)).status).toBe(404);
    expect((await patchStatus(s.o1.id, { status: 'processing' }, other)).statusCode).toBe(404);
    const note = await t.app.inject({
      method: 'POST',
      url: `${other.base}/orders/${s.o1.id}/notes`,
      headers: other.auth,
      payload: { text: 'x' },
    });
    expect(note.statusCode).toBe(404);
    expect((await get<OrderListResponse>('/orders', other)).body.total).toBe(0);
    expect((await get<OrderDetail>(`/orders/${s.o1.id}`)).body.status).toBe('pending');
  });

  it('shows a restricted staff member only the orders of their bots', async () => {
    const s = await shop();
    const staff = await env.signInStaff();
    env.grant = { permissions: ['orders'], botIds: [s.b.id] };
    const list = (await get<OrderListResponse>('/orders', staff)).body;
    expect(ids(list)).toEqual([s.o3.id, s.o4.id]);
    expect(list.total).toBe(2);
    expect(list.stats.totalOrders).toBe(2);
    expect((await get(`/orders/${s.o1.id}`, staff)).status).toBe(404);
    expect((await patchStatus(s.o1.id, { status: 'processing' }, staff)).statusCode).toBe(404);
    expect((await get(`/orders?botId=${s.a.id}`, staff)).status).toBe(404);
    const moved = await patchStatus(s.o3.id, { status: 'scheduled' }, staff);
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as OrderDetail).timeline.at(-1)?.actor).toEqual({
      kind: 'staff',
      name: 'Sam Staff',
    });
    env.grant = { permissions: ['products'], botIds: 'all' };
    expect((await get('/orders', staff)).status).toBe(403);
  });
});

describe('rollups', () => {
  it('equal a full recomputation after a random sequence of creations, moves and cancellations', async () => {
    const s = await shop();
    const bots = [s.a, s.b];
    const people = [s.jane, s.omar, s.lee, await addCustomer(t, v.vendorId)];
    const goods = [s.mug, s.ebook, s.yoga];
    let seed = 20_261_123;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const placed: string[] = [s.o1.id, s.o2.id, s.o3.id, s.o4.id];
    for (let step = 0; step < 120; step++) {
      const roll = rnd(10);
      if (roll < 4 || placed.length === 0) {
        const lines = goods.filter(() => rnd(2) === 0);
        const o = await placeTestOrder(t, {
          vendorId: v.vendorId,
          bot: bots[rnd(2)] as Bot,
          customerId: (people[rnd(people.length)] as { id: string }).id,
          lines: (lines.length ? lines : [s.mug]).map((product) => ({ product, quantity: 1 + rnd(3) })),
          currency: rnd(3) === 0 ? 'EUR' : 'USD',
          // Orders land on any of the last 40 days, in no particular order.
          createdAt: clock.ago(rnd(40) * DAY_MS + rnd(86_000) * 1000),
        });
        placed.push(o.id);
      } else {
        const id = placed[rnd(placed.length)] as string;
        const d = (await get<OrderDetail>(`/orders/${id}`)).body;
        const choices = d.allowedStatuses;
        if (choices.length === 0) continue;
        const to = rnd(4) === 0 ? 'cancelled' : (choices[0] as OrderStatus);
        expect((await patchStatus(id, { status: to })).statusCode).toBe(200);
      }
      if (step % 40 === 39) clock.advance(DAY_MS);
    }
    const incremental = await rollupSnapshot(t.database.db, v.vendorId);
    expect(incremental.daily.length).toBeGreaterThan(10);
    await t.database.db.transaction((tx) => rebuildOrderRollups(tx, v.vendorId));
    const rebuilt = await rollupSnapshot(t.database.db, v.vendorId);
    expect(incremental).toEqual(rebuilt);
  });

  it("keep the shop's views of a product through a full recomputation, beside its recomputed sales", async () => {
    const s = await shop();
    await t.database.db.transaction((tx) =>
      recordProductViews(tx, {
        vendorId: v.vendorId,
        botId: s.a.id,
        productId: s.mug.id,
        at: clock.ago(0),
        views: 4,
      }),
    );
    const before = await rollupSnapshot(t.database.db, v.vendorId);
    await t.database.db.transaction((tx) => rebuildOrderRollups(tx, v.vendorId));
    expect(await rollupSnapshot(t.database.db, v.vendorId)).toEqual(before);
    const views = await t.database.db.execute(
      sql`select sum(views)::int as n from product_daily_stats where vendor_id = ${v.vendorId} and product_id = ${s.mug.id}`,
    );
    expect((views as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(4);
  });
});

describe('cancelling an order', () => {
  it("returns a digital order's codes to the product's pool, and its stock with them", async () => {
    const bot = await env.addBot('Keys');
    const buyer = await addCustomer(t, v.vendorId);
    const category = await createCategory(t.app, v, 'Software', []);
    const key = await createProduct(t.app, v, productBody('key', category.id));
    expect(key.stock).toBe(2);
    const [row] = await t.database.db.select().from(products).where(sql`${products.id} = ${key.id}`);
    if (!row) throw new Error('product row missing');
    const order = await placeTestOrder(t, {
      vendorId: v.vendorId,
      bot,
      customerId: buyer.id,
      lines: [{ product: row }],
    });
    await t.database.db.transaction((tx) => claimCodes(tx, v.vendorId, key.id, 1, order.id));
    expect((await get<Product>(`/products/${key.id}`)).body.stock).toBe(1);

    expect((await patchStatus(order.id, { status: 'cancelled' })).statusCode).toBe(200);

    expect((await get<Product>(`/products/${key.id}`)).body.stock).toBe(2);
  });
});
