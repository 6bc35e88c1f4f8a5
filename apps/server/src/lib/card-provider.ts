/**
 * The card provider, behind one small adapter with Stripe's shape (form-encoded requests, `Bearer <secret key>`):
 * - the browser tokenises a card itself: `POST /v1/payment_methods` with the publishable key answers `pm_…`;
 *   the card's number and CVV never reach our server;
 * - we read a payment method by id (`GET /v1/payment_methods/:id`: brand, last four, expiry) and charge it
 *   (`POST /v1/payment_intents` with `confirm=true`, an `Idempotency-Key` per invoice and attempt).
 * Demo mode and tests use the fake provider (fakes/card-provider.ts).
 */

/** The provider could not be reached or answered nonsense. Never carries the key. */
export class CardProviderError extends Error {
  constructor(reason: string) {
    super(`The card provider failed: ${reason}`);
    this.name = 'CardProviderError';
  }
}

export type ProviderCard = {
  id: string;
  brand: 'visa' | 'mastercard' | 'amex' | 'other';
  last4: string;
  expMonth: number;
  expYear: number;
};

export type ChargeResult =
  | { ok: true; chargeId: string }
  /** The card was refused: `code` is the provider's (card_declined, expired_card, …). */
  | { ok: false; code: string };

export type CardProvider = {
  /** The payment method the provider holds under this id, or null when it holds none. */
  retrieve(paymentMethodId: string): Promise<ProviderCard | null>;
  /** Charges a saved card once per idempotency key: a retry with the same key answers the first outcome. */
  charge(params: {
    paymentMethodId: string;
    amountMinor: number;
    currency: string;
    description: string;
    idempotencyKey: string;
  }): Promise<ChargeResult>;
};

const BRANDS = ['visa', 'mastercard', 'amex'] as const;

export function createCardProvider(options: {
  apiUrl: string;
  secretKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): CardProvider {
  const doFetch = options.fetch ?? fetch;
  async function call(
    path: string,
    init: { method: string; body?: URLSearchParams; idempotencyKey?: string },
  ) {
    let response: Response;
    try {
      response = await doFetch(`${options.apiUrl}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(init.idempotencyKey ? { 'idempotency-key': init.idempotencyKey } : {}),
        },
        ...(init.body ? { body: init.body.toString() } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch {
      throw new CardProviderError('connection failed');
    }
    return { response, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
  }
  return {
    async retrieve(paymentMethodId) {
      const { response, body } = await call(`/v1/payment_methods/${encodeURIComponent(paymentMethodId)}`, {
        method: 'GET',
      });
      if (response.status === 404) return null;
      const card = body?.card as Record<string, unknown> | undefined;
      if (!response.ok || !card || typeof body?.id !== 'string') {
        throw new CardProviderError(`HTTP ${response.status}`);
      }
      const brand = String(card.brand);
      return {
        id: body.id,
        brand: (BRANDS as readonly string[]).includes(brand) ? (brand as ProviderCard['brand']) : 'other',
        last4: String(card.last4),
        expMonth: Number(card.exp_month),
        expYear: Number(card.exp_year),
      };
    },
    async charge(params) {
      const form = new URLSearchParams({
        amount: String(params.amountMinor),
        currency: params.currency.toLowerCase(),
        payment_method: params.paymentMethodId,
        description: params.description,
        confirm: 'true',
        off_session: 'true',
      });
      const { response, body } = await call('/v1/payment_intents', {
        method: 'POST',
        body: form,
        idempotencyKey: params.idempotencyKey,
      });
      if (response.ok && body?.status === 'succeeded' && typeof body.id === 'string') {
        return { ok: true, chargeId: body.id };
      }
      const error = body?.error as { type?: string; code?: string } | undefined;
      if (response.status === 402 && error?.type === 'card_error') {
        return { ok: false, code: error.code ?? 'card_declined' };
      }
      throw new CardProviderError(`HTTP ${response.status}`);
    },
  };
}
