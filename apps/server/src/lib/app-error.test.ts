import { ERRORS } from '@app/contracts/errors';
import { describe, expect, it } from 'vitest';
import { AppError, renderErrorMessage } from './app-error';

describe('AppError', () => {
  it('renders the code’s text with its details: values, lists, en-US numbers, US cents and plurals', () => {
    expect(
      renderErrorMessage('ORDER_STATUS_NOT_ALLOWED', {
        number: 7,
        from: 'paid',
        to: 'pending',
        allowed: ['shipped', 'cancelled'],
      }),
    ).toBe('Order 7 cannot move from paid to pending. Allowed: shipped, cancelled.');
    expect(
      renderErrorMessage('PRODUCT_LIMIT_REACHED', { botUsername: 'b', plan: 'FREE', limit: 1000 }),
    ).toMatch(/^@b is on the FREE plan, which allows up to 1,000 products\./);
    expect(renderErrorMessage('INSUFFICIENT_BALANCE', { priceMinor: 19900, balanceMinor: 500 })).toBe(
      'Insufficient balance. You need $199.00 but only have $5.00.',
    );
    expect(renderErrorMessage('CATEGORY_NOT_EMPTY', { productCount: 1 })).toBe(
      'This category still has 1 product. Move them to another category first.',
    );
    expect(renderErrorMessage('SUBCATEGORY_NOT_EMPTY', { productCount: 3 })).toBe(
      'This subcategory still has 3 products. Move them first.',
    );
  });

  it('says a validation failure in its first issue’s own words', () => {
    const err = new AppError('VALIDATION_FAILED', [{ path: 'body.name', message: 'Name is required' }]);
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, message: 'Name is required' });
  });

  it('answers a case with the wider code it belongs to, in the case’s own words', () => {
    const err = new AppError('PERMISSION_DENIED', { permission: 'orders' });
    expect(err).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
      message: 'Your permissions do not allow this.',
    });
  });

  it('answers every case as a code the table holds, with the same status', () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      if (!('answersAs' in entry)) continue;
      const wider = ERRORS[entry.answersAs as keyof typeof ERRORS];
      expect(wider, code).toBeDefined();
      expect(wider.status, code).toBe(entry.status);
    }
  });
});
