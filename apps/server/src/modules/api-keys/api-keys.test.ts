import { API_KEY_PREFIX } from '@app/contracts/developer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../../test/clock';
import { createBot, fakeBot, type Vendor, vendor } from '../../../test/factories';
import { startApp } from '../../../test/fake-telegram';
import type { TestApp } from '../../../test/harness';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { apiKeyChecksumValid } from '../../lib/api-key-format';
import { listEvents } from '../events/events.repository';

let fake: FakeBotApi;
let t: TestApp;
const clock = testClock();

beforeAll(async () => {
  fake = await startFakeBotApi();
  t = await startApp(fake, {}, { now: clock.now });
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const withKey = (key: string) => ({ authorization: `Bearer ${key}` });

async function shopOn(v: Vendor, plan: 'ENTERPRISE' | 'PRO' = 'ENTERPRISE') {
  const tg = fakeBot(fake);
  return createBot(t.app, v, { botToken: tg.token, botName: 'Shop', plan });
}

async function newKey(v: Vendor, body: Record<string, unknown> = {}) {
  const res = await call('POST', `${v.base}/api-keys`, v.auth, { name: 'Zapier', ...body });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; key: string; last4: string; permissions: string[]; status: string };
}

describe('API keys', () => {
  it('makes a key shown once, with the bsk_live_ prefix and a checksum, and lists it by its last four only', async () => {
    const v = await vendor(t.app);
    const created = await newKey(v);
    expect(created.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(apiKeyChecksumValid(created.key)).toBe(true);
    expect(created.last4).toBe(created.key.slice(-4));
    expect(created.permissions).toEqual(['read']);
    expect(created.status).toBe('active');

    const list = await call('GET', `${v.base}/api-keys`, v.auth);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.json().keys).toMatchObject([{ id: created.id, name: 'Zapier', last4: created.last4 }]);
    expect(list.json().limits).toEqual([
      { name: 'minute', limit: 60, windowS: 60 },
      { name: 'hour', limit: 1000, windowS: 3600 },
      { name: 'day', limit: 10000, windowS: 86400 },
    ]);
  });

  it('refuses a key without a name', async () => {
    const v = await vendor(t.app);
    const res = await call('POST', `${v.base}/api-keys`, v.auth, { name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('opens the vendor API with Authorization: Bearer <key>, on the bots whose plan includes API access', async () => {
    const v = await vendor(t.app);
    const bot = await shopOn(v);
    const { key } = await newKey(v);
    const res = await call('GET', `${v.base}/bot-details/${bot.id}`, withKey(key));
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(bot.id);
  });

  it('acts on no bot whose plan lacks API access: 403 when none of its bots has it', async () => {
    const v = await vendor(t.app);
    await shopOn(v, 'PRO');
    const { key } = await newKey(v);
    const res = await call('GET', `${v.base}/bots`, withKey(key));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('API_PLAN_REQUIRED');
  });

  it('answers 401 for a malformed, made-up, revoked, expired or another vendor’s key, never 500', async () => {
    const v = await vendor(t.app);
    const other = await vendor(t.app);
    await shopOn(v);
    await shopOn(other);
    const revoked = await newKey(v);
    expect((await call('DELETE', `${v.base}/api-keys/${revoked.id}`, v.auth)).json().status).toBe('revoked');
    const expiring = await newKey(v, { expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() });
    clock.advance(61_000);
    const othersKey = await newKey(other);
    const valid = await newKey(v);
    // One character changed: the checksum no longer matches.
    const changed = valid.key.at(-7) === 'x' ? 'y' : 'x';
    const lookAlike = `${valid.key.slice(0, -7)}${changed}${valid.key.slice(-6)}`;

    for (const key of ['bsk_live_nope', lookAlike, revoked.key, expiring.key, othersKey.key]) {
      const res = await call('GET', `${v.base}/bots`, withKey(key));
      expect(res.statusCode, key).toBe(401);
      expect(res.json().error.code).toBe('API_KEY_INVALID');
    }
    // Not a vendor id at all.
    expect((await call('GET', '/api/v1/vendors/not-a-uuid/bots', withKey(valid.key))).statusCode).toBe(401);
  });

  it('maps methods to the key’s permissions: a read-only key may GET but not POST or DELETE', async () => {
    const v = await vendor(t.app);
    const bot = await shopOn(v);
    const { key } = await newKey(v);
    const post = await call('POST', `${v.base}/categories`, withKey(key), { name: 'Hats' });
    expect(post.statusCode).toBe(403);
    expect(post.json().error).toMatchObject({
      code: 'API_KEY_PERMISSION_DENIED',
      details: { permission: 'write' },
    });
    const del = await call('DELETE', `${v.base}/bots/${bot.id}`, withKey(key));
    expect(del.statusCode).toBe(403);
    expect(del.json().error.details).toEqual({ permission: 'delete' });
  });

  it('records a change made with a key in the audit trail as that key', async () => {
    const v = await vendor(t.app);
    await shopOn(v);
    const { key, id } = await newKey(v, { name: 'Importer', permissions: ['write'] });
    const res = await call('POST', `${v.base}/categories`, withKey(key), { name: 'Hats' });
    expect(res.statusCode).toBe(201);
    const events = await listEvents(t.database.db, v.vendorId, { botIds: 'all', limit: 10 });
    const made = events.find((e) => e.type === 'category.created');
    expect(made).toMatchObject({ actorKind: 'apiKey', actorId: id, actorName: 'Importer' });
    expect(events.find((e) => e.type === 'api_key.created')).toMatchObject({
      actorKind: 'owner',
      subjectId: id,
    });
  });

  it('keeps a key to its bot scope: another bot is not found', async () => {
    const v = await vendor(t.app);
    const mine = await shopOn(v);
    const notMine = await shopOn(v);
    const { key } = await newKey(v, { botIds: [mine.id] });
    expect((await call('GET', `${v.base}/bot-details/${mine.id}`, withKey(key))).statusCode).toBe(200);
    expect((await call('GET', `${v.base}/bot-details/${notMine.id}`, withKey(key))).statusCode).toBe(404);
    const list = await call('GET', `${v.base}/bots`, withKey(key));
    expect(JSON.stringify(list.json())).not.toContain(notMine.id);
  });

  it('never opens key, billing, audit or a person’s own security routes to a key', async () => {
    const v = await vendor(t.app);
    await shopOn(v);
    const { key } = await newKey(v, { permissions: ['read', 'write', 'delete'] });
    for (const url of ['/api-keys', '/audit-log', '/payments/wallet/balance', '/security']) {
      const res = await call('GET', `${v.base}${url}`, withKey(key));
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('API_KEY_NOT_ALLOWED');
    }
  });

  it('limits a key to 60 requests a minute, answering 429 with Retry-After and the RateLimit fields', async () => {
    const v = await vendor(t.app);
    const bot = await shopOn(v);
    const { key } = await newKey(v);
    // Start at the beginning of a minute so the window holds all 61 requests.
    clock.advance(60_000 - (clock.now().getTime() % 60_000));
    let last = await call('GET', `${v.base}/bot-details/${bot.id}`, withKey(key));
    expect(last.headers['ratelimit-policy']).toBe(
      '"minute";q=60;w=60, "hour";q=1000;w=3600, "day";q=10000;w=86400',
    );
    expect(last.headers.ratelimit).toBe('"minute";r=59;t=60');
    for (let i = 1; i < 60; i++) last = await call('GET', `${v.base}/bot-details/${bot.id}`, withKey(key));
    expect(last.statusCode).toBe(200);
    clock.advance(20_000);
    const refused = await call('GET', `${v.base}/bot-details/${bot.id}`, withKey(key));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('40');
    expect(refused.headers.ratelimit).toBe('"minute";r=0;t=40');
    clock.advance(40_000);
    expect((await call('GET', `${v.base}/bot-details/${bot.id}`, withKey(key))).statusCode).toBe(200);
  });

  it('revokes for good: revoking again changes nothing, another vendor’s key is not found', async () => {
    const v = await vendor(t.app);
    const other = await vendor(t.app);
    const { id } = await newKey(v);
    expect((await call('DELETE', `${v.base}/api-keys/${id}`, v.auth)).json().status).toBe('revoked');
    expect((await call('DELETE', `${v.base}/api-keys/${id}`, v.auth)).json().status).toBe('revoked');
    expect((await call('DELETE', `${other.base}/api-keys/${id}`, other.auth)).statusCode).toBe(404);
  });
});
