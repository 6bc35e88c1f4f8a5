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
