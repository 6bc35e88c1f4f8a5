import { randomUUID } from 'node:crypto';
import type { BillingInvoiceList, SavedPaymentMethod } from '@app/contracts/billing';
import type { WalletBalance } from '@app/contracts/payments';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCards, startFakeCardProvider } from '../../test/billing';
import { DAY_MS } from '../../test/clock';
import type { Vendor } from '../../test/factories';
import { startApp } from '../../test/fake-telegram';
import { getTestDatabase, TEST_BOT_TOKEN, type TestApp } from '../../test/harness';
import { get, post, vendorWithBot } from '../../test/payments';
import { billingChargeAttempts, planFees, walletLedger } from '../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../fakes/bot-api/server';
import { createCardProvider } from '../lib/card-provider';
import { createBotApi } from '../lib/telegram/bot-api';
import { collectPlanFees } from './billing-collect';

let fake: FakeBotApi;
let cards: FakeCards;
let t: TestApp;

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
  // The platform bot tells vendors; the fake Bot API knows it.
  if (!fake.state.findBot(TEST_BOT_TOKEN)) {
    fake.state.registerBot({ token: TEST_BOT_TOKEN, username: 'platform_bot' });
  }
  t = await startApp(fake, { cardProvider: cards.config });
});
afterEach(async () => {
  fake.state.reset();
  await t.app.close();
});

/** The monthly collection as the daily job runs it, at `now`. */
const collect = (now = new Date()) =>
  collectPlanFees({
    db: t.database.db,
    botApi: createBotApi({ apiRoot: fake.url }),
    platformBotToken: t.config.platformBotToken,
    cardProvider: createCardProvider(cards.config),
    now: () => now,
  });

/** A fee of `amountMinor` accrued two months ago (a closed month), and that month. */
async function feeOwed(v: Vendor, botId: string, amountMinor: number) {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 10, 12));
  await t.database.db.insert(planFees).values({
    vendorId: v.vendorId,
    botId,
    orderId: randomUUID(),
    kind: 'accrual',
    plan: 'BASIC',
    feeBps: 350,
    saleUsdMinor: Math.round(amountMinor / 0.035),
    amountMinor,
    eventId: randomUUID(),
    occurredAt: at,
  });
  return at.toISOString().slice(0, 7);
}

const credit = (v: Vendor, amountMinor: number) =>
  t.database.db.insert(walletLedger).values({ vendorId: v.vendorId, amountMinor, reason: 'adjustment' });

async function statementStatus(v: Vendor, month: string) {
  const res = await get(t.app, v, '/billing/invoices');
  return (res.json() as BillingInvoiceList).invoices.find((i) => i.month === month)?.status;
}

const balance = async (v: Vendor) =>
  ((await get(t.app, v, '/payments/wallet/balance')).json() as WalletBalance).balanceMinor;

const toldVendor = () =>
  fake.state
    .calls({ method: 'sendMessage', token: t.config.platformBotToken })
    .map((c) => String((c.params as { text?: string }).text ?? ''));

async function defaultCard(v: Vendor, number: string) {
  const pm = await cards.tokenise({ number });
  const res = await post(t.app, v, '/billing/payment-methods', { type: 'card', providerPaymentMethodId: pm });
  const card = res.json() as SavedPaymentMethod;
  expect(card.isDefault).toBe(true);
  return card;
}

describe('fee statement collection', () => {
  it('pays a closed month from the wallet when the balance holds it', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const month = await feeOwed(v, botId, 350);
    await credit(v, 1000);

    expect(await collect()).toMatchObject({ charged: 1, failed: 0 });

    expect(await statementStatus(v, month)).toBe('paid');
    expect(await balance(v)).toBe(650);
  });

  it('tells the vendor when the wallet does not hold enough, and debits nothing', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const month = await feeOwed(v, botId, 350);
    await credit(v, 100);

    expect(await collect()).toMatchObject({ charged: 0, failed: 1 });

    expect(await statementStatus(v, month)).not.toBe('paid');
    expect(await balance(v)).toBe(100);
    expect(toldVendor().some((text) => text.includes('your wallet does not hold enough'))).toBe(true);
  });

  it('retries a failed charge 1 day later, not before', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const month = await feeOwed(v, botId, 350);
    const now = Date.now();
    await collect(new Date(now));
    await credit(v, 1000);

    expect(await collect(new Date(now + 3_600_000))).toMatchObject({ charged: 0, failed: 0 });
    expect(await collect(new Date(now + DAY_MS))).toMatchObject({ charged: 1 });

    expect(await statementStatus(v, month)).toBe('paid');
    const attempts = await t.database.db.select().from(billingChargeAttempts);
    expect(attempts.map((a) => [a.attempt, a.status]).sort()).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ]);
  });

  it('gives up after the retries on days 1, 3 and 7', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    await feeOwed(v, botId, 350);
    const now = Date.now();
    for (const day of [0, 1, 3, 7, 8, 30]) await collect(new Date(now + day * DAY_MS));

    expect(await t.database.db.select().from(billingChargeAttempts)).toHaveLength(4);
  });

  it('charges the default card through the card provider', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const month = await feeOwed(v, botId, 350);
    await defaultCard(v, '4242424242424242');

    expect(await collect()).toMatchObject({ charged: 1 });

    expect(await statementStatus(v, month)).toBe('paid');
    expect([...cards.state.charges.values()].map((c) => [c.amountMinor, c.succeeded])).toEqual([[350, true]]);
  });

  it('tells the vendor when the card is declined, and leaves the statement unpaid', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const month = await feeOwed(v, botId, 350);
    await defaultCard(v, '4000000000000002');

    expect(await collect()).toMatchObject({ charged: 0, failed: 1 });

    expect(await statementStatus(v, month)).not.toBe('paid');
    expect(toldVendor().some((text) => text.includes('your card was declined'))).toBe(true);
  });

  it('never charges twice when the job runs again, or twice at once', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    await feeOwed(v, botId, 350);
    await credit(v, 1000);
    const now = new Date();

    await Promise.all([collect(now), collect(now)]);
    await collect(now);

    expect(await balance(v)).toBe(650);
    const debits = await t.database.db.select().from(walletLedger);
    expect(debits.filter((d) => d.reason === 'fees')).toHaveLength(1);
  });
});
