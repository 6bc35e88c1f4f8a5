import { createHmac, timingSafeEqual } from 'node:crypto';

/** The provider refused the call or could not be reached. Never carries the API key. */
export class CryptoProviderError extends Error {
  constructor(reason: string) {
    super(`The crypto payment provider failed: ${reason}`);
    this.name = 'CryptoProviderError';
  }
}

/** NOWPayments' payment statuses (SECURITY.md). */
export type ProviderStatus =
  | 'waiting'
  | 'confirming'
  | 'confirmed'
  | 'sending'
  | 'partially_paid'
  | 'finished'
  | 'failed'
  | 'expired'
  | 'refunded';

export type CreatePaymentParams = {
  price_amount: number;
  price_currency: string;
  pay_currency: string;
  ipn_callback_url: string;
  order_id: string;
  order_description?: string;
};

export type ProviderPayment = {
  payment_id: string | number;
  payment_status: ProviderStatus;
  pay_address: string;
  pay_amount: number;
  pay_currency: string;
  price_amount: number;
  price_currency: string;
  order_id?: string;
};

export type CreateInvoiceParams = {
  price_amount: number;
  price_currency: string;
  ipn_callback_url: string;
  order_id: string;
  order_description?: string;
};

/** A hosted payment page: the payer opens `invoice_url` and picks the coin there. */
export type ProviderInvoice = { id: string | number; invoice_url: string; order_id?: string };

export type CryptoProvider = {
  /** `POST /v1/payment`: a pay address and amount for one payment. */
  createPayment(params: CreatePaymentParams): Promise<ProviderPayment>;
  /** `POST /v1/invoice`: a payment page to send the payer to. */
  createInvoice(params: CreateInvoiceParams): Promise<ProviderInvoice>;
};

export function createNowPayments(options: {
  apiUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): CryptoProvider {
  const doFetch = options.fetch ?? fetch;
  async function post<T>(path: string, params: object): Promise<{ response: Response; body: T | null }> {
    let response: Response;
    try {
      response = await doFetch(`${options.apiUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': options.apiKey },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch {
      throw new CryptoProviderError('connection failed');
    }
    return { response, body: (await response.json().catch(() => null)) as T | null };
  }
  return {
    async createPayment(params) {
      const { response, body } = await post<ProviderPayment>('/v1/payment', params);
      if (!response.ok || !body || body.payment_id === undefined || !body.pay_address) {
        throw new CryptoProviderError(`HTTP ${response.status}`);
      }
      return body;
    },
    async createInvoice(params) {
      const { response, body } = await post<ProviderInvoice>('/v1/invoice', params);
      if (!response.ok || !body || body.id === undefined || !body.invoice_url) {
        throw new CryptoProviderError(`HTTP ${response.status}`);
      }
      return body;
    },
  };
}

/** A payout's state at the provider (its mass payouts API). */
export const PAYOUT_STATUSES = [
  'WAITING',
  'PROCESSING',
  'SENDING',
  'FINISHED',
  'FAILED',
  'REJECTED',
] as const;
export type PayoutProviderStatus = (typeof PAYOUT_STATUSES)[number];

export type CreatePayoutParams = {
  address: string;
  /** The provider's ticker: usdttrc20, usdterc20, btc, eth, ltc. */
  currency: string;
  /** What is sent, in US dollars. */
  fiatAmount: number;
  /** Our payout's id: a repeated request with it answers the first payout, never a second one. */
  externalId: string;
};

/** The crypto provider's payouts: sends a payout, and answers its state. */
export type CryptoPayouts = {
  createPayout(params: CreatePayoutParams): Promise<{ id: string; status: PayoutProviderStatus }>;
  payoutStatus(id: string): Promise<PayoutProviderStatus>;
};

type PayoutBody = { id?: string | number; withdrawals?: { status?: PayoutProviderStatus }[] };

/** NOWPayments' payouts (`POST /v1/payout`, `GET /v1/payout/{id}`) with the platform's API key. */
export function createNowPaymentsPayouts(options: {
  apiUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): CryptoPayouts {
  const doFetch = options.fetch ?? fetch;
  async function call(path: string, body?: object): Promise<{ id: string; status: PayoutProviderStatus }> {
    let response: Response;
    try {
      response = await doFetch(`${options.apiUrl}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { 'content-type': 'application/json', 'x-api-key': options.apiKey },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch {
      throw new CryptoProviderError('connection failed');
    }
    const json = (await response.json().catch(() => null)) as PayoutBody | null;
    const status = json?.withdrawals?.[0]?.status;
    if (!response.ok || json?.id === undefined || !status)
      throw new CryptoProviderError(`HTTP ${response.status}`);
    return { id: String(json.id), status };
  }
  return {
    createPayout: (p) =>
      call('/v1/payout', {
        withdrawals: [
          {
            address: p.address,
            currency: p.currency,
            fiat_amount: p.fiatAmount,
            fiat_currency: 'usd',
            unique_external_id: p.externalId,
          },
        ],
      }),
    payoutStatus: async (id) => (await call(`/v1/payout/${encodeURIComponent(id)}`)).status,
  };
}

/** JSON with every object's keys sorted, nested ones too: what NOWPayments signs. */
export function sortedJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v as Record<string, unknown>)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(sort(value));
}

/** The `x-nowpayments-sig` of an IPN body: hex HMAC-SHA512 of its key-sorted JSON. */
export const signIpn = (body: unknown, ipnSecret: string) =>
  createHmac('sha512', ipnSecret).update(sortedJson(body)).digest('hex');

/** Whether an IPN carries the signature of its body (constant-time). */
export function verifyIpn(body: unknown, signature: string | undefined, ipnSecret: string): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signIpn(body, ipnSecret), 'hex'), Buffer.from(signature, 'hex'));
}
