import type { DownloadLink } from '@app/contracts/common';
import type {
  InvoiceList,
  Payment,
  SubscriptionCard,
  SubscriptionsResponse,
  WalletBalance,
} from '@app/contracts/payments';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, type TestClock, testClock } from '../../../test/clock';
import { createBot, fakeBot, vendor } from '../../../test/factories';
import { startApp } from '../../../test/fake-telegram';
import { eventsOf, getTestDatabase, type TestApp } from '../../../test/harness';
import {
  createPayment,
  type FakeProvider,
  get,
  pdfText,
  platformUpdate,
  post,
  sendIpn,
  startFakeProvider,
  startPaymentsApp,
  successfulPayment,
  vendorWithBot,
} from '../../../test/payments';
import { payments, walletLedger } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';

let fake: FakeBotApi;
let provider: FakeProvider;
let t: TestApp;
let clock: TestClock;

beforeAll(async () => {
  fake = await startFakeBotApi();
  provider = await startFakeProvider();
  // A fresh database (migrations) can take long on a busy machine: not inside the first test's time.
  await getTestDatabase();
}, 120_000);
afterAll(async () => {
  await fake.close();
  await provider.close();
});
declare module 'vitest' {
  interface TaskMeta {
    /** The app runs on a test clock (`clock`) instead of the real time. */
    onTestClock?: boolean;
  }
}

beforeEach(async ({ task }) => {
  clock = testClock();
  t = await startPaymentsApp(fake, provider, task.meta.onTestClock ? clock.now : undefined);
});
afterEach(async () => {
  fake.state.reset();
  await t.app.close();
});

async function cardOf(botId: string, v: Awaited<ReturnType<typeof vendor>>): Promise<SubscriptionCard> {
  const res = await get(t.app, v, '/subscriptions');
  const card = (res.json() as SubscriptionsResponse).subscriptions.find((c) => c.botId === botId);
  if (!card) throw new Error('no card');
  return card;
}

