import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A fake card provider with Stripe's shape, for tests and demo mode (lib/card-provider.ts):
 * - `POST /v1/payment_methods` (form-encoded `type=card&card[number]=…&card[exp_month]=…&card[exp_year]=…&card[cvc]=…`,
 *   publishable or secret key) checks the card as a provider would (Luhn, expiry, CVC) and answers `pm_…`;
 * - `GET /v1/payment_methods/:id` (secret key) answers brand, last four and expiry; 404 for an id it never gave;
 * - `POST /v1/payment_intents` (secret key, `Idempotency-Key`) charges a saved card; the same key answers the same.
 *
 * Test numbers (any future expiry, any 3-digit CVC):
 * - 4242 4242 4242 4242 (Visa) and 5555 5555 5555 4444 (Mastercard): every charge succeeds;
 * - 4000 0000 0000 0002: saved, every charge is declined (`card_declined`);
 * - 4000 0000 0000 0069: saved, every charge fails as expired (`expired_card`).
 */
export const FAKE_CARD_TEST_NUMBERS = [
  { number: '4242424242424242', outcome: 'success' },
  { number: '5555555555554444', outcome: 'success' },
  { number: '4000000000000002', outcome: 'decline' },
  { number: '4000000000000069', outcome: 'expired' },
] as const;

type FakeCard = {
  id: string;
  brand: 'visa' | 'mastercard' | 'amex' | 'other';
  last4: string;
  expMonth: number;
  expYear: number;
  outcome: 'success' | 'decline' | 'expired';
};

export type FakeCardProviderState = {
  cards: Map<string, FakeCard>;
  /** Every charge the provider answered, keyed by its idempotency key (one per key). */
  charges: Map<
    string,
    { id: string; paymentMethodId: string; amountMinor: number; currency: string; succeeded: boolean }
  >;
};

export const createFakeCardProviderState = (): FakeCardProviderState => ({
  cards: new Map(),
  charges: new Map(),
});

const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

const brandOf = (n: string): FakeCard['brand'] =>
  n.startsWith('4')
    ? 'visa'
    : /^(5[1-5]|2[2-7])/.test(n)
      ? 'mastercard'
      : /^3[47]/.test(n)
        ? 'amex'
        : 'other';

const cardError = (reply: FastifyReply, code: string, message: string, status = 402) =>
  reply.code(status).send({ error: { type: 'card_error', code, message } });

export async function fakeCardProviderPlugin(
  app: FastifyInstance,
  options: { state: FakeCardProviderState; secretKey: string; publishableKey: string; now?: () => Date },
): Promise<void> {
  const { state } = options;
  // Stripe's requests are form-encoded; the fake reads them flat (`card[number]` stays one key).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const keyOf = (req: FastifyRequest) => req.headers.authorization?.replace(/^Bearer /, '') ?? '';
  const unauthorised = (reply: FastifyReply) =>
    reply.code(401).send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });

  app.post('/v1/payment_methods', async (req, reply) => {
    const key = keyOf(req);
    if (key !== options.publishableKey && key !== options.secretKey) return unauthorised(reply);
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const number = (body['card[number]'] ?? '').replace(/\s/g, '');
    const month = Number(body['card[exp_month]']);
    const rawYear = Number(body['card[exp_year]']);
    const year = rawYear < 100 ? 2000 + rawYear : rawYear;
    const cvc = body['card[cvc]'] ?? '';
    if (body.type !== 'card') return cardError(reply, 'parameter_invalid', 'type must be card', 400);
    if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
      return cardError(reply, 'incorrect_number', 'Your card number is incorrect.');
    }
    if (!Number.isInteger(month) || month < 1 || month > 12) {
      return cardError(reply, 'invalid_expiry_month', "Your card's expiration month is invalid.");
    }
    const now = options.now?.() ?? new Date();
    if (!Number.isInteger(year) || Date.UTC(year, month, 1) <= now.getTime()) {
      return cardError(reply, 'invalid_expiry_year', "Your card's expiration year is invalid.");
    }
    if (!/^\d{3,4}$/.test(cvc))
      return cardError(reply, 'invalid_cvc', "Your card's security code is invalid.");
    const test = FAKE_CARD_TEST_NUMBERS.find((c) => c.number === number);
    const card: FakeCard = {
      id: `pm_fake${randomBytes(12).toString('hex')}`,
      brand: brandOf(number),
      last4: number.slice(-4),
      expMonth: month,
      expYear: year,
      outcome: test?.outcome ?? 'success',
    };
    state.cards.set(card.id, card);
    return reply.code(200).send(present(card));
  });

  app.get('/v1/payment_methods/:id', async (req, reply) => {
    if (keyOf(req) !== options.secretKey) return unauthorised(reply);
    const card = state.cards.get((req.params as { id: string }).id);
    if (!card) {
      return reply.code(404).send({
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such PaymentMethod',
        },
      });
    }
    return present(card);
  });

  app.post('/v1/payment_intents', async (req, reply) => {
    if (keyOf(req) !== options.secretKey) return unauthorised(reply);
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const idempotencyKey = String(req.headers['idempotency-key'] ?? '');
    const seen = state.charges.get(idempotencyKey);
    const card = state.cards.get(body.payment_method ?? '');
    if (!card) return cardError(reply, 'resource_missing', 'No such PaymentMethod', 400);
    const charge = seen ?? {
      id: `pi_fake${randomBytes(12).toString('hex')}`,
      paymentMethodId: card.id,
      amountMinor: Number(body.amount),
      currency: String(body.currency ?? 'usd'),
      succeeded: card.outcome === 'success',
    };
    if (idempotencyKey) state.charges.set(idempotencyKey, charge);
    if (charge.succeeded) {
      return { id: charge.id, object: 'payment_intent', status: 'succeeded', amount: charge.amountMinor };
    }
    return card.outcome === 'expired'
      ? cardError(reply, 'expired_card', 'Your card has expired.')
      : cardError(reply, 'card_declined', 'Your card was declined.');
  });
}

const present = (card: FakeCard) => ({
  id: card.id,
  object: 'payment_method',
  type: 'card',
  card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
});
