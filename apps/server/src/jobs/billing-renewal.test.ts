import type { SavedPaymentMethod } from '@app/contracts/billing';
import type { SubscriptionsResponse, WalletBalance } from '@app/contracts/payments';
import { PLANS } from '@app/contracts/plans';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCards, startFakeCardProvider } from '../../test/billing';
import { DAY_MS, type TestClock, testClock } from '../../test/clock';
import type { Vendor } from '../../test/factories';
import { startApp } from '../../test/fake-telegram';
import { getTestDatabase, TEST_BOT_TOKEN, type TestApp } from '../../test/harness';
import {
  createPayment,
  get,
  platformUpdate,
  post,
  successfulPayment,
  vendorWithBot,
} from '../../test/payments';
import { billingChargeAttempts, notifications, walletLedger } from '../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../fakes/bot-api/server';
import { createCardProvider } from '../lib/card-provider';
import { createSecrets } from '../lib/secrets';
import { createBotApi } from '../lib/telegram/bot-api';
import { renewSubscriptions } from './billing-collect';
import { expireSubscriptions } from './subscription-expiry';

// Renewals charged to the vendor's default method by the daily `billing.collect` job (issue 22).

const PRICE = PLANS.BASIC.priceMonthly;

let fake: FakeBotApi;
let cards: FakeCards;
let t: TestApp;
let clock: TestClock;

beforeAll(async () => {
  fake = await startFakeBotApi();
  cards = await startFakeCardProvider();
  await getTestDatabase();
}, 120_000);
afterAll(async () => {
  await fake.close();
  await cards.close();
});
beforeEach(async () => {
  if (!fake.state.findBot(TEST_BOT_TOKEN)) {
    fake.state.registerBot({ token: TEST_BOT_TOKEN, username: 'platform_bot' });
  }
  cards.state.charges.clear();
  clock = testClock();
  t = await startApp(fake, { cardProvider: cards.config }, { now: clock.now });
});
afterEach(async () => {
  fake.state.reset();
  await t.app.close();
});

const botApi = () => createBotApi({ apiRoot: fake.url });

/** The renewal as the daily job runs it, at the test clock's time. */
const renew = () =>
  renewSubscriptions({
    db: t.database.db,
    botApi: botApi(),
    platformBotToken: t.config.platformBotToken,
    cardProvider: createCardProvider(cards.config),
    now: clock.now,
  });

const expire = () =>
  expireSubscriptions({
    db: t.database.db,
    botApi: botApi(),
    secrets: createSecrets(t.config.appSecret),
    now: clock.now,
  });

const credit = (v: Vendor, amountMinor: number) =>
  t.database.db.insert(walletLedger).values({ vendorId: v.vendorId, amountMinor, reason: 'adjustment' });

const balance = async (v: Vendor) =>
  ((await get(t.app, v, '/payments/wallet/balance')).json() as WalletBalance).balanceMinor;

async function card(v: Vendor, botId: string) {
  const res = await get(t.app, v, '/subscriptions');
  const found = (res.json() as SubscriptionsResponse).subscriptions.find((s) => s.botId === botId);
  if (!found) throw new Error(`no card for ${botId}: ${res.body}`);
  return found;
}

/** A vendor whose bot's BASIC month is paid from the wallet now; the wallet then holds `left`. */
async function paidMonth(left: number) {
  const { v, botId } = await vendorWithBot(t, fake);
  await credit(v, PRICE + left);
  const res = await post(t.app, v, '/payments/wallet/pay', { botId, plan: 'BASIC', period: 'monthly' });
  expect(res.statusCode).toBe(201);
  const endsAt = Date.parse(String((await card(v, botId)).endsAt));
  return { v, botId, endsAt };
}

async function defaultCard(v: Vendor, number: string) {
  const pm = await cards.tokenise({ number });
  const res = await post(t.app, v, '/billing/payment-methods', { type: 'card', providerPaymentMethodId: pm });
  const saved = res.json() as SavedPaymentMethod;
  expect(saved.isDefault).toBe(true);
  return saved;
}