describe('Telegram Stars', () => {
  it('creates an XTR invoice link naming the payment; a monthly plan is a 30-day Star subscription', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const p = await createPayment(t.app, v, 'stars', { botId, plan: 'BASIC', period: 'monthly' });

    expect(p).toMatchObject({
      status: 'pending',
      amountMinor: 2900,
      starsAmount: 2233,
      starSubscription: true,
    });
    const [link] = fake.state.invoiceLinks;
    expect(link).toMatchObject({
      currency: 'XTR',
      payload: `pay:${p.id}`,
      prices: [{ amount: 2233 }],
      subscription_period: 2_592_000,
      url: p.invoiceUrl,
    });
  });

  it('pays a yearly plan, and a monthly plan above 10,000 Stars, by a one-off invoice', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    await createPayment(t.app, v, 'stars', { botId, plan: 'PRO', period: 'yearly' });
    await createPayment(t.app, v, 'stars', { botId, plan: 'ENTERPRISE', period: 'monthly' });
    expect(fake.state.invoiceLinks.map((l) => l.subscription_period)).toEqual([undefined, undefined]);
    expect(fake.state.invoiceLinks[1]?.prices[0]?.amount).toBe(15_323);
  });

  it('answers a pre_checkout_query ok for the right amount and refuses a wrong amount', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const p = await createPayment(t.app, v, 'stars', { botId, plan: 'BASIC' });
    const query = (id: string, amount: number) => ({
      update_id: 1,
      pre_checkout_query: {
        id,
        from: { id: 42, is_bot: false, first_name: 'V' },
        currency: 'XTR',
        total_amount: amount,
        invoice_payload: `pay:${p.id}`,
      },
    });

    expect((await platformUpdate(t, query('q-good', 2233))).statusCode).toBe(200);
    expect((await platformUpdate(t, query('q-bad', 1))).statusCode).toBe(200);

    expect(fake.state.preCheckoutAnswers.get('q-good')).toMatchObject({ ok: true });
    expect(fake.state.preCheckoutAnswers.get('q-bad')).toMatchObject({
      ok: false,
      error_message: 'Payment failed. Please try again.',
    });
  });

  it('refuses a platform update without the secret token, before reading it', async () => {
    const res = await platformUpdate(t, { update_id: 1 }, 'wrong');
    expect(res.statusCode).toBe(401);
  });

  it('acknowledges and ignores a malformed payment update', async () => {
    const bad = { update_id: 1, message: { from: { id: 42 }, successful_payment: { invoice_payload: 7 } } };
    expect((await platformUpdate(t, bad)).statusCode).toBe(200);
    expect(fake.state.calls({ method: 'answerPreCheckoutQuery' })).toEqual([]);
  });

  it('credits a duplicate successful_payment once: one period, one invoice, one event', {
    meta: { onTestClock: true },
  }, async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const p = await createPayment(t.app, v, 'stars', { botId, plan: 'BASIC' });

    await platformUpdate(t, successfulPayment(p, 'charge-1'));
    await platformUpdate(t, successfulPayment(p, 'charge-1'));

    const card = await cardOf(botId, v);
    expect(card).toMatchObject({ plan: 'BASIC', status: 'active', autoRenew: true });
    expect(card.endsAt).toBe(new Date(clock.now().getTime() + 30 * DAY_MS).toISOString());
    const invoices = (await get(t.app, v, '/invoices')).json() as InvoiceList;
    expect(invoices.invoices).toHaveLength(1);
    const events = await eventsOf(t.database, v.vendorId, botId);
    expect(events.filter((e) => e.type === 'subscription.started')).toHaveLength(1);
    expect(events.find((e) => e.type === 'subscription.started')?.payload).toMatchObject({
      plan: 'BASIC',
      amountMinor: 2900,
      method: 'stars',
      botUsername: expect.any(String),
    });
    const polled = (await get(t.app, v, `/payments/${p.id}`)).json() as Payment;
    expect(polled).toMatchObject({ status: 'completed', subscriptionActive: true });
  });

  it("extends by one period on a Star subscription's renewal (a new charge id)", {
    meta: { onTestClock: true },
  }, async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const p = await createPayment(t.app, v, 'stars', { botId, plan: 'BASIC' });
    await platformUpdate(
      t,
      successfulPayment(p, 'charge-1', { is_recurring: true, is_first_recurring: true }),
    );

    await platformUpdate(t, successfulPayment(p, 'charge-2', { is_recurring: true }));
    await platformUpdate(t, successfulPayment(p, 'charge-2', { is_recurring: true }));

    const card = await cardOf(botId, v);
    expect(card.endsAt).toBe(new Date(clock.now().getTime() + 60 * DAY_MS).toISOString());
    const events = await eventsOf(t.database, v.vendorId, botId);
    expect(events.filter((e) => e.type === 'subscription.renewed')).toHaveLength(1);
  });

  it('pays through the fake Bot API end to end: the pay control route drives pre-checkout and payment', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const p = await createPayment(t.app, v, 'stars', { botId, plan: 'PRO', period: 'yearly' });
    // The fake delivers over HTTP; point the platform webhook at an inject bridge.
    const bridge = await (await import('fastify')).default();
    bridge.post('/*', async (req, reply) => {
      const res = await t.app.inject({
        method: 'POST',
        url: req.url,
        headers: req.headers as Record<string, string>,
        payload: req.body as object,
      });
      return reply.code(res.statusCode).send(res.body);
    });
    await bridge.listen({ port: 0, host: '127.0.0.1' });
    const port = (bridge.server.address() as { port: number }).port;
    const { platformWebhookSecret } = await import('../../lib/telegram/platform-webhook');
    const platform = fake.state.findBot('5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8');
    if (!platform) throw new Error('no platform bot');
    platform.webhook = {
      url: `http://127.0.0.1:${port}/telegram/platform-webhook`,
      secret_token: platformWebhookSecret(t.config.appSecret),
      allowed_updates: undefined,
      max_connections: 40,
    };
    const { payInvoice } = await import('../../fakes/bot-api/pay-invoice');
    const result = await payInvoice(fake.state, { url: String(p.invoiceUrl), userId: 42 });
    await bridge.close();

    expect(result.paid).toBe(true);
    expect(await cardOf(botId, v)).toMatchObject({ plan: 'PRO', status: 'active', period: 'yearly' });
  });

  it('cancel keeps the bot to the period end and cancels the Star subscription on Telegram', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const p = await createPayment(t.app, v, 'stars', { botId, plan: 'BASIC' });
    await platformUpdate(
      t,
      successfulPayment(p, 'charge-9', { is_recurring: true, is_first_recurring: true }),
    );

    const res = await post(t.app, v, `/subscriptions/${botId}/cancel`, {});

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', nextBilling: null, autoRenew: false });
    expect(fake.state.starSubscriptionEdits).toEqual([
      expect.objectContaining({ user_id: 42, telegram_payment_charge_id: 'charge-9', is_canceled: true }),
    ]);
    expect((await post(t.app, v, `/subscriptions/${botId}/cancel`, {})).statusCode).toBe(409);
  });
});

