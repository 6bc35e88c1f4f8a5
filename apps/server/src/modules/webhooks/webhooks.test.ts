import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createBot,
  createCategory,
  fakeBot,
  productBody,
  type Vendor,
  vendor,
} from '../../../test/factories';
import { startApp } from '../../../test/fake-telegram';
import type { TestApp } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { EVENT_CONSUMERS } from '../../event-consumers';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { createSecrets } from '../../lib/secrets';
import { dispatchPendingEvents } from '../events/events.dispatcher';
import { recordEvent } from '../events/record-event';
import { createWebhookRuns } from './webhooks.service';

/** A local receiver: answers each request with the next planned status (then 200), and keeps what it got. */
type Received = { headers: IncomingHttpHeaders; body: string };
async function startReceiver() {
  const received: Received[] = [];
  const plan: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = plan.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, plan, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let fake: FakeBotApi;
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
// Delivery runs move on this clock (retries wait for it); it starts at the real time, as the events' do.
let at = Date.now();
const now = () => new Date(at);

beforeAll(async () => {
  fake = await startFakeBotApi();
  t = await startApp(fake, { webhooksAllowPrivate: true });
  receiver = await startReceiver();
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
  await receiver.close();
});
afterEach(() => {
  receiver.received.length = 0;
  receiver.plan.length = 0;
});

const runs = (allowPrivate = true) =>
  createWebhookRuns({ db: t.database.db, secrets: createSecrets(t.config.appSecret), allowPrivate, now });

async function shop() {
  const v = await vendor(t.app);
  const bot = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Shop', plan: 'PRO' });
  return { v, bot, base: `${v.base}/bots/${bot.id}/webhooks` };
}

async function addWebhook(s: { v: Vendor; base: string }, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: s.base,
    headers: s.v.auth,
    payload: { url: receiver.url, events: ['order.created', 'order.updated'], ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string; status: string; successRate: number };
}

/** An order event of the bot, dispatched to the consumers (the webhooks' queues them). */
async function orderEvent(
  vendorId: string,
  botId: string,
  type: 'order.created' | 'order.updated',
  n: number,
) {
  await t.database.db.transaction((tx) =>
    recordEvent(tx, {
      vendorId,
      botId,
      type,
      actor: { kind: 'system', id: null },
      subject: { kind: 'order', id: crypto.randomUUID() },
      payload: { orderNumber: n },
      at: now(),
    }),
  );
  await dispatchPendingEvents(t.database.db, EVENT_CONSUMERS);
}

/** Runs every due queue until none has anything due now. */
async function deliverDue(r = runs()) {
  for (const row of await dueWebhooks()) await r.runQueue(row.vendorId, row.webhookId);
}
async function dueWebhooks() {
  const { webhooksWithDueDeliveries } = await import('./webhooks.repository');
  return webhooksWithDueDeliveries(t.database.db, now(), 100);
}

const list = async (s: { v: Vendor; base: string }) =>
  (await t.app.inject({ method: 'GET', url: s.base, headers: s.v.auth })).json();

describe('webhooks', () => {
  it('adds a webhook active with success rate 100, generating a secret shown once', async () => {
    const s = await shop();
    const made = await addWebhook(s);
    expect(made.secret).toMatch(/^whsec_/);
    expect(made).toMatchObject({ status: 'active', successRate: 100 });
    const listed = await list(s);
    expect(JSON.stringify(listed)).not.toContain(made.secret);
    expect(listed.webhooks).toMatchObject([{ id: made.id, url: receiver.url, lastTriggeredAt: null }]);
  });

  it('needs a URL and at least one event of the catalogue', async () => {
    const s = await shop();
    for (const payload of [
      { url: '', events: ['order.created'] },
      { url: 'not a url', events: ['order.created'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['order.teleported'] },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: s.base, headers: s.v.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: s.base,
      headers: s.v.auth,
      payload: { url: receiver.url, events: [] },
    });
    expect(res.json().error.message).toBe('Please select at least one event to listen for.');
  });

  it('delivers an event POSTed as JSON, signed the Standard Webhooks way, verifiable with the reference library', async () => {
    const s = await shop();
    const { secret } = await addWebhook(s);
    await orderEvent(s.v.vendorId, s.bot.id, 'order.created', 1001);
    await deliverDue();
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0] as Received;
    const verified = new StandardWebhook(secret).verify(got.body, got.headers as Record<string, string>);
    expect(verified).toMatchObject({ type: 'order.created', bot_id: s.bot.id, data: { orderNumber: 1001 } });
    expect(got.headers['x-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    const listed = await list(s);
    expect(listed.webhooks[0]).toMatchObject({ successRate: 100 });
    expect(listed.webhooks[0].lastTriggeredAt).not.toBeNull();
    expect(listed.recent).toMatchObject([{ event: 'order.created', status: 'success', httpStatus: 200 }]);
  });

  it('delivers a product event of a product sold through every bot to each bot’s webhook, naming that bot', async () => {
    const s = await shop();
    const second = await createBot(t.app, s.v, {
      botToken: fakeBot(fake).token,
      botName: 'Two',
      plan: 'PRO',
    });
    await addWebhook(s, { events: ['product.created'] });
    await addWebhook(
      { v: s.v, base: `${s.v.base}/bots/${second.id}/webhooks` },
      { events: ['product.created'] },
    );
    const category = await createCategory(t.app, s.v);
    const created = await t.app.inject({
      method: 'POST',
      url: `${s.v.base}/products`,
      headers: s.v.auth,
      payload: productBody('physical', category.id),
    });
    expect(created.statusCode, created.body).toBe(201);
    await dispatchPendingEvents(t.database.db, EVENT_CONSUMERS);
    // The product's event is stamped by the app's real clock: the runs' clock catches up with it.
    at = Math.max(at, Date.now() + 1000);
    await deliverDue();
    const bodies = receiver.received.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.type)).toEqual(['product.created', 'product.created']);
    expect(bodies.map((b) => b.bot_id).sort()).toEqual([s.bot.id, second.id].sort());
    expect(bodies[0].data.product_id).toBe(created.json().id);
  });

  it('delivers one webhook’s events in their order', async () => {
    const s = await shop();
    await addWebhook(s);
    for (const n of [1, 2, 3]) await orderEvent(s.v.vendorId, s.bot.id, 'order.updated', n);
    await deliverDue();
    expect(receiver.received.map((r) => JSON.parse(r.body).data.orderNumber)).toEqual([1, 2, 3]);
  });

  it('retries a 503 with backoff, holding the next event back until it succeeds', async () => {
    const s = await shop();
    await addWebhook(s);
    receiver.plan.push(503, 503);
    await orderEvent(s.v.vendorId, s.bot.id, 'order.created', 1);
    await orderEvent(s.v.vendorId, s.bot.id, 'order.created', 2);
    const r = runs();
    await deliverDue(r);
    expect(receiver.received).toHaveLength(1);
    at += 3_000; // before the first retry (about 5 s, ±20 %): nothing
    await deliverDue(r);
    expect(receiver.received).toHaveLength(1);
    at += 3_000;
    await deliverDue(r);
    expect(receiver.received).toHaveLength(2);
    at += 40_000; // past the second retry (about 30 s)
    await deliverDue(r);
    expect(receiver.received.map((x) => JSON.parse(x.body).data.orderNumber)).toEqual([1, 1, 1, 2]);
  });

  it('does not retry a 410 or a 400: the delivery fails at once', async () => {
    const s = await shop();
    await addWebhook(s);
    receiver.plan.push(410);
    await orderEvent(s.v.vendorId, s.bot.id, 'order.created', 1);
    await deliverDue();
    at += 200_000;
    await deliverDue();
    expect(receiver.received).toHaveLength(1);
    expect((await list(s)).recent[0]).toMatchObject({ status: 'failed', httpStatus: 410, attempts: 1 });
  });

  it('disables a webhook after 10 failed deliveries in a row and tells the vendor in Telegram', async () => {
    const s = await shop();
    await addWebhook(s);
    receiver.plan.push(...Array(10).fill(400));
    for (let n = 1; n <= 10; n++) await orderEvent(s.v.vendorId, s.bot.id, 'order.created', n);
    const sent: unknown[] = [];
    const r = createWebhookRuns({
      db: t.database.db,
      secrets: createSecrets(t.config.appSecret),
      allowPrivate: true,
      now,
      notifyDisabled: async (w) => {
        sent.push(w.id);
      },
    });
    await deliverDue(r);
    const listed = await list(s);
    expect(listed.webhooks[0]).toMatchObject({ status: 'error', successRate: 0, consecutiveFailures: 10 });
    expect(sent).toEqual([listed.webhooks[0].id]);
  });

  it('refuses loopback and private addresses outside WEBHOOKS_ALLOW_PRIVATE: on adding, and at delivery', async () => {
    const closed = await startApp(fake, { webhooksAllowPrivate: false });
    try {
      const v = await vendor(closed.app);
      const bot = await createBot(closed.app, v, {
        botToken: fakeBot(fake).token,
        botName: 'Shop',
        plan: 'PRO',
      });
      const base = `${v.base}/bots/${bot.id}/webhooks`;
      for (const url of [
        'https://127.0.0.1/hook',
        'https://10.1.2.3/hook',
        'https://localhost/x',
        'http://example.com/x',
      ]) {
        const res = await closed.app.inject({
          method: 'POST',
          url: base,
          headers: v.auth,
          payload: { url, events: ['order.created'] },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'WEBHOOK_URL_NOT_ALLOWED',
          details: { field: 'url' },
        });
      }
    } finally {
      await closed.app.close();
    }
    // A webhook whose address is private by the time it delivers (or was allowed then) is refused, not retried.
    const s = await shop();
    await addWebhook(s);
    await orderEvent(s.v.vendorId, s.bot.id, 'order.created', 1);
    await deliverDue(runs(false));
    expect(receiver.received).toHaveLength(0);
    expect((await list(s)).recent[0]).toMatchObject({
      status: 'failed',
      error: 'the address is not a public one',
    });
  });

  it('Test sends a signed ping at once and answers the outcome; a delivery can be re-sent', async () => {
    const s = await shop();
    const { id, secret } = await addWebhook(s);
    const res = await t.app.inject({ method: 'POST', url: `${s.base}/${id}/test`, headers: s.v.auth });
    expect(res.json()).toMatchObject({ event: 'ping', status: 'success', httpStatus: 200 });
    const ping = receiver.received[0] as Received;
    expect(
      new StandardWebhook(secret).verify(ping.body, ping.headers as Record<string, string>),
    ).toMatchObject({ type: 'ping' });

    const again = await t.app.inject({
      method: 'POST',
      url: `${s.base}/${id}/deliveries/${res.json().id}/resend`,
      headers: s.v.auth,
    });
    expect(again.statusCode).toBe(201);
    // Without a job queue, the app starts the run itself.
    await waitFor('the re-sent delivery', () => receiver.received.length === 2);
    expect(receiver.received[1]?.body).toBe(ping.body);
    const detail = await t.app.inject({
      method: 'GET',
      url: `${s.base}/${id}/deliveries/${res.json().id}`,
      headers: s.v.auth,
    });
    expect(detail.json()).toMatchObject({ requestBody: ping.body, responseBody: 'ok' });
    expect(detail.json().requestHeaders['webhook-signature']).toMatch(/^v1,/);
  });

  it('keeps verifying with the old secret for 24 h after a rotation', async () => {
    const s = await shop();
    const { id, secret: old } = await addWebhook(s);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `${s.base}/${id}/rotate-secret`,
      headers: s.v.auth,
    });
    const { secret } = rotated.json();
    await t.app.inject({ method: 'POST', url: `${s.base}/${id}/test`, headers: s.v.auth });
    const got = receiver.received[0] as Received;
    for (const key of [old, secret]) {
      expect(new StandardWebhook(key).verify(got.body, got.headers as Record<string, string>)).toBeTruthy();
    }
  });
});
