import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  PAYOUT_STATUSES,
  type PayoutProviderStatus,
  type ProviderPayment,
  type ProviderStatus,
  signIpn,
} from '../lib/nowpayments';

/**
 * A fake NOWPayments for tests and demo mode: `POST /v1/payment` (x-api-key checked) answers a pay address;
 * `POST /__control/payments/:idOrAddress/status { status, actually_paid? }` moves a payment on and sends the signed IPN
 * to its ipn_callback_url, as the provider does. `GET /v1/payment/:id` answers its state. Payouts: `POST /v1/payout`
 * (`withdrawals`: address, currency, fiat_amount, unique_external_id; a repeated external id answers the first
 * payout), `GET /v1/payout/:id`, and `POST /__control/payouts/:id/status { status }` (FINISHED, FAILED, …).
 */
export type FakeNowPaymentsState = {
  payments: Map<
    string,
    ProviderPayment & { ipn_callback_url: string; actually_paid: number; invoice_id?: string }
  >;
  ipns: { paymentId: string; status: ProviderStatus; httpStatus: number | null }[];
  /** Mass payouts (`POST /v1/payout`), by id; one per `unique_external_id`. */
  payouts: Map<string, FakePayout>;
};

export type FakePayout = {
  id: string;
  address: string;
  currency: string;
  fiat_amount: number;
  fiat_currency: string;
  unique_external_id: string;
  status: PayoutProviderStatus;
};

export const createFakeNowPaymentsState = (): FakeNowPaymentsState => ({
  payments: new Map(),
  ipns: [],
  payouts: new Map(),
});

const STATUSES: ProviderStatus[] = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'expired',
  'refunded',
];

let nextId = 5_000_000_000;