describe('Litecoin', () => {
  it('creates a payment with the provider: a pay address and amount', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const p = await createPayment(t.app, v, 'ltc', { botId, plan: 'PRO' });
    expect(p).toMatchObject({ status: 'pending', amountMinor: 7900, payCurrency: 'LTC', payAmount: '0.79' });
    expect(p.payAddress).toMatch(/^ltc1q/);
  });

  it('answers 503 LITECOIN_UNAVAILABLE and writes no payment when no crypto provider is configured', async () => {
    const off = await startApp(fake, { nowPayments: null });
    try {
      const { v, botId } = await vendorWithBot(off, fake);
      const answers = [
        await post(off.app, v, '/payments/ltc/create', { botId, plan: 'PRO' }),
        await post(off.app, v, '/payments/wallet/topup', { amountMinor: 1000, method: 'ltc' }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          error: { code: 'LITECOIN_UNAVAILABLE', message: 'Litecoin payments are not available right now.' },
        });
      }
      expect(await off.database.db.select().from(payments).where(eq(payments.vendorId, v.vendorId))).toEqual(
        [],
      );
    } finally {
      await off.app.close();
    }
  });

  async function ltcPayment() {
    const { v, botId } = await vendorWithBot(t, fake);
    const p = await createPayment(t.app, v, 'ltc', { botId, plan: 'PRO' });
    const stored = [...provider.state.payments.values()].find((x) => x.order_id === p.id);
    const ipn = (status: string) => ({
      payment_id: Number(stored?.payment_id),
      payment_status: status,
      pay_address: p.payAddress,
      price_amount: 79,
      price_currency: 'usd',
      pay_amount: 0.79,
      actually_paid: status === 'finished' ? 0.79 : 0.1,
      pay_currency: 'ltc',
      order_id: p.id,
      outcome: { amount: 0.79, currency: 'ltc' },
    });
    return { v, botId, p, ipn };
  }

  it('answers 401 to an IPN with a bad signature and changes nothing', async () => {
    const { v, botId, p, ipn } = await ltcPayment();
    const res = await sendIpn(t, ipn('finished'), 'ab'.repeat(64));
    expect(res.statusCode).toBe(401);
    expect(((await get(t.app, v, `/payments/${p.id}`)).json() as Payment).status).toBe('pending');
    expect((await cardOf(botId, v)).status).toBe('trial');
  });

  it('does not activate on partially_paid', async () => {
    const { v, botId, p, ipn } = await ltcPayment();
    expect((await sendIpn(t, ipn('partially_paid'))).statusCode).toBe(200);
    expect(((await get(t.app, v, `/payments/${p.id}`)).json() as Payment).status).toBe('partially_paid');
    expect((await cardOf(botId, v)).status).toBe('trial');
  });

  it('activates on finished, once, however many times the IPN comes', async () => {
    const { v, botId, p, ipn } = await ltcPayment();
    await sendIpn(t, ipn('confirming'));
    await sendIpn(t, ipn('finished'));
    await sendIpn(t, ipn('finished'));
    expect(((await get(t.app, v, `/payments/${p.id}`)).json() as Payment).status).toBe('completed');
    expect((await cardOf(botId, v)).status).toBe('active');
    const events = await eventsOf(t.database, v.vendorId, botId);
    expect(events.filter((e) => e.type === 'subscription.started')).toHaveLength(1);
    expect(((await get(t.app, v, '/invoices')).json() as InvoiceList).invoices).toHaveLength(1);
  });
});

