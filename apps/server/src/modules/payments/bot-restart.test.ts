import type { BotListResponse } from '@app/contracts/bots';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBot, fakeBot, type Vendor, vendor } from '../../../test/factories';
import { hookedBotApi, sendUpdate } from '../../../test/fake-telegram';
import { eventsOf, getTestDatabase, type TestApp } from '../../../test/harness';
import { quietLog, resetJobSchema } from '../../../test/jobs';
import {
  createPayment,
  type FakeProvider,
  get,
  platformUpdate,
  post,
  sendIpn,
  startFakeProvider,
  startPaymentsApp,
  successfulPayment,
} from '../../../test/payments';
import { waitFor } from '../../../test/wait-for';
import { botSubscriptions, walletLedger } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { resumeBot } from '../../jobs/bot-resume';
import { createJobQueue, type JobQueue } from '../../jobs/job-queue';
import { jobKinds } from '../../jobs/job-types';
import { expireSubscriptions } from '../../jobs/subscription-expiry';
import { registerWorkers } from '../../jobs/workers';
import { createSecrets } from '../../lib/secrets';
import { type BotApi, createBotApi } from '../../lib/telegram/bot-api';
import { createLocalStorage } from '../media/storage';

let fake: FakeBotApi;
let provider: FakeProvider;
let t: TestApp;
let queue: JobQueue | undefined;

beforeAll(async () => {
  fake = await startFakeBotApi();
  provider = await startFakeProvider();
  await getTestDatabase();
}, 120_000);
afterAll(async () => {
  await fake.close();
  await provider.close();
});
beforeEach(async () => {
  t = await startPaymentsApp(fake, provider);
});
afterEach(async () => {
  await queue?.close();
  queue = undefined;
  fake.state.reset();
  await t.app.close();
});

const jobDeps = (botApi: BotApi = createBotApi({ apiRoot: fake.url })) => ({
  db: t.database.db,
  botApi,
  secrets: createSecrets(t.config.appSecret),
  publicUrl: t.config.publicUrl,
});

/** A vendor's BASIC bot whose trial ended: the expiry job marked it expired and stopped the bot. */
async function expiredBot() {
  const v = await vendor(t.app);
  const bot = fakeBot(fake);
  const created = await createBot(t.app, v, { botToken: bot.token, botName: 'Shop', plan: 'BASIC' });
  await t.database.db.update(botSubscriptions).set({ endsAt: new Date(Date.now() - 60_000) });
  await expireSubscriptions(jobDeps());
  expect(fake.state.calls({ method: 'deleteWebhook', token: bot.token })).toHaveLength(1);
  return { v, botId: created.id, token: bot.token };
}

async function botOf(v: Vendor, botId: string) {
  const list = (await get(t.app, v, '/bots')).json() as BotListResponse;
  return list.bots.find((b) => b.id === botId);
}

const setWebhooks = (token: string) => fake.state.calls({ method: 'setWebhook', token });

/** The bot is running again: Telegram sends its updates here with the secret just set, and a bot.started says so. */
async function expectRestarted(v: Vendor, botId: string, token: string) {
  expect(setWebhooks(token)).toHaveLength(2);
  const secret = String(setWebhooks(token)[1]?.params.secret_token);
  expect(await sendUpdate(t.app, botId, secret)).toBe(200);
  expect(await botOf(v, botId)).toMatchObject({ isActive: true, hasActiveSubscription: true });
  const started = (await eventsOf(t.database, v.vendorId, botId)).find((e) => e.type === 'bot.started');
  expect(started).toMatchObject({
    actorKind: 'system',
    payload: expect.objectContaining({ reason: 'subscription.paid' }),
  });
}

describe('an expired bot restarted on payment', () => {
  it('starts again when a Stars payment activates its plan', async () => {
    const { v, botId, token } = await expiredBot();
    const p = await createPayment(t.app, v, 'stars', { botId, plan: 'BASIC' });

    await platformUpdate(t, successfulPayment(p, 'charge-restart'));

    await expectRestarted(v, botId, token);
  });

  it('starts again when the Litecoin IPN says finished', async () => {
    const { v, botId, token } = await expiredBot();
    const p = await createPayment(t.app, v, 'ltc', { botId, plan: 'BASIC' });
    const stored = [...provider.state.payments.values()].find((x) => x.order_id === p.id);

    await sendIpn(t, {
      payment_id: Number(stored?.payment_id),
      payment_status: 'finished',
      pay_address: p.payAddress,
      order_id: p.id,
    });

    await expectRestarted(v, botId, token);
  });

  it('starts again when the plan is paid from the wallet', async () => {
    const { v, botId, token } = await expiredBot();
    await t.database.db
      .insert(walletLedger)
      .values({ vendorId: v.vendorId, amountMinor: 2_900, reason: 'adjustment' });

    expect((await post(t.app, v, '/payments/wallet/pay', { botId, plan: 'BASIC' })).statusCode).toBe(201);

    await expectRestarted(v, botId, token);
  });

  it('leaves a bot the vendor stopped stopped when its plan is paid', async () => {
    const v = await vendor(t.app);
    const bot = fakeBot(fake);
    const { id: botId } = await createBot(t.app, v, { botToken: bot.token, botName: 'Shop', plan: 'BASIC' });
    await post(t.app, v, `/bots/${botId}/stop`, {});
    const p = await createPayment(t.app, v, 'stars', { botId, plan: 'BASIC' });

    await platformUpdate(t, successfulPayment(p, 'charge-stopped'));

    expect(setWebhooks(bot.token)).toHaveLength(1);
    expect(await botOf(v, botId)).toMatchObject({ isActive: false, hasActiveSubscription: true });
  });

  it('leaves the bot marked as stopped by the expiry when Telegram refuses, so a retry starts it', async () => {
    const { v, botId, token } = await expiredBot();
    await t.database.db
      .update(botSubscriptions)
      .set({ status: 'active', endsAt: new Date(Date.now() + 86_400_000) });
    const { botApi, hooks } = hookedBotApi(fake);
    hooks.setWebhook = async () => {
      throw new Error('Telegram is unreachable');
    };

    await expect(resumeBot(jobDeps(botApi), { vendorId: v.vendorId, botId })).rejects.toThrow();
    expect(await botOf(v, botId)).toMatchObject({ isActive: false });

    hooks.setWebhook = undefined;
    await resumeBot(jobDeps(botApi), { vendorId: v.vendorId, botId });
    expect(setWebhooks(token)).toHaveLength(2);
    expect(await botOf(v, botId)).toMatchObject({ isActive: true });
  });

  it('runs as the bots.resume job on the queue', async () => {
    const { v, botId, token } = await expiredBot();
    await t.database.db
      .update(botSubscriptions)
      .set({ status: 'active', endsAt: new Date(Date.now() + 86_400_000) });
    await resetJobSchema(t.database);
    queue = createJobQueue({
      connection: t.database.connection,
      kinds: jobKinds,
      log: quietLog,
      timing: { pollingIntervalSeconds: 0.5 },
    });
    await queue.start();
    await registerWorkers(queue, {
      ...jobDeps(),
      storage: createLocalStorage('/nonexistent/bot-restart-test-media'),
      dispatchEvents: async () => {},
    });

    await queue.send('bots.resume', { vendorId: v.vendorId, botId });

    await waitFor('the bots.resume job to start the bot', async () => (await botOf(v, botId))?.isActive);
    expect(setWebhooks(token)).toHaveLength(2);
  });
});
