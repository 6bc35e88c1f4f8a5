import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BotListResponse } from '@app/contracts/bots';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createBot, fakeBot, vendor } from '../../test/factories';
import { sendUpdate, startApp } from '../../test/fake-telegram';
import { eventsOf, type TestApp } from '../../test/harness';
import { quietLog, resetJobSchema } from '../../test/jobs';
import { waitFor } from '../../test/wait-for';
import { botSubscriptions } from '../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../fakes/bot-api/server';
import { createSecrets } from '../lib/secrets';
import { createBotApi } from '../lib/telegram/bot-api';
import { createLocalStorage } from '../modules/media/storage';
import { createJobQueue, type JobQueue } from './job-queue';
import { jobKinds } from './job-types';
import { expireSubscriptions } from './subscription-expiry';
import { registerWorkers } from './workers';

let fake: FakeBotApi;
let t: TestApp;
let queue: JobQueue | undefined;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
beforeEach(async () => {
  t = await startApp(fake);
});
afterEach(async () => {
  await queue?.close();
  queue = undefined;
  fake.state.reset();
  await t.app.close();
});

const depsOf = (app: TestApp) => ({
  db: app.database.db,
  botApi: createBotApi({ apiRoot: fake.url }),
  secrets: createSecrets(app.config.appSecret),
  publicUrl: app.config.publicUrl,
  storage: createLocalStorage(join(tmpdir(), 'subscription-expiry-test-media')),
});

it('expires a trial past its end, removes the webhook, and the list shows the bot expired', async () => {
  const v = await vendor(t.app);
  const bot = fakeBot(fake);
  const created = await createBot(t.app, v, { botToken: bot.token, botName: 'Shop', plan: 'BASIC' });
  await t.database.db.update(botSubscriptions).set({ endsAt: new Date(Date.now() - 60_000) });

  expect(await expireSubscriptions(depsOf(t))).toEqual({ expired: 1 });

  const [row] = await t.database.db.select().from(botSubscriptions);
  expect(row?.status).toBe('expired');
  expect(fake.state.calls({ method: 'deleteWebhook', token: bot.token })).toHaveLength(1);
  const list = (await t.app.inject({ method: 'GET', url: `${v.base}/bots`, headers: v.auth })).json();
  expect((list as BotListResponse).bots[0]).toMatchObject({
    id: created.id,
    isActive: false,
    hasActiveSubscription: false,
    subscription: { plan: 'BASIC', status: 'expired', label: 'BASIC' },
  });
});

it('stops the expired bot the way the stop button does: its updates refused, a bot.stopped row', async () => {
  const v = await vendor(t.app);
  const created = await createBot(t.app, v, {
    botToken: fakeBot(fake).token,
    botName: 'Shop',
    plan: 'BASIC',
  });
  const secret = String(fake.state.calls({ method: 'setWebhook' })[0]?.params.secret_token);
  await t.database.db.update(botSubscriptions).set({ endsAt: new Date(Date.now() - 60_000) });

  await expireSubscriptions(depsOf(t));

  expect(await sendUpdate(t.app, created.id, secret)).toBe(401);
  const [latest] = await eventsOf(t.database, v.vendorId, created.id);
  expect(latest).toMatchObject({
    type: 'bot.stopped',
    actorKind: 'system',
    actorId: null,
    payload: expect.objectContaining({ reason: 'subscription.expired' }),
  });
});

it('leaves subscriptions that have not ended, and expires nothing twice', async () => {
  const v = await vendor(t.app);
  await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Shop', plan: 'PRO' });
  expect(await expireSubscriptions(depsOf(t))).toEqual({ expired: 0 });
  await t.database.db.update(botSubscriptions).set({ endsAt: new Date(Date.now() - 1) });
  expect(await expireSubscriptions(depsOf(t))).toEqual({ expired: 1 });
  expect(await expireSubscriptions(depsOf(t))).toEqual({ expired: 0 });
});

