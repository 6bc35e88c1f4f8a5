import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@app/contracts/account';
import type { Bot } from '@app/contracts/bots';
import type { EventType } from '@app/contracts/events';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { markEmailVerified } from '../../../test/account';
import { type TestClock, testClock } from '../../../test/clock';
import type { Vendor } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import { openShop } from '../../../test/shop';
import { EVENT_CONSUMERS } from '../../event-consumers';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { type MailCatcher, startMailCatcher } from '../../fakes/mail-catcher';
import { createMailer } from '../../lib/mailer';
import { createSecrets } from '../../lib/secrets';
import { createBotApi } from '../../lib/telegram/bot-api';
import { createTelegramThrottle } from '../../lib/telegram/throttle';
import { dispatchPendingEvents } from '../events/events.dispatcher';
import { recordEvent } from '../events/record-event';
import { createNotificationsService, queueSecurityNotice } from './notifications.service';

const unthrottled = createTelegramThrottle({
  privateChat: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
  groupChat: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
  bot: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
});

let fake: FakeBotApi;
let catcher: MailCatcher;
let t: TestApp;
let clock: TestClock;
let owner: Vendor;
let shop: Bot & { token: string };
let email: string;

beforeAll(async () => {
  fake = await startFakeBotApi();
  catcher = await startMailCatcher();
});
afterAll(async () => {
  await fake.close();
  await catcher.close();
});

beforeEach(async () => {
  clock = testClock();
  const s = await openShop(fake, { now: clock.now });
  ({ t, shop, owner } = s);
  email = `owner${s.ownerUser.id}@example.com`;
  await t.app.inject({
    method: 'PATCH',
    url: `${owner.base}/profile`,
    headers: owner.auth,
    payload: { email },
  });
  await markEmailVerified(t, owner.vendorId);
});
afterEach(() => t.app.close());

const mailer = () => createMailer({ smtpUrl: catcher.url, from: 'Bot Shop <test@localhost>' });

/** What the jobs run: the events dispatch (queues notifications), then notifications.send. */
async function deliver() {
  await dispatchPendingEvents(t.database.db, EVENT_CONSUMERS);
  return createNotificationsService({
    db: t.database.db,
    botApi: createBotApi({ apiRoot: fake.url }),
    secrets: createSecrets(t.config.appSecret),
    platformBotToken: t.config.platformBotToken,
    throttle: unthrottled,
    mailer: mailer(),
    now: clock.now,
  }).sendDue();
}

const platformMessages = () =>
  fake.state
    .calls({ method: 'sendMessage', token: t.config.platformBotToken })
    .map((c) => String(c.params.text));
const mailsTo = () => catcher.messages({ to: email });

async function stockOut() {
  await t.database.db.transaction((tx) =>
    recordEvent(tx, {
      vendorId: owner.vendorId,
      botId: shop.id,
      type: 'product.outofstock' as EventType,
      actor: { kind: 'system', id: null },
      subject: { kind: 'product', id: '00000000-0000-4000-8000-0000000000aa' },
      payload: { productName: 'Sourdough loaf' },
      at: clock.now(),
    }),
  );
}

async function save(settings: NotificationSettings) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `${owner.base}/notifications`,
    headers: owner.auth,
    payload: settings,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as NotificationSettings;
}

const withInventory = (
  channels: { email: boolean; telegram: boolean },
  quiet = false,
): NotificationSettings => ({
  types: { ...DEFAULT_NOTIFICATION_SETTINGS.types, inventory: { ...channels, push: false } },
  quietHours: { enabled: quiet, start: '22:00', end: '08:00' },
});

describe('notification preferences', () => {
  it('answers the eight types × three channels and quiet hours 22:00–08:00 by default', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${owner.base}/notifications`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().types)).toEqual([
      'orders',
      'payments',
      'messages',
      'reviews',
      'inventory',
      'subscription',
      'security',
      'marketing',
    ]);
    expect(res.json().quietHours).toEqual({ enabled: false, start: '22:00', end: '08:00' });
    expect(res.json().types.security.email).toBe(true);
  });

  it('keeps security e-mail on when a save turns it off', async () => {
    const settings = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
    settings.types.security.email = false;
    settings.types.orders.telegram = false;
    const saved = await save(settings);
    expect(saved.types.security.email).toBe(true);
    expect(saved.types.orders.telegram).toBe(false);
  });

  it('refuses quiet hours that are not HH:MM', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${owner.base}/notifications`,
      headers: owner.auth,
      payload: {
        ...DEFAULT_NOTIFICATION_SETTINGS,
        quietHours: { enabled: true, start: '25:00', end: '08:00' },
      },
    });
    expect(res.statusCode).toBe(400);
  });

  it('sends by e-mail and not by Telegram when only e-mail is on', async () => {
    await save(withInventory({ email: true, telegram: false }));
    await stockOut();
    await deliver();
    expect(platformMessages()).toEqual([]);
    expect(mailsTo()).toEqual([expect.objectContaining({ text: expect.stringContaining('Sourdough loaf') })]);
  });

  it('sends by Telegram and not by e-mail when only Telegram is on', async () => {
    await save(withInventory({ email: false, telegram: true }));
    await stockOut();
    await deliver();
    expect(platformMessages()).toEqual([expect.stringContaining('Sourdough loaf')]);
    expect(mailsTo()).toEqual([]);
  });

  it('holds a notification through quiet hours and sends it when they end', async () => {
    await save(withInventory({ email: true, telegram: true }, true));
    clock.advance(11 * 3_600_000); // 23:00 UTC (the profile's timezone)
    await stockOut();
    expect((await deliver()).held).toBe(2);
    expect(platformMessages()).toEqual([]);
    expect(mailsTo()).toEqual([]);

    clock.advance(8 * 3_600_000); // 07:00: still quiet
    expect((await deliver()).sent).toBe(0);
    clock.advance(3_600_000); // 08:00
    await deliver();
    expect(platformMessages()).toEqual([expect.stringContaining('Sourdough loaf')]);
    expect(mailsTo()).toHaveLength(1);
  });

  it('sends a security notification at once, in quiet hours, by Telegram and e-mail whatever the switches say', async () => {
    const settings = withInventory({ email: false, telegram: false }, true);
    settings.types.security = { email: false, telegram: false, push: false };
    await save(settings);
    clock.advance(11 * 3_600_000);
    await queueSecurityNotice(t.database.db, owner.vendorId, 'security_two_step_off');
    await deliver();
    expect(platformMessages()).toEqual([expect.stringContaining('Two-step confirmation was turned off')]);
    expect(mailsTo()).toEqual([
      expect.objectContaining({ subject: expect.stringContaining('Two-step confirmation was turned off') }),
    ]);
  });
});
