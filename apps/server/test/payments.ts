import type { AddressInfo } from 'node:net';
import type { Payment } from '@app/contracts/payments';
import Fastify, { type FastifyInstance } from 'fastify';
import type { FakeBotApi } from '../src/fakes/bot-api/server';
import {
  createFakeNowPaymentsState,
  type FakeNowPaymentsState,
  fakeNowPaymentsPlugin,
} from '../src/fakes/nowpayments';
import { signIpn } from '../src/lib/nowpayments';
import { platformWebhookSecret } from '../src/lib/telegram/platform-webhook';
import { createBot, fakeBot, type Vendor, vendor } from './factories';
import { startApp } from './fake-telegram';
import { TEST_BOT_TOKEN, type TestApp } from './harness';

export const IPN_SECRET = 'test-nowpayments-ipn-secret';
export const API_KEY = 'test-nowpayments-key';

export type FakeProvider = { url: string; state: FakeNowPaymentsState; close(): Promise<void> };

/** The fake NOWPayments on a port of its own. */
export async function startFakeProvider(): Promise<FakeProvider> {
  const state = createFakeNowPaymentsState();
  const app = Fastify();
  await app.register(fakeNowPaymentsPlugin, { state, apiKey: API_KEY, ipnSecret: IPN_SECRET });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, state, close: () => app.close() };
}

/** An app on the fake Bot API (with the platform bot registered) and the fake crypto provider. */
export async function startPaymentsApp(fake: FakeBotApi, provider: FakeProvider, now?: () => Date) {
  if (!fake.state.findBot(TEST_BOT_TOKEN)) {
    fake.state.registerBot({ token: TEST_BOT_TOKEN, username: 'platform_bot' });
  }
  return startApp(
    fake,
    { nowPayments: { apiUrl: provider.url, apiKey: API_KEY, ipnSecret: IPN_SECRET } },
    now ? { now } : {},
  );
}

/** A vendor with one BASIC bot (in trial). */
export async function vendorWithBot(t: TestApp, fake: FakeBotApi) {
  const v = await vendor(t.app);
  const bot = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Shop', plan: 'BASIC' });
  return { v, botId: bot.id };
}

export async function post(app: FastifyInstance, v: Vendor, path: string, payload: unknown) {
  return app.inject({ method: 'POST', url: `${v.base}${path}`, headers: v.auth, payload: payload as object });
}

export async function get(app: FastifyInstance, v: Vendor, path: string) {
  return app.inject({ method: 'GET', url: `${v.base}${path}`, headers: v.auth });
}

export async function createPayment(
  app: FastifyInstance,
  v: Vendor,
  method: 'stars' | 'ltc',
  body: Record<string, unknown>,
): Promise<Payment> {
  const res = await post(app, v, `/payments/${method}/create`, body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Payment;
}

/** Sends an update to the platform webhook as Telegram would. */
export function platformUpdate(
  t: TestApp,
  update: object,
  secret = platformWebhookSecret(t.config.appSecret),
) {
  return t.app.inject({
    method: 'POST',
    url: '/telegram/platform-webhook',
    headers: { 'x-telegram-bot-api-secret-token': secret },
    payload: update,
  });
}

export const successfulPayment = (
  p: Pick<Payment, 'id' | 'starsAmount'>,
  chargeId: string,
  extra: Record<string, unknown> = {},
) => ({
  update_id: 1,
  message: {
    message_id: 1,
    date: 0,
    from: { id: 42, is_bot: false, first_name: 'V' },
    chat: { id: 42, type: 'private' },
    successful_payment: {
      currency: 'XTR',
      total_amount: p.starsAmount,
      invoice_payload: `pay:${p.id}`,
      telegram_payment_charge_id: chargeId,
      provider_payment_charge_id: '',
      ...extra,
    },
  },
});

/** An IPN as the provider sends it, signed (or with the signature given). */
export function sendIpn(t: TestApp, body: Record<string, unknown>, signature = signIpn(body, IPN_SECRET)) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/ltc/ipn',
    headers: { 'x-nowpayments-sig': signature },
    payload: body,
  });
}

/** The text a pdfkit page shows: its uncompressed content streams hold the strings as hex in TJ arrays. */
export function pdfText(pdf: string): string {
  const hex = [...pdf.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) =>
    Buffer.from(m[1] ?? '', 'hex').toString('latin1'),
  );
  return hex.join('');
}
