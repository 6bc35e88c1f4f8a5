import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { describeError, errorMessageKey } from './describe-error';

describe('describeError', () => {
  it('words a known code from the catalogue, its details filling the placeholders', () => {
    const error = new ApiError(403, 'PRODUCT_LIMIT_REACHED', 'server words', {
      botUsername: 'shop_bot',
      plan: 'FREE',
      limit: 1000,
    });
    expect(
      describeError(error, {
        codes: { PRODUCT_LIMIT_REACHED: 'products.errors.limitReached' },
        fallback: 'products.form.saveFailed',
      }),
    ).toBe(
      "@shop_bot is on the FREE plan, which allows up to 1,000 products. Upgrade the bot's plan in Subscriptions to add more.",
    );
  });

  it('gives a code its own params where the catalogue needs them worded (money)', () => {
    const error = new ApiError(402, 'INSUFFICIENT_BALANCE', 'server words', {
      priceMinor: 19900,
      balanceMinor: 500,
    });
    const codes = {
      INSUFFICIENT_BALANCE: {
        key: 'payments.error.insufficient',
        params: (d: Record<string, unknown>) => ({
          price: String(d.priceMinor),
          balance: String(d.balanceMinor),
        }),
      },
    } as const;
    expect(describeError(error, { codes, fallback: 'payments.error.paymentFailed' })).toBe(
      'Insufficient balance. You need 19900 but only have 500.',
    );
  });

  it("says a validation failure's known field text in the user's words, never the server's English otherwise", () => {
    const texts = { 'Bot name is required': 'bots.messages.nameRequired' } as const;
    const known = new ApiError(400, 'VALIDATION_FAILED', 'Bot name is required');
    const unknown = new ApiError(400, 'VALIDATION_FAILED', 'Something else');
    expect(describeError(known, { texts, fallback: 'bots.settings.saveFailed' })).toBe(
      'Bot name is required',
    );
    expect(describeError(unknown, { texts, fallback: 'bots.settings.saveFailed' })).toBe(
      describeError(new Error('x'), { fallback: 'bots.settings.saveFailed' }),
    );
  });

  it('falls back for a code the screen does not word, and for anything that is not an API error', () => {
    const options = {
      codes: { NETWORK_ERROR: 'common.networkError' },
      fallback: 'auth.error.failed',
    } as const;
    expect(errorMessageKey(new ApiError(429, 'RATE_LIMITED', 'Slow down'), options)).toBe(
      'auth.error.failed',
    );
    expect(errorMessageKey(new Error('boom'), options)).toBe('auth.error.failed');
    expect(errorMessageKey(new ApiError(0, 'NETWORK_ERROR', 'x'), options)).toBe('common.networkError');
  });
});
