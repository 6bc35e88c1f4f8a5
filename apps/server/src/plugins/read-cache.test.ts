import type { BotDetail, BotListResponse } from '@app/contracts/bots';
import type { OrderListResponse } from '@app/contracts/orders';
import { describe, expect, it } from 'vitest';
import { addCustomer, addProduct, placeTestOrder } from '../../test/factories';
import { shopTestEnv } from '../../test/orders';
import { EVENT_CONSUMERS } from '../event-consumers';
import { createReadCache } from '../lib/read-cache';
import { dispatchPendingEvents } from '../modules/events/events.dispatcher';

const env = shopTestEnv();

/** An app whose read cache keeps answers for a minute, with one bot, one customer and one order. */
async function shopWithCache() {
  const s = await env.start({ readCacheMs: 60_000 });
  const bot = await env.addBot('Alpha');
  const customer = await addCustomer(s.t, s.v.vendorId);
  const mug = await addProduct(s.t, s.v.vendorId, { name: 'Mug' });
  const order = await placeTestOrder(s.t, {
    vendorId: s.v.vendorId,
    bot,
    customerId: customer.id,
    lines: [{ product: mug }],
  });
  const read = (url: string, auth = s.v.auth) =>
    s.t.app.inject({ method: 'GET', url: `${s.v.base}${url}`, headers: auth });
  return { ...s, bot, customer, mug, order, read };
}

describe('the read cache of vendor routes', () => {
  it('answers a repeated read from memory, the same answer', async () => {
    const { read } = await shopWithCache();
    const first = await read('/orders');
    const second = await read('/orders');
    expect(first.headers['x-read-cache']).toBeUndefined();
    expect(second.headers['x-read-cache']).toBe('hit');
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.json()).toEqual(first.json());
  });

  it('drops the vendor’s answers once a change through the API has committed', async () => {
    const { t, v, order, read } = await shopWithCache();
    await read('/orders');
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `${v.base}/orders/${order.id}/status`,
      headers: v.auth,
      payload: { status: 'processing' },
    });
    expect(moved.statusCode).toBe(200);

    const after = await read('/orders');
    expect(after.headers['x-read-cache']).toBeUndefined();
    expect(after.json<OrderListResponse>().orders[0]?.status).toBe('processing');
  });

  it('drops the vendor’s answers once the events of a change made elsewhere are dispatched', async () => {
    const { t, v, bot, customer, mug, read } = await shopWithCache();
    await read('/orders');
    // A shop bot's order: no API call of the vendor, only its domain events.
    await placeTestOrder(t, {
      vendorId: v.vendorId,
      bot,
      customerId: customer.id,
      lines: [{ product: mug }],
    });
    expect((await read('/orders')).json<OrderListResponse>().total).toBe(1);

    await dispatchPendingEvents(t.database.db, EVENT_CONSUMERS, {
      onDispatched: (vendorIds) => t.app.readCache.invalidate(...vendorIds),
    });
    expect((await read('/orders')).json<OrderListResponse>().total).toBe(2);
  });

  it('keeps each caller’s answers apart and checks their permission on every read', async () => {
    const { read, bot } = await shopWithCache();
    env.grant = { permissions: ['orders'], botIds: [bot.id] };
    const sam = await env.signInStaff();
    await read('/orders');

    const samsFirst = await read('/orders', sam.auth);
    expect(samsFirst.headers['x-read-cache']).toBeUndefined();
    expect((await read('/orders', sam.auth)).headers['x-read-cache']).toBe('hit');

    env.grant = { permissions: ['customers'], botIds: [bot.id] };
    expect((await read('/orders', sam.auth)).statusCode).toBe(403);
  });

  it('serves another bot scope its own answer, never the wider one', async () => {
    const { read, bot } = await shopWithCache();
    const other = await env.addBot('Beta', { plan: 'PRO' });
    env.grant = { permissions: ['orders'], botIds: [bot.id, other.id] };
    const sam = await env.signInStaff();
    expect((await read('/orders', sam.auth)).json<OrderListResponse>().total).toBe(1);

    env.grant = { permissions: ['orders'], botIds: [other.id] };
    const narrowed = await read('/orders', sam.auth);
    expect(narrowed.headers['x-read-cache']).toBeUndefined();
    expect(narrowed.json<OrderListResponse>().total).toBe(0);
  });

  it('keeps the bots list and a bot’s details between changes, and shows a bot’s new name at once', async () => {
    const { t, v, bot, read } = await shopWithCache();
    for (const url of ['/bots', `/bot-details/${bot.id}`]) {
      await read(url);
      expect((await read(url)).headers['x-read-cache']).toBe('hit');
    }
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `${v.base}/bot-details/${bot.id}`,
      headers: v.auth,
      payload: { name: 'Alpha Prime' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await read('/bots')).json<BotListResponse>().bots.map((b) => b.name)).toEqual(['Alpha Prime']);
    expect((await read(`/bot-details/${bot.id}`)).json<BotDetail>().name).toBe('Alpha Prime');
  });

  it('reads an answer asked for by several requests at once only once, and gives each the same answer', async () => {
    const { read } = await shopWithCache();
    const answers = await Promise.all(Array.from({ length: 5 }, () => read('/orders')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.headers['x-read-cache'] === undefined)).toHaveLength(1);
    for (const a of answers) expect(a.json()).toEqual(answers[0]?.json());
  });

  it('never keeps a refusal', async () => {
    const { read } = await shopWithCache();
    const missing = '/orders/00000000-0000-4000-8000-000000000000';
    expect((await read(missing)).statusCode).toBe(404);
    const again = await read(missing);
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-read-cache']).toBeUndefined();
  });
});

