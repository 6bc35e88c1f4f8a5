import { randomUUID } from 'node:crypto';
import type { DownloadLink } from '@app/contracts/common';
import type { EventType } from '@app/contracts/events';
import type { FeeStatement, InvoiceList } from '@app/contracts/payments';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../test/clock';
import { createBot, fakeBot, type Vendor, vendor } from '../../../test/factories';
import { getTestDatabase, type TestApp } from '../../../test/harness';
import {
  type FakeProvider,
  get,
  pdfText,
  startFakeProvider,
  startPaymentsApp,
  vendorWithBot,
} from '../../../test/payments';
import { botSubscriptions, events, planFees } from '../../db/schema/index';
import { EVENT_CONSUMERS } from '../../event-consumers';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { dispatchPendingEvents } from '../events/events.dispatcher';
import { recordEvent } from '../events/record-event';

let fake: FakeBotApi;
let provider: FakeProvider;
let t: TestApp;

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
  fake.state.reset();
  await t.app.close();
});

type Sale = {
  amountMinor: number;
  currency?: string;
  amountUsdMinor?: number;
  at?: Date;
  orderNumber?: number;
};

/** Records what the shop runtime records for a paid order (or its refund), in a transaction of its own. */
async function record(v: Vendor, botId: string, type: EventType, orderId: string, sale: Sale) {
  const { at, currency = 'USD', ...rest } = sale;
  await t.database.db.transaction((tx) =>
    recordEvent(tx, {
      vendorId: v.vendorId,
      botId,
      type,
      actor: { kind: 'customer', id: 'customer-1' },
      subject: { kind: 'order', id: orderId },
      payload: { orderId, orderNumber: 1001, currency, rail: 'stars', ...rest },
      ...(at ? { at } : {}),
    }),
  );
}

const paid = (v: Vendor, botId: string, orderId: string, sale: Sale) =>
  record(v, botId, 'payment.received', orderId, sale);
const refunded = (v: Vendor, botId: string, orderId: string, sale: Sale) =>
  record(v, botId, 'refund.created', orderId, sale);

/** Runs the events dispatcher with every registered consumer, as the events.dispatch job does. */
const dispatch = () => dispatchPendingEvents(t.database.db, EVENT_CONSUMERS);

async function statements(v: Vendor): Promise<FeeStatement[]> {
  const res = await get(t.app, v, '/invoices');
  expect(res.statusCode).toBe(200);
  return (res.json() as InvoiceList).feeStatements;
}

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** A moment in the previous month (UTC), and that month. */
function lastMonth() {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - DAY_MS);
  return { at, month: at.toISOString().slice(0, 7) };
}

/** Moves the bot's trial back so that it covered `since` onwards (the plan in force for older sales). */
async function trialSince(since: Date) {
  await t.database.db.update(botSubscriptions).set({ startsAt: since, createdAt: since });
}

