import type { Bot } from '@app/contracts/bots';
import type { ProductType } from '@app/contracts/catalogue';
import type { ConfigureProviderBody, PaymentProviderId, ShippingMethodInput } from '@app/contracts/settings';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../../test/harness';
import { orders } from '../../../db/schema/index';
import { runWebhookReply } from '../../../fakes/bot-api/deliver-update';
import type { FakeBotApi } from '../../../fakes/bot-api/server';
import type { Vendor } from '../../bots/test-helpers';
import { rebuildOrderRollups } from '../../orders/order-rollups.repository';
import { placeOrder } from '../../orders/orders.service';
import { addCustomer } from '../../orders/test-helpers';
import { claimCodes } from '../../products/product-codes.service';

export type Shop = Bot & { token: string };
export type Buyer = { id: number; first_name: string; customerId: string };

/** A customer row of the vendor, and the Telegram user they are in the shop's chat. */
export async function addBuyer(t: TestApp, vendorId: string, firstName = 'Ann'): Promise<Buyer> {
  const row = await addCustomer(t, vendorId, { firstName, lastName: null });
  return { id: row.telegramId, first_name: firstName, customerId: row.id };
}

export type Line = {
  productId: string;
  name: string;
  productType: ProductType;
  unitPriceMinor: number;
  quantity?: number;
};

/**
 * An order as the checkout places it: pending and unpaid through placeOrder (stock reserved), the code-pool
 * codes claimed into it, and held until `reservedUntil` (15 minutes by default).
 */
export async function placeShopOrder(
  t: TestApp,
  o: {
    vendorId: string;
    botId: string;
    customerId: string;
    lines: Line[];
    claimCodes?: boolean;
    reservedUntil?: Date;
    serviceInfo?: Record<string, unknown>;
  },
) {
  return t.database.db.transaction(async (tx) => {
    const placed = await placeOrder(tx, {
      vendorId: o.vendorId,
      botId: o.botId,
      customerId: o.customerId,
      items: o.lines.map((l) => ({ ...l, quantity: l.quantity ?? 1 })),
      ...(o.serviceInfo ? { serviceInfo: o.serviceInfo } : {}),
    });
    if (o.claimCodes) {
      for (const l of o.lines) await claimCodes(tx, o.vendorId, l.productId, l.quantity ?? 1, placed.id);
    }
    await tx
      .update(orders)
      .set({ reservedUntil: o.reservedUntil ?? new Date(Date.now() + 15 * 60_000) })
      .where(and(eq(orders.vendorId, o.vendorId), eq(orders.id, placed.id)));
    return placed;
  });
}

/**
 * Delivers an update to the shop bot's webhook as Telegram would (with its secret), and makes the call the
 * webhook's answer carries.
 */
export async function sendUpdate(t: TestApp, fake: FakeBotApi, shop: Shop, update: Record<string, unknown>) {
  const secret = fake.state.findBot(shop.token)?.webhook?.secret_token;
  const res = await t.app.inject({
    method: 'POST',
    url: `/telegram/webhook/${shop.id}`,
    headers: { 'x-telegram-bot-api-secret-token': secret ?? '' },
    payload: { update_id: Math.floor(Math.random() * 1e9), ...update },
  });
  expect(res.statusCode).toBe(200);
  await runWebhookReply(fake.state, shop.token, res.body);
}

const chatOf = (b: Buyer) => ({ id: b.id, type: 'private', first_name: b.first_name });
const userOf = (b: Buyer) => ({ id: b.id, is_bot: false, first_name: b.first_name });

/** The customer taps an inline button. */
export function tap(t: TestApp, fake: FakeBotApi, shop: Shop, buyer: Buyer, data: string) {
  return sendUpdate(t, fake, shop, {
    callback_query: {
      id: String(Math.floor(Math.random() * 1e9)),
      from: userOf(buyer),
      chat_instance: '1',
      data,
      message: { message_id: 1, date: Math.floor(Date.now() / 1000), chat: chatOf(buyer), text: 'earlier' },
    },
  });
}

/** The customer writes a text message. */
export function say(t: TestApp, fake: FakeBotApi, shop: Shop, buyer: Buyer, text: string) {
  return sendUpdate(t, fake, shop, {
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: chatOf(buyer),
      from: userOf(buyer),
      text,
    },
  });
}

let nextQuery = 1;