describe('createReadCache', () => {
  it('lets a second asker wait for the read under way and get its answer', async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    expect(cache.underWay('v1', 'k')).toBeUndefined();
    const done = cache.startRead('v1', 'k', cache.generation('v1'));
    const waiting = cache.underWay('v1', 'k');
    done('{"n":1}');
    expect(await waiting).toBe('{"n":1}');
    expect(cache.underWay('v1', 'k')).toBeUndefined();
  });

  it('does not let an asker wait for a read that began before the vendor’s last change', () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    cache.startRead('v1', 'k', cache.generation('v1'));
    cache.invalidate('v1');
    expect(cache.underWay('v1', 'k')).toBeUndefined();
  });

  it('lets the waiters go with nothing when the read has no answer to share', async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    const done = cache.startRead('v1', 'k', cache.generation('v1'));
    const waiting = cache.underWay('v1', 'k');
    done();
    done('{"late":true}');
    expect(await waiting).toBeUndefined();
  });

  it('does not keep an answer whose read overlapped a change', () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    const startedAt = cache.generation('v1');
    cache.invalidate('v1'); // the change commits while the read runs
    cache.set('v1', 'k', '{"stale":true}', startedAt);
    expect(cache.get('v1', 'k')).toBeUndefined();
  });

  it('forgets an answer after its time, and the oldest when full', () => {
    let now = 0;
    const cache = createReadCache({ ttlMs: 1000, maxEntries: 2, now: () => now });
    cache.set('v1', 'a', '1', 0);
    cache.set('v1', 'b', '2', 0);
    cache.set('v1', 'c', '3', 0);
    expect(cache.get('v1', 'a')).toBeUndefined();
    expect(cache.get('v1', 'c')).toBe('3');
    now = 1000;
    expect(cache.get('v1', 'c')).toBeUndefined();
  });

  it('drops one vendor’s answers, not another’s', () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    cache.set('v1', 'k', '1', 0);
    cache.set('v2', 'k', '2', 0);
    cache.invalidate('v1');
    expect(cache.get('v1', 'k')).toBeUndefined();
    expect(cache.get('v2', 'k')).toBe('2');
  });
});
