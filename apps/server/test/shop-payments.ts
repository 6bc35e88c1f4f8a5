import type { ConfigureProviderBody, PaymentProviderId, ShippingMethodInput } from '@app/contracts/settings';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FakeBotApi } from '../src/fakes/bot-api/server';
import { rebuildOrderRollups } from '../src/modules/orders/order-rollups.repository';
import type { Buyer, Shop, Vendor } from './factories';
import type { TestApp } from './harness';
import { sendUpdate } from './shop';

// Driving a shop bot through payments: a customer's taps, messages, pre-checkout and payment; the vendor's
// payment and shipping settings; the rollups the payments keep.

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

/** A message the customer sends in their chat with the shop. */
const messageFrom = (buyer: Buyer, content: Record<string, unknown>) => ({
  message: {
    message_id: 1,
    date: Math.floor(Date.now() / 1000),
    chat: chatOf(buyer),
    from: userOf(buyer),
    ...content,
  },
});

/** The customer writes a text message. */
export function say(t: TestApp, fake: FakeBotApi, shop: Shop, buyer: Buyer, text: string) {
  return sendUpdate(t, fake, shop, messageFrom(buyer, { text }));
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
  return sendUpdate(
    t,
    fake,
    shop,
    messageFrom(buyer, { successful_payment: { provider_payment_charge_id: '', ...sp } }),
  );
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
