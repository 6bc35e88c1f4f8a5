import { describe, expect, it } from 'vitest';
import { parsePeriod, parsePlan, priceOf, yearlySavingOf } from './plans';

describe('payment plans', () => {
  it('reads the plan of a payment address in either case, and refuses FREE or an unknown one', () => {
    expect(parsePlan('basic')).toBe('BASIC');
    expect(parsePlan('PRO')).toBe('PRO');
    expect(parsePlan('free')).toBeNull();
    expect(parsePlan('gold')).toBeNull();
    expect(parsePlan(undefined)).toBeNull();
  });

  it("says 'Save $X' as twelve months minus the yearly price", () => {
    expect(yearlySavingOf('BASIC')).toBe(5800);
    expect(yearlySavingOf('PRO')).toBe(15_800);
    expect(yearlySavingOf('ENTERPRISE')).toBe(39_800);
  });

  it('prices a period from the one plan catalogue; anything but yearly is monthly', () => {
    expect(priceOf('PRO', 'monthly')).toBe(7900);
    expect(priceOf('PRO', 'yearly')).toBe(79_000);
    expect(parsePeriod('yearly')).toBe('yearly');
    expect(parsePeriod(null)).toBe('monthly');
  });
});
