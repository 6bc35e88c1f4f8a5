import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@app/contracts/account';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestClock, testClock } from '../../../test/clock';
import { type Vendor, vendor } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type PushReceiver, startPushReceiver } from '../../../test/push-receiver';
import { notifications, pushSubscriptions } from '../../db/schema/index';
import { EVENT_CONSUMERS } from '../../event-consumers';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { createSecrets } from '../../lib/secrets';
import { createBotApi } from '../../lib/telegram/bot-api';
import { createTelegramThrottle } from '../../lib/telegram/throttle';
import { createPushSender, generateVapidKeys } from '../../lib/web-push';
import { dispatchPendingEvents } from '../events/events.dispatcher';
import { recordEvent } from '../events/record-event';
import { createNotificationsService } from './notifications.service';

const vapid = generateVapidKeys();
const unthrottled = createTelegramThrottle({
  privateChat: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
  groupChat: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
  bot: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
});

let fake: FakeBotApi;
let receiver: PushReceiver;
let t: TestApp;
let clock: TestClock;
let owner: Vendor;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
beforeEach(async () => {
  receiver = await startPushReceiver({ vapidPublicKey: vapid.publicKey });
  clock = testClock();
  t = await createTestApp({
    now: clock.now,
    vapid,
    config: { telegramApiRoot: fake.url, webhooksAllowPrivate: true },
  });
  owner = await vendor(t.app);
});
afterEach(async () => {
  await t.app.close();
  await receiver.close();
});

const subscribe = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `${owner.base}/notifications/push`,
    headers: owner.auth,
    payload: body as object,
  });

async function save(settings: NotificationSettings) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `${owner.base}/notifications`,
    headers: owner.auth,
    payload: settings,
  });
  expect(res.statusCode).toBe(200);
}

const withInventoryPush = (push: boolean, quiet = false): NotificationSettings => ({
  types: { ...DEFAULT_NOTIFICATION_SETTINGS.types, inventory: { email: false, telegram: true, push } },
  quietHours: { enabled: quiet, start: '22:00', end: '08:00' },
});

async function stockOut() {
  await t.database.db.transaction((tx) =>
    recordEvent(tx, {
      vendorId: owner.vendorId,
      botId: null,
      type: 'product.outofstock',
      actor: { kind: 'system', id: null },
      subject: { kind: 'product', id: '00000000-0000-4000-8000-0000000000aa' },
      payload: { productName: 'Sourdough loaf' },
      at: clock.now(),
    }),
  );
}

/**
 * What the jobs run: the events dispatch (queues notifications), then notifications.send. The push sender allows
 * private addresses as the test app does (WEBHOOKS_ALLOW_PRIVATE) for the local receiver, unless told otherwise.
 */
async function deliver(
  sender: { allowPrivate: boolean; resolve?: (host: string) => Promise<string[]> } = { allowPrivate: true },
) {
  await dispatchPendingEvents(t.database.db, EVENT_CONSUMERS);
  return createNotificationsService({
    db: t.database.db,
    botApi: createBotApi({ apiRoot: fake.url }),
    secrets: createSecrets(t.config.appSecret),
    platformBotToken: t.config.platformBotToken,
    throttle: unthrottled,
    push: createPushSender({ vapid, subject: 'mailto:push@example.invalid', ...sender }),
    now: clock.now,
  }).sendDue();
}

