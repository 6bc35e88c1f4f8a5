import { randomUUID } from 'node:crypto';
import type { BillingInvoiceList, PaymentMethodList, SavedPaymentMethod } from '@app/contracts/billing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCards, startFakeCardProvider } from '../../../test/billing';
import { DAY_MS } from '../../../test/clock';
import type { Vendor } from '../../../test/factories';
import { startApp } from '../../../test/fake-telegram';
import { getTestDatabase, type TestApp } from '../../../test/harness';
import { get, post, vendorWithBot } from '../../../test/payments';
import { feeSettlements, planFees, walletLedger } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';

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
  t = await startApp(fake, { cardProvider: cards.config });
});
afterEach(async () => {
  fake.state.reset();
  await t.app.close();
});

const del = (v: Vendor, path: string) =>
  t.app.inject({ method: 'DELETE', url: `${v.base}${path}`, headers: v.auth });

async function invoices(v: Vendor, query = ''): Promise<BillingInvoiceList['invoices']> {
  const res = await get(t.app, v, `/billing/invoices${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as BillingInvoiceList).invoices;
}

async function methods(v: Vendor): Promise<PaymentMethodList> {
  const res = await get(t.app, v, '/billing/payment-methods');
  expect(res.statusCode).toBe(200);
  return res.json() as PaymentMethodList;
}

async function addMethod(v: Vendor, body: object): Promise<SavedPaymentMethod> {
  const res = await post(t.app, v, '/billing/payment-methods', body);
  if (res.statusCode !== 201) throw new Error(`add failed: ${res.statusCode} ${res.body}`);
  return res.json() as SavedPaymentMethod;
}

/** A fee accrued on a shop sale at `at` (what plan-fees.consumer.ts writes for a paid order). */
async function feeAccrued(v: Vendor, botId: string, at: Date, amountMinor: number) {
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
}

/** A moment in the month `back` months before this one (UTC), and that month. */
function monthsAgo(back: number) {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 10, 12));
  return { at, month: at.toISOString().slice(0, 7) };
}

describe('invoices', () => {
  it('lists a plan payment as a paid invoice with its amount, date, due date and plan', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    await t.database.db
      .insert(walletLedger)
      .values({ vendorId: v.vendorId, amountMinor: 5000, reason: 'adjustment' });
    expect((await post(t.app, v, '/payments/wallet/pay', { botId, plan: 'BASIC' })).statusCode).toBe(201);

    const [invoice] = await invoices(v);

    expect(invoice).toMatchObject({
      kind: 'plan',
      status: 'paid',
      amountMinor: 2900,
      currency: 'USD',
      plan: 'BASIC',
      period: 'monthly',
      botId,
    });
    expect(invoice?.invoiceNumber).toMatch(/\S/);
    expect(invoice?.dueDate).toBe(invoice?.date);
  });

  it("shows this month's fee statement as pending, due 14 days after the month closes", async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const now = monthsAgo(0);
    await feeAccrued(v, botId, new Date(), 350);

    const [statement] = await invoices(v);

    const close = new Date(Date.UTC(now.at.getUTCFullYear(), now.at.getUTCMonth() + 1, 1));
    expect(statement).toMatchObject({
      kind: 'fees',
      id: now.month,
      month: now.month,
      status: 'pending',
      amountMinor: 350,
      date: close.toISOString(),
      dueDate: new Date(close.getTime() + 14 * DAY_MS).toISOString(),
    });
  });

  it('marks a fee statement unpaid 14 days after its month closed as overdue', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const old = monthsAgo(2);
    await feeAccrued(v, botId, old.at, 500);

    const [statement] = await invoices(v);

    expect(statement).toMatchObject({ kind: 'fees', month: old.month, status: 'overdue', amountMinor: 500 });
  });

  it('marks a settled fee statement as paid', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const old = monthsAgo(2);
    await feeAccrued(v, botId, old.at, 500);
    await t.database.db.insert(feeSettlements).values({
      vendorId: v.vendorId,
      month: old.month,
      amountMinor: 500,
      method: 'wallet',
      paidAt: new Date(),
    });

    expect((await invoices(v))[0]).toMatchObject({ month: old.month, status: 'paid' });
  });

  it('filters by status', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    await feeAccrued(v, botId, monthsAgo(2).at, 500);
    await feeAccrued(v, botId, new Date(), 350);

    expect((await invoices(v, '?status=overdue')).map((i) => i.amountMinor)).toEqual([500]);
    expect((await invoices(v, '?status=pending')).map((i) => i.amountMinor)).toEqual([350]);
    expect(await invoices(v, '?status=paid')).toEqual([]);
  });

  it("filters by bot: the bot's invoices and its share of each fee statement", async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const other = randomUUID();
    await feeAccrued(v, botId, new Date(), 350);
    await feeAccrued(v, other, new Date(), 100);

    expect((await invoices(v)).map((i) => i.amountMinor)).toEqual([450]);
    expect((await invoices(v, `?botId=${botId}`)).map((i) => i.amountMinor)).toEqual([350]);
  });

  // Issue 26 B: a bot that is not the vendor's is "not found" in a query as in a path, never an empty answer.
  it("answers 404 BOT_NOT_FOUND for a bot filter naming a bot that is not the vendor's", async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    await feeAccrued(v, botId, new Date(), 350);

    const res = await get(t.app, v, `/billing/invoices?botId=${randomUUID()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('BOT_NOT_FOUND');
  });
});