describe('Wallet', () => {
  it('refuses a payment above the balance with the spec text', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const res = await post(t.app, v, '/payments/wallet/pay', { botId, plan: 'BASIC' });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'Insufficient balance. You need $29.00 but only have $0.00.',
    });
  });

  it('is topped up by a Stars payment, debits a plan, and the balance is the ledger sum', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const top = (
      await post(t.app, v, '/payments/wallet/topup', { method: 'stars', amountMinor: 5000 })
    ).json();
    await platformUpdate(t, successfulPayment(top as Payment, 'topup-1'));
    expect(((await get(t.app, v, '/payments/wallet/balance')).json() as WalletBalance).balanceMinor).toBe(
      5000,
    );

    const res = await post(t.app, v, '/payments/wallet/pay', { botId, plan: 'BASIC' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'completed', method: 'wallet', subscriptionActive: true });

    const balance = (await get(t.app, v, '/payments/wallet/balance')).json() as WalletBalance;
    const rows = await t.database.db.select().from(walletLedger);
    expect(balance).toEqual({ balance: 21, balanceMinor: 2100, currency: 'USD' });
    expect(rows.reduce((s, r) => s + r.amountMinor, 0)).toBe(2100);
    expect(rows.map((r) => r.amountMinor).sort()).toEqual([-2900, 5000]);
  });

  it('never overdraws: of four payments at once with funds for one, three are refused', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    await t.database.db
      .insert(walletLedger)
      .values({ vendorId: v.vendorId, amountMinor: 3000, reason: 'adjustment' });

    const results = await Promise.all(
      [1, 2, 3, 4].map(() => post(t.app, v, '/payments/wallet/pay', { botId, plan: 'BASIC' })),
    );

    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 402, 402, 402]);
    expect(((await get(t.app, v, '/payments/wallet/balance')).json() as WalletBalance).balanceMinor).toBe(
      100,
    );
  });
});

describe('Expiry', () => {
  it('ends a paid period without renewal: expired, an event, and the bot webhook removed', {
    meta: { onTestClock: true },
  }, async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const p = await createPayment(t.app, v, 'stars', { botId, plan: 'PRO', period: 'yearly' });
    await platformUpdate(t, successfulPayment(p, 'charge-e'));
    clock.advance(366 * DAY_MS);

    const { expireSubscriptions } = await import('../../jobs/subscription-expiry');
    const { createBotApi } = await import('../../lib/telegram/bot-api');
    const { createSecrets } = await import('../../lib/secrets');
    const result = await expireSubscriptions({
      db: t.database.db,
      botApi: createBotApi({ apiRoot: fake.url }),
      secrets: createSecrets(t.config.appSecret),
      now: clock.now,
    });

    expect(result).toEqual({ expired: 1 });
    expect(fake.state.calls({ method: 'deleteWebhook' })).toHaveLength(1);
    const events = await eventsOf(t.database, v.vendorId, botId);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['subscription.expired', 'bot.stopped']),
    );
    expect((await cardOf(botId, v)).status).toBe('expired');
  });
});

describe('Overview', () => {
  it("counts the live subscriptions and what they cost a month (a trial at its plan's price, a yearly plan as a twelfth)", async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Second', plan: 'BASIC' });
    const p = await createPayment(t.app, v, 'stars', { botId, plan: 'PRO', period: 'yearly' });
    await platformUpdate(t, successfulPayment(p, 'charge-o'));

    const res = await get(t.app, v, '/subscriptions/overview');

    // Home's card (the dashboard's overview, spec part 1 §3): BASIC trial 2900 + PRO yearly 79000 / 12.
    expect(res.json()).toMatchObject({ activeSubscriptions: 2, monthlyCost: 2900 + 6583 });
  });
});