/** Telegram asks the bot whether to take a payment; answers the bot's answer. */
export async function preCheckout(
  t: TestApp,
  fake: FakeBotApi,
  shop: Shop,
  buyer: Buyer,
  q: { currency: string; total_amount: number; invoice_payload: string } & Record<string, unknown>,
) {
  nextQuery += 1;
  const id = `pcq_${nextQuery}_${Date.now()}`;
  await sendUpdate(t, fake, shop, { pre_checkout_query: { id, from: userOf(buyer), ...q } });
  return fake.state.preCheckoutAnswers.get(id);
}

/** Telegram tells the bot the payment went through (a message with successful_payment). */
export function paid(
  t: TestApp,
  fake: FakeBotApi,
  shop: Shop,
  buyer: Buyer,
  sp: {
    currency: string;
    total_amount: number;
    invoice_payload: string;
    telegram_payment_charge_id: string;
  } & Record<string, unknown>,
) {
  return sendUpdate(t, fake, shop, {
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: chatOf(buyer),
      from: userOf(buyer),
      successful_payment: { provider_payment_charge_id: '', ...sp },
    },
  });
}

/** Pays a digital order in Stars as a customer would: the pre-checkout (answered yes), then the payment. */
export async function payInStars(
  t: TestApp,
  fake: FakeBotApi,
  shop: Shop,
  buyer: Buyer,
  orderId: string,
  stars: number,
  chargeId = `charge_${orderId.slice(0, 8)}`,
) {
  const payload = `order:${orderId}:stars`;
  const answer = await preCheckout(t, fake, shop, buyer, {
    currency: 'XTR',
    total_amount: stars,
    invoice_payload: payload,
  });
  expect(answer?.ok).toBe(true);
  await paid(t, fake, shop, buyer, {
    currency: 'XTR',
    total_amount: stars,
    invoice_payload: payload,
    telegram_payment_charge_id: chargeId,
  });
}

/** Sets up one of the bot's payment providers as the vendor does on the Payments screen. */
export async function configureProvider(
  t: TestApp,
  owner: Vendor,
  botId: string,
  provider: PaymentProviderId,
  body: ConfigureProviderBody,
) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `${owner.base}/bots/${botId}/payments/${provider}`,
    headers: owner.auth,
    payload: body,
  });
  expect(res.statusCode).toBe(200);
}

export async function addShippingMethod(t: TestApp, owner: Vendor, botId: string, body: ShippingMethodInput) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${owner.base}/bots/${botId}/shipping/methods`,
    headers: owner.auth,
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
}

/** What the shop bot sent to a chat with one method (sendMessage, sendInvoice, …), oldest first. */
export function sentTo(fake: FakeBotApi, shop: Shop, chatId: number, method = 'sendMessage') {
  return fake.state
    .calls({ method, token: shop.token })
    .map((call) => call.params)
    .filter((params) => Number(params.chat_id) === chatId);
}

/** Every rollup row of the vendor, as comparable text, leaving out rows that hold nothing (as orders.test.ts). */
export async function rollupSnapshot(t: TestApp, vendorId: string) {
  const q = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows
      .map((r) => JSON.stringify(r))
      .sort();
  return {
    daily:
      await q(sql`select bot_id, day::text, orders, revenue_minor::text, revenue_usd_minor::text, cancelled_orders,
      completed_orders, active_customers, new_customers from bot_daily_stats where vendor_id = ${vendorId}
      and (orders, revenue_minor, revenue_usd_minor, cancelled_orders, completed_orders, active_customers, new_customers)
        <> (0, 0, 0, 0, 0, 0, 0)`),
    status:
      await q(sql`select bot_id, status, product_type, orders, revenue_usd_minor::text from order_status_counts
      where vendor_id = ${vendorId} and orders <> 0`),
    products: await q(sql`select product_id, bot_id, day::text, units, orders, revenue_usd_minor::text
      from product_daily_stats where vendor_id = ${vendorId} and (units, orders, revenue_usd_minor) <> (0, 0, 0)`),
    customers: await q(sql`select id, order_count, total_spent_minor::text, first_order_at, last_order_at
      from customers where vendor_id = ${vendorId}`),
    members:
      await q(sql`select customer_id, bot_id, order_count, total_spent_minor::text, first_order_at, last_order_at
      from customer_bots where vendor_id = ${vendorId}`),
  };
}

/** The rollups kept incrementally equal the ones recomputed from the orders. */
export async function expectRollupsConsistent(t: TestApp, vendorId: string) {
  const incremental = await rollupSnapshot(t, vendorId);
  await t.database.db.transaction((tx) => rebuildOrderRollups(tx, vendorId));
  expect(incremental).toEqual(await rollupSnapshot(t, vendorId));
}