it('only looks at the current (newest) subscription of a bot', async () => {
  const v = await vendor(t.app);
  const created = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Shop', plan: 'PRO' });
  const [trial] = await t.database.db.select().from(botSubscriptions);
  // An older trial row still marked 'trial' and past its end, superseded by a paid period that runs on.
  await t.database.db
    .update(botSubscriptions)
    .set({ endsAt: new Date(Date.now() - 86_400_000), createdAt: new Date(Date.now() - 2 * 86_400_000) })
    .where(eq(botSubscriptions.id, trial?.id ?? ''));
  await t.database.db.insert(botSubscriptions).values({
    vendorId: v.vendorId,
    botId: created.id,
    plan: 'PRO',
    status: 'active',
    feeBps: 250,
    endsAt: new Date(Date.now() + 30 * 86_400_000),
  });
  expect(await expireSubscriptions(depsOf(t))).toEqual({ expired: 0 });
});

it('runs on the job queue once at start: a trial past its end is expired and its webhook deleted', async () => {
  const v = await vendor(t.app);
  const bot = fakeBot(fake);
  await createBot(t.app, v, { botToken: bot.token, botName: 'Shop', plan: 'BASIC' });
  await t.database.db.update(botSubscriptions).set({ endsAt: new Date(Date.now() - 60_000) });
  await resetJobSchema(t.database);

  queue = createJobQueue({
    connection: t.database.connection,
    kinds: jobKinds,
    log: quietLog,
    timing: { pollingIntervalSeconds: 0.5 },
  });
  await queue.start();
  await registerWorkers(queue, { ...depsOf(t), dispatchEvents: async () => {} });

  // deleteWebhook is the job's last step.
  await waitFor('the expiry job to delete the webhook', () =>
    fake.state.calls({ method: 'deleteWebhook', token: bot.token }).length > 0 ? true : undefined,
  );
  const [row] = await t.database.db.select().from(botSubscriptions);
  expect(row?.status).toBe('expired');
  expect(fake.state.calls({ method: 'deleteWebhook', token: bot.token })).toHaveLength(1);
});

it('puts subscription expiry, the events dispatch, notifications, the shop reservations release, the unanswered-support alert and the webhooks sweep on an every-minute schedule, payout checks every 5 and abandoned carts every 10 minutes, the media, export and account sweeps, Stars sync and reminders hourly, billing daily', async () => {
  await resetJobSchema(t.database);
  queue = createJobQueue({ connection: t.database.connection, kinds: jobKinds, log: quietLog });
  await queue.start();
  await registerWorkers(queue, { ...depsOf(t), dispatchEvents: async () => {} });

  const result = await t.database.db.execute(sql`select name, cron from pgboss.schedule order by name`);
  expect((result as unknown as { rows: unknown[] }).rows).toEqual([
    { name: 'account.purge', cron: '37 * * * *' },
    { name: 'billing.auto-payout', cron: '43 5 * * *' },
    { name: 'billing.collect', cron: '23 4 * * *' },
    { name: 'billing.payouts-check', cron: '*/5 * * * *' },
    { name: 'billing.stars-sync', cron: '41 * * * *' },
    { name: 'campaigns.abandoned-carts', cron: '*/10 * * * *' },
    { name: 'events.dispatch', cron: '* * * * *' },
    { name: 'exports.sweep', cron: '53 * * * *' },
    { name: 'media.sweep', cron: '17 * * * *' },
    { name: 'notifications.send', cron: '* * * * *' },
    { name: 'shop.release-reservations', cron: '* * * * *' },
    { name: 'subscriptions.expire', cron: '* * * * *' },
    { name: 'subscriptions.remind', cron: '7 * * * *' },
    { name: 'support.unanswered', cron: '* * * * *' },
    { name: 'webhooks.sweep', cron: '* * * * *' },
  ]);
});