describe('Reminders', () => {
  it('tells the vendor 3 days and 1 day before the end, each once', {
    meta: { onTestClock: true },
  }, async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const p = await createPayment(t.app, v, 'stars', { botId, plan: 'PRO', period: 'yearly' });
    await platformUpdate(t, successfulPayment(p, 'charge-r'));
    const { remindSubscriptions } = await import('../../jobs/subscription-reminders');
    const { createBotApi } = await import('../../lib/telegram/bot-api');
    const deps = {
      db: t.database.db,
      botApi: createBotApi({ apiRoot: fake.url }),
      platformBotToken: t.config.platformBotToken,
      publicUrl: t.config.publicUrl,
      now: clock.now,
    };

    expect(await remindSubscriptions(deps)).toEqual({ reminded: 0 });
    clock.advance(362.5 * DAY_MS);
    expect(await remindSubscriptions(deps)).toEqual({ reminded: 1 });
    expect(await remindSubscriptions(deps)).toEqual({ reminded: 0 });
    clock.advance(2 * DAY_MS);
    expect(await remindSubscriptions(deps)).toEqual({ reminded: 1 });

    const sent = fake.state.calls({ method: 'sendMessage', token: t.config.platformBotToken });
    expect(sent).toHaveLength(2);
    expect(String(sent[0]?.params.text)).toContain('PRO subscription');
    const events = await eventsOf(t.database, v.vendorId, botId);
    expect(events.filter((e) => e.type === 'subscription.ending').map((e) => e.payload.daysLeft)).toEqual([
      1, 3,
    ]);
  });
});

describe('Refunds', () => {
  it('refunds a Stars payment on Telegram, takes the period back and marks the invoice refunded', {
    meta: { onTestClock: true },
  }, async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const p = await createPayment(t.app, v, 'stars', { botId, plan: 'BASIC' });
    const { createPaymentsService } = await import('./payments.service');
    const { createSubscriptionsService } = await import('../subscriptions/subscriptions.service');
    const { createBotApi } = await import('../../lib/telegram/bot-api');
    const db = t.database.db;
    const admin = createPaymentsService({
      db,
      botApi: createBotApi({ apiRoot: fake.url }),
      platformBotToken: t.config.platformBotToken,
      publicUrl: t.config.publicUrl,
      starsPerUsd: 77,
      crypto: null,
      subscriptions: createSubscriptionsService({ db, now: clock.now }),
      bots: { namesOf: async () => [] },
      now: clock.now,
    });
    await expect(admin.refundStars(p.id)).rejects.toMatchObject({ code: 'PAYMENT_NOT_REFUNDABLE' });
    await platformUpdate(t, successfulPayment(p, 'charge-refund'));

    await admin.refundStars(p.id);

    expect(fake.state.refunds).toEqual([
      expect.objectContaining({ user_id: 42, telegram_payment_charge_id: 'charge-refund' }),
    ]);
    expect(((await get(t.app, v, `/payments/${p.id}`)).json() as Payment).status).toBe('refunded');
    expect(((await get(t.app, v, '/invoices')).json() as InvoiceList).invoices[0]?.status).toBe('refunded');
    expect((await cardOf(botId, v)).status).toBe('expired');
    await expect(admin.refundStars(p.id)).rejects.toMatchObject({ code: 'PAYMENT_NOT_REFUNDABLE' });
  });
});

describe('Invoices', () => {
  it('renders a PDF that parses and holds the amount', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const p = await createPayment(t.app, v, 'stars', { botId, plan: 'PRO' });
    await platformUpdate(t, successfulPayment(p, 'charge-pdf'));
    const [invoice] = ((await get(t.app, v, '/invoices')).json() as InvoiceList).invoices;
    expect(invoice).toMatchObject({ amountMinor: 7900, method: 'stars', plan: 'PRO', status: 'paid' });

    const res = await get(t.app, v, `/invoices/${invoice?.id}/pdf`);

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdfText(pdf)).toContain('Total: $79.00');
    expect(pdfText(pdf)).toContain(invoice?.number);
  });
});

