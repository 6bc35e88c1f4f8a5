import { randomUUID } from 'node:crypto';
import type { BillingInvoiceList } from '@app/contracts/billing';
import type { SubscriptionsResponse } from '@app/contracts/payments';
import { PLANS } from '@app/contracts/plans';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, type TestClock, testClock } from '../../test/clock';
import type { Vendor } from '../../test/factories';
import { getTestDatabase, type TestApp } from '../../test/harness';
import {
  API_KEY,
  type FakeProvider,
  get,
  platformUpdate,
  post,
  sendIpn,
  startFakeProvider,
  startPaymentsApp,
  successfulPayment,
  vendorWithBot,
} from '../../test/payments';
import { planFees, walletLedger } from '../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../fakes/bot-api/server';
import { createNowPayments } from '../lib/nowpayments';
import { createBotApi } from '../lib/telegram/bot-api';
import { collectPlanFees, renewSubscriptions } from './billing-collect';

// A Stars or Litecoin default pays by invoice (issue 22): the daily `billing.collect` job sends the fee statement
// (or the renewal) as a Stars invoice from the platform bot, or a message with a Litecoin pay link; paying it
// settles the statement (or renews the plan).

let fake: FakeBotApi;
let provider: FakeProvider;
let t: TestApp;
let clock: TestClock;

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
  clock = testClock();
  t = await startPaymentsApp(fake, provider, clock.now);
});
afterEach(async () => {
  fake.state.reset();
  provider.state.payments.clear();
  await t.app.close();
});

const jobDeps = () => ({
  db: t.database.db,
  botApi: createBotApi({ apiRoot: fake.url }),
  platformBotToken: t.config.platformBotToken,
  cryptoProvider: createNowPayments({ apiUrl: provider.url, apiKey: API_KEY }),
  starsPerUsd: t.config.starsPerUsd,
  publicUrl: t.config.publicUrl,
  now: clock.now,
});
const collect = () => collectPlanFees(jobDeps());
const renew = () => renewSubscriptions(jobDeps());

/** A fee of `amountMinor` accrued two months ago (a closed month); answers that month. */
async function feeOwed(v: Vendor, botId: string, amountMinor: number) {
  const now = clock.now();
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

async function statementStatus(v: Vendor, month: string) {
  const res = await get(t.app, v, '/billing/invoices');
  return (res.json() as BillingInvoiceList).invoices.find((i) => i.kind === 'fees' && i.month === month)
    ?.status;
}

async function defaultMethod(v: Vendor, type: 'stars' | 'ltc') {
  const res = await post(t.app, v, '/billing/payment-methods', { type });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({ type, isDefault: true });
}

type InvoiceParams = {
  chat_id: number;
  title: string;
  payload: string;
  currency: string;
  prices: { amount: number }[];
};
const starsInvoices = () =>
  fake.state
    .calls({ method: 'sendInvoice', token: t.config.platformBotToken })
    .map((c) => c.params as unknown as InvoiceParams);

const platformTexts = () =>
  fake.state
    .calls({ method: 'sendMessage', token: t.config.platformBotToken })
    .map((c) => String((c.params as { text?: string }).text ?? ''));

/** The owner pays a Stars invoice in the chat: Telegram's pre-checkout question, then the payment. */
async function payStars(invoice: InvoiceParams, chargeId: string) {
  const amount = invoice.prices[0]?.amount ?? 0;
  await platformUpdate(t, {
    update_id: 1,
    pre_checkout_query: {
      id: `q-${chargeId}`,
      from: { id: invoice.chat_id, is_bot: false, first_name: 'V' },
      currency: 'XTR',
      total_amount: amount,
      invoice_payload: invoice.payload,
    },
  });
  expect(fake.state.preCheckoutAnswers.get(`q-${chargeId}`)).toMatchObject({ ok: true });
  const id = invoice.payload.slice('pay:'.length);
  const res = await platformUpdate(t, successfulPayment({ id, starsAmount: amount }, chargeId));
  expect(res.statusCode).toBe(200);
}

/** The payer finishes paying the Litecoin invoice behind a pay link: the provider's IPN, signed. */
async function payLitecoin(url: string) {
  const invoiceId = new URL(url).searchParams.get('iid');
  const payment = [...provider.state.payments.values()].find((p) => p.invoice_id === invoiceId);
  if (!payment) throw new Error(`no payment for invoice ${invoiceId}`);
  const { ipn_callback_url, ...ipn } = payment;
  expect(ipn_callback_url).toBe(`${t.config.publicUrl}/api/v1/payments/ltc/ipn`);
  const res = await sendIpn(t, { ...ipn, payment_status: 'finished', actually_paid: payment.pay_amount });
  expect(res.statusCode).toBe(200);
}

const payLink = (text: string) => /https:\/\/nowpayments\.io\/payment\/\?iid=\d+/.exec(text)?.[0];

describe('fee statement paid by a Stars default', () => {
  it('is sent as a Stars invoice by the platform bot; paying it marks the statement paid', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const month = await feeOwed(v, botId, 350);
    await defaultMethod(v, 'stars');

    expect(await collect()).toMatchObject({ invoiced: 1, charged: 0, failed: 0 });

    const [invoice, ...more] = starsInvoices();
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      currency: 'XTR',
      title: `Plan fees ${month}`,
      prices: [{ amount: Math.ceil((350 * t.config.starsPerUsd) / 100) }],
    });
    expect(await statementStatus(v, month)).not.toBe('paid');

    await payStars(invoice as InvoiceParams, 'charge-fees-1');

    expect(await statementStatus(v, month)).toBe('paid');
  });

  it('sends one invoice however often the job runs', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    await feeOwed(v, botId, 350);
    await defaultMethod(v, 'stars');

    await Promise.all([collect(), collect()]);
    clock.advance(8 * DAY_MS);
    await collect();

    expect(starsInvoices()).toHaveLength(1);
  });

  it('debits nothing from the wallet', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    await feeOwed(v, botId, 350);
    await t.database.db
      .insert(walletLedger)
      .values({ vendorId: v.vendorId, amountMinor: 1000, reason: 'adjustment' });
    await defaultMethod(v, 'stars');

    await collect();
    await payStars(starsInvoices()[0] as InvoiceParams, 'charge-fees-2');

    const ledger = await t.database.db.select().from(walletLedger);
    expect(ledger.filter((l) => l.reason === 'fees')).toEqual([]);
  });
});