const toldVendor = () =>
  fake.state
    .calls({ method: 'sendMessage', token: t.config.platformBotToken })
    .map((c) => c.params as { text?: string; reply_markup?: unknown });

/** Moves the clock to `ms` before the period's end. */
const toBeforeEnd = (endsAt: number, ms: number) => clock.advance(endsAt - ms - clock.now().getTime());

describe('renewal by the default method', () => {
  it('renews a paid month from the wallet on its due date', async () => {
    const { v, botId, endsAt } = await paidMonth(PRICE + 500);
    toBeforeEnd(endsAt, 12 * 3_600_000);

    expect(await renew()).toMatchObject({ charged: 1, failed: 0 });

    expect(await balance(v)).toBe(500);
    const renewed = await card(v, botId);
    expect(Date.parse(String(renewed.endsAt))).toBe(endsAt + 30 * DAY_MS);
    expect(renewed.status).toBe('active');
  });

  it('charges nothing before the due date', async () => {
    const { v, botId, endsAt } = await paidMonth(PRICE);
    toBeforeEnd(endsAt, 2 * DAY_MS);

    expect(await renew()).toEqual({ charged: 0, invoiced: 0, failed: 0, waiting: 0 });

    expect(await balance(v)).toBe(PRICE);
    expect(Date.parse(String((await card(v, botId)).endsAt))).toBe(endsAt);
  });

  it('tells the vendor, with a top-up button, when the wallet does not hold enough, and debits nothing', async () => {
    const { v, endsAt } = await paidMonth(100);
    toBeforeEnd(endsAt, 3_600_000);

    expect(await renew()).toMatchObject({ charged: 0, failed: 1 });

    expect(await balance(v)).toBe(100);
    const told = toldVendor().find((m) => m.text?.includes('could not be renewed'));
    expect(told?.text).toContain('your wallet does not hold enough');
    expect(JSON.stringify(told?.reply_markup)).toContain('Top up or pay');
  });

  it('queues the e-mail copy of the notice, once per failed attempt', async () => {
    const { v, endsAt } = await paidMonth(100);
    toBeforeEnd(endsAt, 3_600_000);

    await renew();
    await renew();

    const queued = await t.database.db.select().from(notifications);
    expect(queued.map((n) => [n.vendorId, n.audience, n.kind])).toEqual([
      [v.vendorId, 'vendor_email', 'renewal_unpaid'],
    ]);
    expect(queued[0]?.params).toMatchObject({
      plan: 'BASIC',
      amountMinor: PRICE,
      reason: 'insufficient_funds',
    });
  });

  it('renews by the default card through the card provider', async () => {
    const { v, botId, endsAt } = await paidMonth(0);
    await defaultCard(v, '4242424242424242');
    toBeforeEnd(endsAt, 3_600_000);

    expect(await renew()).toMatchObject({ charged: 1 });

    expect([...cards.state.charges.values()].map((c) => [c.amountMinor, c.succeeded])).toEqual([
      [PRICE, true],
    ]);
    expect(Date.parse(String((await card(v, botId)).endsAt))).toBe(endsAt + 30 * DAY_MS);
    const invoices = (await get(t.app, v, '/billing/invoices')).json() as { invoices: { kind: string }[] };
    expect(invoices.invoices.filter((i) => i.kind === 'plan')).toHaveLength(2);
  });

  it('tells the vendor when the card is declined, and the period is not renewed', async () => {
    const { v, botId, endsAt } = await paidMonth(0);
    await defaultCard(v, '4000000000000002');
    toBeforeEnd(endsAt, 3_600_000);

    expect(await renew()).toMatchObject({ charged: 0, failed: 1 });

    expect(toldVendor().some((m) => m.text?.includes('your card was declined'))).toBe(true);
    expect(Date.parse(String((await card(v, botId)).endsAt))).toBe(endsAt);
  });

  it('retries on days 1, 3 and 7 after the first attempt, then leaves the bot to the expiry rules', async () => {
    const { v, botId, endsAt } = await paidMonth(0);
    toBeforeEnd(endsAt, 3_600_000);
    const first = clock.now().getTime();
    const at = (days: number) => clock.advance(first + days * DAY_MS - clock.now().getTime());

    for (const day of [0, 0.5, 1, 2, 3, 5, 7, 8, 9]) {
      at(day);
      await expire();
      await renew();
    }

    const attempts = await t.database.db.select().from(billingChargeAttempts);
    expect(attempts.map((a) => a.attempt).sort()).toEqual([1, 2, 3, 4]);
    expect(attempts.map((a) => Math.round((a.createdAt.getTime() - first) / DAY_MS)).sort()).toEqual([
      0, 1, 3, 7,
    ]);
    expect(toldVendor().filter((m) => m.text?.includes('could not be renewed'))).toHaveLength(4);
    expect((await card(v, botId)).status).toBe('expired');
  });

  it('a retry that succeeds after the period ended starts a new period from then', async () => {
    const { v, botId, endsAt } = await paidMonth(0);
    toBeforeEnd(endsAt, 3_600_000);
    await renew();
    clock.advance(DAY_MS);
    await expire();
    expect((await card(v, botId)).status).toBe('expired');

    await credit(v, PRICE);
    expect(await renew()).toMatchObject({ charged: 1 });

    const renewed = await card(v, botId);
    expect(renewed.status).toBe('active');
    expect(Date.parse(String(renewed.endsAt))).toBe(clock.now().getTime() + 30 * DAY_MS);
    expect(await balance(v)).toBe(0);
  });

  it('never charges twice when the job runs again, or twice at once', async () => {
    const { v, endsAt } = await paidMonth(3 * PRICE);
    toBeforeEnd(endsAt, 3_600_000);

    await Promise.all([renew(), renew()]);
    await renew();

    expect(await balance(v)).toBe(2 * PRICE);
    const debits = await t.database.db.select().from(walletLedger);
    expect(debits.filter((d) => d.reason === 'subscription')).toHaveLength(2);
  });

  it('never charges a card twice when the job runs again, or twice at once', async () => {
    const { v, endsAt } = await paidMonth(0);
    await defaultCard(v, '4242424242424242');
    toBeforeEnd(endsAt, 3_600_000);

    await Promise.all([renew(), renew()]);
    await renew();

    expect([...cards.state.charges.values()].filter((c) => c.succeeded)).toHaveLength(1);
  });

  it('leaves a cancelled subscription to end', async () => {
    const { v, botId, endsAt } = await paidMonth(PRICE);
    expect((await post(t.app, v, `/subscriptions/${botId}/cancel`, {})).statusCode).toBe(200);
    toBeforeEnd(endsAt, 3_600_000);

    expect(await renew()).toEqual({ charged: 0, invoiced: 0, failed: 0, waiting: 0 });
    expect(await balance(v)).toBe(PRICE);
  });

  it('leaves a Star subscription to Telegram', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    await credit(v, PRICE);
    const stars = await createPayment(t.app, v, 'stars', { botId, plan: 'BASIC', period: 'monthly' });
    expect(stars.starSubscription).toBe(true);
    const paid = successfulPayment(stars, 'charge-star-sub', {
      is_recurring: true,
      is_first_recurring: true,
    });
    expect((await platformUpdate(t, paid)).statusCode).toBe(200);
    const endsAt = Date.parse(String((await card(v, botId)).endsAt));
    toBeforeEnd(endsAt, 3_600_000);

    expect(await renew()).toEqual({ charged: 0, invoiced: 0, failed: 0, waiting: 0 });
    expect(await balance(v)).toBe(PRICE);
  });

  it('does not charge for the end of a trial', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    await credit(v, PRICE);
    const trialEnd = Date.parse(String((await card(v, botId)).endsAt));
    toBeforeEnd(trialEnd, 3_600_000);

    expect(await renew()).toEqual({ charged: 0, invoiced: 0, failed: 0, waiting: 0 });
    expect(await balance(v)).toBe(PRICE);
  });
});