export async function fakeNowPaymentsPlugin(
  app: FastifyInstance,
  options: { state: FakeNowPaymentsState; apiKey: string; ipnSecret: string },
): Promise<void> {
  const { state } = options;

  app.post('/v1/payment', async (req, reply) => {
    if (req.headers['x-api-key'] !== options.apiKey) {
      return reply.code(403).send({ status: false, statusCode: 403, message: 'Invalid api key' });
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const price = Number(body.price_amount);
    if (!Number.isFinite(price) || price <= 0 || typeof body.ipn_callback_url !== 'string') {
      return reply.code(400).send({ status: false, statusCode: 400, message: 'price_amount is invalid' });
    }
    nextId += 1;
    const payment = {
      payment_id: String(nextId),
      payment_status: 'waiting' as const,
      // A made-up Litecoin-looking address; "fake" in it makes a leaked one recognisable.
      pay_address: `ltc1qfake${randomBytes(14).toString('hex')}`,
      // Demo rate: 1 LTC = 100 USD.
      pay_amount: Math.round((price / 100) * 1e8) / 1e8,
      pay_currency: String(body.pay_currency ?? 'ltc'),
      price_amount: price,
      price_currency: String(body.price_currency ?? 'usd'),
      order_id: String(body.order_id ?? ''),
      ipn_callback_url: body.ipn_callback_url,
      actually_paid: 0,
    };
    state.payments.set(payment.payment_id, payment);
    return reply.code(201).send(payment);
  });

  // A hosted invoice: the payment behind it is made at once (the payer would pick the coin on the page), so
  // a test moves it on by its payment id or the invoice's id like any other.
  app.post('/v1/invoice', async (req, reply) => {
    if (req.headers['x-api-key'] !== options.apiKey) {
      return reply.code(403).send({ status: false, statusCode: 403, message: 'Invalid api key' });
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const price = Number(body.price_amount);
    if (!Number.isFinite(price) || price <= 0 || typeof body.ipn_callback_url !== 'string') {
      return reply.code(400).send({ status: false, statusCode: 400, message: 'price_amount is invalid' });
    }
    nextId += 1;
    const invoiceId = String(nextId);
    nextId += 1;
    state.payments.set(String(nextId), {
      payment_id: String(nextId),
      payment_status: 'waiting',
      pay_address: `ltc1qfake${randomBytes(14).toString('hex')}`,
      pay_amount: Math.round((price / 100) * 1e8) / 1e8,
      pay_currency: 'ltc',
      price_amount: price,
      price_currency: String(body.price_currency ?? 'usd'),
      order_id: String(body.order_id ?? ''),
      invoice_id: invoiceId,
      ipn_callback_url: body.ipn_callback_url,
      actually_paid: 0,
    });
    return reply.code(200).send({
      id: invoiceId,
      order_id: String(body.order_id ?? ''),
      price_amount: String(price),
      price_currency: String(body.price_currency ?? 'usd'),
      invoice_url: `https://nowpayments.io/payment/?iid=${invoiceId}`,
    });
  });

  app.get('/v1/payment/:id', async (req, reply) => {
    const payment = state.payments.get((req.params as { id: string }).id);
    if (!payment) return reply.code(404).send({ status: false, message: 'Payment not found' });
    return payment;
  });

  // Named by the provider's payment id or by its pay address (what a test sees on the screen).
  app.post('/__control/payments/:id/status', async (req, reply) => {
    const key = (req.params as { id: string }).id;
    const payment =
      state.payments.get(key) ??
      [...state.payments.values()].find((p) => p.pay_address === key || p.invoice_id === key);
    const body = (req.body ?? {}) as { status?: ProviderStatus; actually_paid?: number };
    if (!payment) return reply.code(404).send({ message: 'Payment not found' });
    if (!body.status || !STATUSES.includes(body.status)) {
      return reply.code(400).send({ message: 'status is invalid' });
    }
    payment.payment_status = body.status;
    payment.actually_paid =
      body.actually_paid ??
      (body.status === 'finished' ? payment.pay_amount : body.status === 'partially_paid' ? 0.1 : 0);
    const { ipn_callback_url, ...ipn } = payment;
    let httpStatus: number | null = null;
    try {
      const res = await fetch(ipn_callback_url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signIpn(ipn, options.ipnSecret) },
        body: JSON.stringify(ipn),
        signal: AbortSignal.timeout(10_000),
      });
      httpStatus = res.status;
      await res.body?.cancel();
    } catch {
      httpStatus = null;
    }
    state.ipns.push({ paymentId: String(payment.payment_id), status: body.status, httpStatus });
    return { delivered: httpStatus !== null && httpStatus < 300, httpStatus };
  });

  app.post('/v1/payout', async (req, reply) => {
    if (req.headers['x-api-key'] !== options.apiKey) {
      return reply.code(403).send({ status: false, statusCode: 403, message: 'Invalid api key' });
    }
    const body = (req.body ?? {}) as { withdrawals?: Record<string, unknown>[] };
    const w = body.withdrawals?.[0];
    const amount = Number(w?.fiat_amount);
    if (!w || typeof w.address !== 'string' || !w.address || !Number.isFinite(amount) || amount <= 0) {
      return reply.code(400).send({ status: false, statusCode: 400, message: 'withdrawals are invalid' });
    }
    const externalId = String(w.unique_external_id ?? '');
    const existing = [...state.payouts.values()].find(
      (p) => externalId && p.unique_external_id === externalId,
    );
    if (existing) return reply.code(200).send({ id: existing.id, withdrawals: [existing] });
    nextId += 1;
    const payout: FakePayout = {
      id: String(nextId),
      address: w.address,
      currency: String(w.currency ?? ''),
      fiat_amount: amount,
      fiat_currency: String(w.fiat_currency ?? 'usd'),
      unique_external_id: externalId,
      status: 'WAITING',
    };
    state.payouts.set(payout.id, payout);
    return reply.code(200).send({ id: payout.id, withdrawals: [payout] });
  });

  app.get('/v1/payout/:id', async (req, reply) => {
    if (req.headers['x-api-key'] !== options.apiKey) {
      return reply.code(403).send({ status: false, statusCode: 403, message: 'Invalid api key' });
    }
    const payout = state.payouts.get((req.params as { id: string }).id);
    if (!payout) return reply.code(404).send({ status: false, message: 'Payout not found' });
    return { id: payout.id, withdrawals: [payout] };
  });

  app.post('/__control/payouts/:id/status', async (req, reply) => {
    const payout = state.payouts.get((req.params as { id: string }).id);
    const status = ((req.body ?? {}) as { status?: PayoutProviderStatus }).status;
    if (!payout) return reply.code(404).send({ message: 'Payout not found' });
    if (!status || !PAYOUT_STATUSES.includes(status))
      return reply.code(400).send({ message: 'status is invalid' });
    payout.status = status;
    return { id: payout.id, status };
  });
}