describe('fee statement paid by a Litecoin default', () => {
  it('is sent as a message with a pay link on the due date; the IPN marks the statement paid', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const month = await feeOwed(v, botId, 350);
    await defaultMethod(v, 'ltc');

    expect(await collect()).toMatchObject({ invoiced: 1 });

    const text = platformTexts().find((m) => m.includes('Pay them in Litecoin here'));
    expect(text).toContain(`Your plan fees for ${month} ($3.50) are due`);
    const url = payLink(text ?? '');
    expect(url).toBeDefined();
    expect(await statementStatus(v, month)).not.toBe('paid');

    await payLitecoin(url as string);

    expect(await statementStatus(v, month)).toBe('paid');
  });

  it('is left unpaid by an IPN that is not finished', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const month = await feeOwed(v, botId, 350);
    await defaultMethod(v, 'ltc');
    await collect();
    const url = payLink(platformTexts().find((m) => m.includes('Litecoin')) ?? '') as string;
    const invoiceId = new URL(url).searchParams.get('iid');
    const payment = [...provider.state.payments.values()].find((p) => p.invoice_id === invoiceId);
    const { ipn_callback_url: _, ...ipn } = payment as NonNullable<typeof payment>;

    await sendIpn(t, { ...ipn, payment_status: 'partially_paid' });

    expect(await statementStatus(v, month)).not.toBe('paid');
  });
});

describe('renewal paid by a Stars or Litecoin default', () => {
  const PRICE = PLANS.BASIC.priceMonthly;

  /** A bot whose BASIC month was paid from the wallet now; answers when it ends. */
  async function paidMonth() {
    const { v, botId } = await vendorWithBot(t, fake);
    await t.database.db
      .insert(walletLedger)
      .values({ vendorId: v.vendorId, amountMinor: PRICE, reason: 'adjustment' });
    const res = await post(t.app, v, '/payments/wallet/pay', { botId, plan: 'BASIC', period: 'monthly' });
    expect(res.statusCode).toBe(201);
    return { v, botId, endsAt: await endOf(v, botId) };
  }

  async function endOf(v: Vendor, botId: string) {
    const cards = (await get(t.app, v, '/subscriptions')).json() as SubscriptionsResponse;
    return Date.parse(String(cards.subscriptions.find((c) => c.botId === botId)?.endsAt));
  }

  it('sends a Stars invoice on the due date; paying it renews the plan', async () => {
    const { v, botId, endsAt } = await paidMonth();
    await defaultMethod(v, 'stars');
    clock.advance(endsAt - 3_600_000 - clock.now().getTime());

    expect(await renew()).toMatchObject({ invoiced: 1 });
    const [invoice] = starsInvoices();
    expect(invoice).toMatchObject({ currency: 'XTR', title: 'BASIC plan renewal' });
    expect(await endOf(v, botId)).toBe(endsAt);

    await payStars(invoice as InvoiceParams, 'charge-renewal-1');

    expect(await endOf(v, botId)).toBe(endsAt + 30 * DAY_MS);
  });

  it('sends a Litecoin pay link on the due date; the IPN renews the plan', async () => {
    const { v, botId, endsAt } = await paidMonth();
    await defaultMethod(v, 'ltc');
    clock.advance(endsAt - 3_600_000 - clock.now().getTime());

    expect(await renew()).toMatchObject({ invoiced: 1 });
    const text = platformTexts().find((m) => m.includes('Pay it in Litecoin here')) ?? '';
    expect(text).toContain('The BASIC plan of @');

    await payLitecoin(payLink(text) as string);

    expect(await endOf(v, botId)).toBe(endsAt + 30 * DAY_MS);
  });
});