describe('Web Push notifications', () => {
  it('answers the VAPID public key browsers subscribe with, and the caller’s subscribed endpoints', async () => {
    expect((await subscribe(receiver.subscription())).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `${owner.base}/notifications/push`,
      headers: owner.auth,
    });
    expect(res.json()).toEqual({ publicKey: vapid.publicKey, endpoints: [receiver.subscription().endpoint] });
  });

  it('pushes a notification whose push switch is on, signed with VAPID and encrypted for the browser (RFC 8291)', async () => {
    await subscribe(receiver.subscription());
    await save(withInventoryPush(true));
    await stockOut();
    await deliver();
    expect(receiver.refused).toEqual([]);
    expect(receiver.received).toHaveLength(1);
    const [push] = receiver.received;
    expect(push?.claims.aud).toBe(new URL(receiver.subscription().endpoint).origin);
    const shown = JSON.parse(push?.payload ?? '{}') as { title: string; body: string };
    expect(`${shown.title}\n${shown.body}`).toContain('Sourdough loaf');
  });

  it('does not push when the type’s push switch is off', async () => {
    await subscribe(receiver.subscription());
    await save(withInventoryPush(false));
    await stockOut();
    await deliver();
    expect(receiver.received).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.vendorId, owner.vendorId), eq(notifications.audience, 'vendor_push')));
    expect(row?.status).toBe('skipped');
  });

  it('holds a push through quiet hours and sends it when they end', async () => {
    await subscribe(receiver.subscription());
    await save(withInventoryPush(true, true));
    clock.advance(11 * 3_600_000); // 23:00 UTC (the profile's timezone)
    await stockOut();
    await deliver();
    expect(receiver.received).toEqual([]);
    clock.advance(9 * 3_600_000); // 08:00
    await deliver();
    expect(receiver.received).toHaveLength(1);
  });

  it('forgets a browser whose push service answers that it is gone (410)', async () => {
    await subscribe(receiver.subscription());
    await save(withInventoryPush(true));
    receiver.answerWith(410);
    await stockOut();
    await deliver();
    expect(
      await t.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.vendorId, owner.vendorId)),
    ).toEqual([]);
  });

  it('queues no push for an account without a subscribed browser', async () => {
    await save(withInventoryPush(true));
    await stockOut();
    await deliver();
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.vendorId, owner.vendorId));
    expect(rows.map((r) => r.audience)).toEqual(['vendor']);
  });

  describe('an endpoint whose name resolves to the local receiver at send time', () => {
    // The name passed the subscribe-time check; only its resolution at send time shows it points inside.
    const rebound = () => {
      const sub = receiver.subscription();
      const url = new URL(sub.endpoint);
      url.hostname = 'push.rebound.test';
      return { ...sub, endpoint: url.toString() };
    };
    const toReceiver = async (host: string) => (host === 'push.rebound.test' ? ['127.0.0.1'] : []);

    it('is not called when private addresses are not allowed, and the push is kept to retry', async () => {
      expect((await subscribe(rebound())).statusCode).toBe(200);
      await save(withInventoryPush(true));
      await stockOut();
      await deliver({ allowPrivate: false, resolve: toReceiver });
      expect(receiver.received).toEqual([]);
      expect(receiver.refused).toEqual([]);
      const [row] = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.vendorId, owner.vendorId), eq(notifications.audience, 'vendor_push')));
      expect(row?.status).not.toBe('sent');
      expect(row?.lastError).toContain('not a public');
    });

    it('is called when private addresses are allowed (the same endpoint reaches the receiver)', async () => {
      expect((await subscribe(rebound())).statusCode).toBe(200);
      await save(withInventoryPush(true));
      await stockOut();
      await deliver({ allowPrivate: true, resolve: toReceiver });
      // Called: its VAPID audience names the rebound host, so this receiver refuses it, but it was reached.
      expect(receiver.received.length + receiver.refused.length).toBe(1);
    });
  });

  it('refuses a plain-http or private push endpoint when private addresses are not allowed', async () => {
    const strict = await createTestApp({ vapid, config: { webhooksAllowPrivate: false } });
    try {
      const v = await vendor(strict.app);
      const res = await strict.app.inject({
        method: 'POST',
        url: `${v.base}/notifications/push`,
        headers: v.auth,
        payload: receiver.subscription(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('PUSH_ENDPOINT_NOT_ALLOWED');
    } finally {
      await strict.app.close();
    }
  });
});