describe('Invoice download links (Telegram downloadFile fetches without the session)', () => {
  async function paidInvoice() {
    const { v, botId } = await vendorWithBot(t, fake);
    const p = await createPayment(t.app, v, 'stars', { botId, plan: 'PRO' });
    await platformUpdate(t, successfulPayment(p, 'charge-link'));
    const [invoice] = ((await get(t.app, v, '/invoices')).json() as InvoiceList).invoices;
    return { v, invoice };
  }

  it("downloads the invoice's PDF through a link made for it, with no session", async () => {
    const { v, invoice } = await paidInvoice();
    const link = (await post(t.app, v, `/invoices/${invoice?.id}/pdf/link`, {})).json() as DownloadLink;
    expect(link.url).toMatch(new RegExp(`^/api/v1/downloads/invoices/${invoice?.id}\\?token=`));

    const res = await t.app.inject({ method: 'GET', url: link.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice?.number}.pdf"`);
    expect(pdfText(res.rawPayload.toString('latin1'))).toContain('Total: $79.00');
  });

  it('downloads no other file with a link made for one invoice, nor with a made-up token', async () => {
    const { v, invoice } = await paidInvoice();
    const link = (await post(t.app, v, `/invoices/${invoice?.id}/pdf/link`, {})).json() as DownloadLink;
    const token = new URL(link.url, 'http://x').searchParams.get('token') ?? '';
    const month = new Date().toISOString().slice(0, 7);

    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: `/api/v1/downloads/fee-statements/${month}?token=${token}` }),
      t.app.inject({ method: 'GET', url: `/api/v1/downloads/products.csv?token=${token}` }),
      t.app.inject({ method: 'GET', url: `/api/v1/downloads/invoices/${invoice?.id}?token=made-up` }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401]);
  });
});

describe('download links and downloads', () => {
  it("signs no link for another vendor's invoice, an unknown invoice, or a month without a fee statement", async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const p = await createPayment(t.app, v, 'stars', { botId, plan: 'PRO' });
    await platformUpdate(t, successfulPayment(p, 'charge-link'));
    const [invoice] = ((await get(t.app, v, '/invoices')).json() as InvoiceList).invoices;
    const other = await vendor(t.app);
    const month = new Date().toISOString().slice(0, 7);

    const refused = [
      await post(t.app, other, `/invoices/${invoice?.id}/pdf/link`, {}),
      await post(t.app, v, '/invoices/00000000-0000-4000-8000-000000000000/pdf/link', {}),
      await post(t.app, v, '/invoices/fees/1999-01/pdf/link', {}),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('INVOICE_NOT_FOUND');
    }
    expect((await post(t.app, v, `/invoices/${invoice?.id}/pdf/link`, {})).statusCode).toBe(200);
    expect((await post(t.app, v, `/invoices/fees/${month}/pdf/link`, {})).statusCode).toBe(200);
  });

  it('answers 401 to a download without a valid link token before it looks at the path', async () => {
    const urls = [
      '/api/v1/downloads/fee-statements/2026-03',
      '/api/v1/downloads/fee-statements/not-a-month',
      '/api/v1/downloads/invoices/not-a-uuid',
      '/api/v1/downloads/invoices/not-a-uuid?token=made-up',
      '/api/v1/downloads/products.csv?token=',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(['UNAUTHENTICATED', 'TOKEN_INVALID'], url).toContain(res.json().error.code);
    }
  });
});

describe('scoping', () => {
  it("answers 404 for another vendor's bot, payment, invoice and subscription", async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const p = await createPayment(t.app, v, 'stars', { botId, plan: 'PRO' });
    await platformUpdate(t, successfulPayment(p, 'charge-x'));
    const [invoice] = ((await get(t.app, v, '/invoices')).json() as InvoiceList).invoices;
    const other = await vendor(t.app);

    const answers = await Promise.all([
      post(t.app, other, '/payments/stars/create', { botId, plan: 'PRO' }),
      post(t.app, other, '/payments/wallet/pay', { botId, plan: 'PRO' }),
      post(t.app, other, `/subscriptions/${botId}/cancel`, {}),
      get(t.app, other, `/payments/${p.id}`),
      get(t.app, other, `/invoices/${invoice?.id}/pdf`),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect(((await get(t.app, other, '/invoices')).json() as InvoiceList).invoices).toEqual([]);
  });

  it.each([
    [{ plan: 'PRO' }, 'Missing payment information. Please try again.'],
    [{ botId: '00000000-0000-4000-8000-000000000000', plan: 'FREE' }, 'Invalid subscription plan selected.'],
  ])('refuses %j with the spec text', async (body, message) => {
    const v = await vendor(t.app);
    const res = await post(t.app, v, '/payments/stars/create', body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });
});