describe('payment methods', () => {
  it('makes the first method the default and keeps it when another is added', async () => {
    const { v } = await vendorWithBot(t, fake);

    const wallet = await addMethod(v, { type: 'wallet' });
    const stars = await addMethod(v, { type: 'stars' });

    expect(wallet.isDefault).toBe(true);
    expect(stars.isDefault).toBe(false);
    expect((await methods(v)).methods.filter((m) => m.isDefault).map((m) => m.id)).toEqual([wallet.id]);
  });

  it('setting a default leaves exactly one default', async () => {
    const { v } = await vendorWithBot(t, fake);
    await addMethod(v, { type: 'wallet' });
    const ltc = await addMethod(v, { type: 'ltc' });

    const res = await post(t.app, v, `/billing/payment-methods/${ltc.id}/default`, {});

    expect(res.statusCode).toBe(200);
    const list = (res.json() as PaymentMethodList).methods;
    expect(list.filter((m) => m.isDefault).map((m) => m.type)).toEqual(['ltc']);
  });

  it("refuses to remove the default method with 'Cannot Remove'", async () => {
    const { v } = await vendorWithBot(t, fake);
    const wallet = await addMethod(v, { type: 'wallet' });

    const res = await del(v, `/billing/payment-methods/${wallet.id}`);

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: {
        code: 'PAYMENT_METHOD_IS_DEFAULT',
        message: 'You cannot remove the default payment method. Please set another method as default first.',
      },
    });
    expect((await methods(v)).methods).toHaveLength(1);
  });

  it('removes a method that is not the default', async () => {
    const { v } = await vendorWithBot(t, fake);
    await addMethod(v, { type: 'wallet' });
    const stars = await addMethod(v, { type: 'stars' });

    const res = await del(v, `/billing/payment-methods/${stars.id}`);

    expect(res.statusCode).toBe(200);
    expect((res.json() as PaymentMethodList).methods.map((m) => m.type)).toEqual(['wallet']);
  });

  it('saves the wallet, Stars and Litecoin once each', async () => {
    const { v } = await vendorWithBot(t, fake);
    await addMethod(v, { type: 'wallet' });

    const res = await post(t.app, v, '/billing/payment-methods', { type: 'wallet' });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'PAYMENT_METHOD_EXISTS' } });
  });

  it("saves a card by the provider's id: brand, last four and expiry, never the number", async () => {
    const { v } = await vendorWithBot(t, fake);
    const pm = await cards.tokenise({ number: '4242424242424242', expMonth: '12', expYear: '40' });

    const card = await addMethod(v, { type: 'card', providerPaymentMethodId: pm });

    expect(card).toMatchObject({
      type: 'card',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2040,
      isDefault: true,
      expiresSoon: false,
      expired: false,
    });
    expect(JSON.stringify(await methods(v))).not.toContain('4242424242424242');
  });

  it('refuses a payment method id the provider never gave', async () => {
    const { v } = await vendorWithBot(t, fake);

    const res = await post(t.app, v, '/billing/payment-methods', {
      type: 'card',
      providerPaymentMethodId: 'pm_madeup0000000000',
    });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'CARD_NOT_RECOGNISED' } });
  });

  it('flags a card that expires within a month', async () => {
    const { v } = await vendorWithBot(t, fake);
    const now = new Date();
    // Good through the end of this month: within a month of expiring.
    const pm = await cards.tokenise({
      number: '5555555555554444',
      expMonth: String(now.getUTCMonth() + 1),
      expYear: String(now.getUTCFullYear() % 100),
    });

    const card = await addMethod(v, { type: 'card', providerPaymentMethodId: pm });

    expect(card).toMatchObject({ brand: 'mastercard', expiresSoon: true, expired: false });
  });

  it('tells the browser where to tokenise a card, with the publishable key only', async () => {
    const { v } = await vendorWithBot(t, fake);

    const list = await methods(v);

    expect(list.cardProvider).toMatchObject({
      tokenizeUrl: `${cards.url}/v1/payment_methods`,
      publishableKey: 'pk_test_billing',
    });
    expect(JSON.stringify(list)).not.toContain('sk_test_billing');
  });

  it('hides cards when no provider is configured', async () => {
    await t.app.close();
    t = await startApp(fake, { cardProvider: null });
    const { v } = await vendorWithBot(t, fake);

    expect((await methods(v)).cardProvider).toBeNull();
    const res = await post(t.app, v, '/billing/payment-methods', {
      type: 'card',
      providerPaymentMethodId: 'pm_whatever0000',
    });
    expect(res.statusCode).toBe(503);
  });
});
