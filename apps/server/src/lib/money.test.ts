import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, formatUsd } from './money';

describe('money', () => {
  it('formats minor units in the reader’s language, Stars as a whole count', () => {
    expect(formatAmount('en', 123450, 'USD')).toBe('$1,234.50');
    expect(formatAmount('de', 123450, 'EUR')).toBe(
      new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(1234.5),
    );
    expect(formatAmount('en', 1500, 'XTR')).toBe('1,500 ⭐');
    expect(formatAmount('en', 1250, 'NOT-A-CODE')).toBe('12.50 NOT-A-CODE');
  });

  it('gives the spec’s whole-unit display strings and US cents', () => {
    expect(formatMoney(123_449)).toBe('$1,234');
    expect(formatUsd(2900)).toBe('$29.00');
  });
});