describe('plan fees on shop sales', () => {
  it("accrues the bot's plan fee on a paid shop order: 3.5% of a BASIC bot's $100 sale is $3.50 this month", async () => {
    const { v, botId } = await vendorWithBot(t, fake);

    await paid(v, botId, randomUUID(), { amountMinor: 10_000 });
    await dispatch();

    const [current] = await statements(v);
    expect(current).toMatchObject({
      month: thisMonth(),
      orders: 1,
      salesUsdMinor: 10_000,
      feesMinor: 350,
      totalMinor: 350,
      currency: 'USD',
    });
  });

  it('charges a bot without a subscription record the FREE plan fee of 5%', async () => {
    const v = await vendor(t.app);
    const bot = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Free', plan: 'FREE' });

    await paid(v, bot.id, randomUUID(), { amountMinor: 2_000 });
    await dispatch();

    expect((await statements(v))[0]).toMatchObject({ feesMinor: 100 });
  });

  it('converts a sale in another currency to USD at the documented rates: a €100 sale counts as $108', async () => {
    const { v, botId } = await vendorWithBot(t, fake);

    await paid(v, botId, randomUUID(), { amountMinor: 10_000, currency: 'EUR' });
    await dispatch();

    expect((await statements(v))[0]).toMatchObject({ salesUsdMinor: 10_800, feesMinor: 378 });
  });

  it("takes a Stars sale's USD value from the event when the shop runtime gives it", async () => {
    const { v, botId } = await vendorWithBot(t, fake);

    await paid(v, botId, randomUUID(), { amountMinor: 770, currency: 'XTR', amountUsdMinor: 1_000 });
    await dispatch();

    expect((await statements(v))[0]).toMatchObject({ salesUsdMinor: 1_000, feesMinor: 35 });
  });

  it('charges the fee of the plan in force when the order sold, not the plan at dispatch time', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const now = Date.now();
    await trialSince(new Date(now - 2 * 3_600_000));
    await paid(v, botId, randomUUID(), { amountMinor: 10_000, at: new Date(now - 3_600_000) });
    // The bot moved to PRO (2.5%) before the dispatcher saw the sale.
    await t.database.db.insert(botSubscriptions).values({
      vendorId: v.vendorId,
      botId,
      plan: 'PRO',
      status: 'active',
      feeBps: 250,
      startsAt: new Date(now),
      endsAt: new Date(now + 30 * DAY_MS),
    });

    await dispatch();

    const [row] = await t.database.db.select().from(planFees);
    expect(row).toMatchObject({ plan: 'BASIC', feeBps: 350, amountMinor: 350 });
  });

  it('accrues once per order: the same event handed over again and a second payment event add nothing', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const orderId = randomUUID();
    await paid(v, botId, orderId, { amountMinor: 10_000 });
    await dispatch();

    await t.database.db.update(events).set({ dispatchedAt: null });
    await paid(v, botId, orderId, { amountMinor: 10_000 });
    await dispatch();

    expect(await t.database.db.select().from(planFees)).toHaveLength(1);
    expect((await statements(v))[0]).toMatchObject({ orders: 1, feesMinor: 350 });
  });

  it('reverses the fee once when the order is refunded, in the month of the refund', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    const sold = lastMonth();
    await trialSince(new Date(sold.at.getTime() - DAY_MS));
    const orderId = randomUUID();
    await paid(v, botId, orderId, { amountMinor: 10_000, at: sold.at });
    await dispatch();

    await refunded(v, botId, orderId, { amountMinor: 10_000 });
    await refunded(v, botId, orderId, { amountMinor: 10_000 });
    await dispatch();

    const [current, previous] = await statements(v);
    expect(current).toMatchObject({
      month: thisMonth(),
      refundedOrders: 1,
      reversedMinor: 350,
      totalMinor: -350,
    });
    expect(previous).toMatchObject({ month: sold.month, orders: 1, feesMinor: 350, totalMinor: 350 });
  });

  it('reverses nothing for a refunded order that accrued no fee', async () => {
    const { v, botId } = await vendorWithBot(t, fake);

    await refunded(v, botId, randomUUID(), { amountMinor: 10_000 });
    await dispatch();

    expect(await t.database.db.select().from(planFees)).toEqual([]);
  });

  it('charges no fee on events that are not about a shop order', async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    await t.database.db.transaction((tx) =>
      recordEvent(tx, {
        vendorId: v.vendorId,
        botId,
        type: 'payment.received',
        actor: { kind: 'owner', id: '1' },
        subject: { kind: 'wallet', id: randomUUID() },
        payload: { amountMinor: 2_900, currency: 'USD' },
      }),
    );

    await dispatch();

    expect(await t.database.db.select().from(planFees)).toEqual([]);
  });

  it('shows an empty current month when nothing sold yet', async () => {
    const v = await vendor(t.app);

    expect(await statements(v)).toEqual([
      expect.objectContaining({ month: thisMonth(), orders: 0, feesMinor: 0, totalMinor: 0 }),
    ]);
  });

  it("renders the month's fee statement as a PDF holding the bot's line and the total", async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    await paid(v, botId, randomUUID(), { amountMinor: 10_000 });
    await paid(v, botId, randomUUID(), { amountMinor: 5_000 });
    await dispatch();
    const [current] = await statements(v);

    const res = await get(t.app, v, `/invoices/fees/${thisMonth()}/pdf`);

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${current?.number}.pdf`);
    const text = pdfText(res.rawPayload.toString('latin1'));
    expect(text).toContain('BASIC plan, 3.5%: 2 paid orders, $150.00 in sales, fees $5.25');
    expect(text).toContain('Plan fees: $5.25');
  });

  it("downloads the month's fee statement through a link made for it, with no session", async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    await paid(v, botId, randomUUID(), { amountMinor: 10_000 });
    await dispatch();
    const [current] = await statements(v);
    const made = await t.app.inject({
      method: 'POST',
      url: `${v.base}/invoices/fees/${thisMonth()}/pdf/link`,
      headers: v.auth,
    });
    const link = made.json() as DownloadLink;

    const res = await t.app.inject({ method: 'GET', url: link.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`${current?.number}.pdf`);
    expect(pdfText(res.rawPayload.toString('latin1'))).toContain('Plan fees: $3.50');
  });

  it('refuses a statement month that is not YYYY-MM', async () => {
    const v = await vendor(t.app);
    expect((await get(t.app, v, '/invoices/fees/2026-13/pdf')).statusCode).toBe(400);
  });
});

describe('scoping', () => {
  it("shows another vendor none of this vendor's fees, in the list or the PDF", async () => {
    const { v, botId } = await vendorWithBot(t, fake);
    await paid(v, botId, randomUUID(), { amountMinor: 10_000 });
    await dispatch();
    const other = await vendor(t.app);

    expect((await statements(other))[0]).toMatchObject({ orders: 0, totalMinor: 0 });
    const pdf = await get(t.app, other, `/invoices/fees/${thisMonth()}/pdf`);
    expect(pdfText(pdf.rawPayload.toString('latin1'))).toContain('Plan fees: $0.00');
    const [row] = await t.database.db.select().from(planFees).where(eq(planFees.vendorId, v.vendorId));
    expect(row?.botId).toBe(botId);
  });
});
