import { describe, expect, it } from 'vitest';
import { packingOf } from './order-detail.service';

describe('packingOf', () => {
  it('adds each line’s weight × quantity in kilograms, whatever unit the product uses', () => {
    const p = packingOf([
      { quantity: 2, details: { weight: 1, weightUnit: 'lb' } },
      { quantity: 1, details: { weight: 8, weightUnit: 'oz' } },
      { quantity: 3, details: { weight: 0.5 } },
    ]);
    expect(p.weightKg).toBe(Math.round((2 * 0.45359237 + 8 * 0.028349523125 + 1.5) * 1000) / 1000);
    expect(p.weightPartial).toBe(false);
  });

  it('says the weight is a lower bound when a line’s product has no weight, and null when none has', () => {
    expect(
      packingOf([
        { quantity: 1, details: { weight: 2 } },
        { quantity: 1, details: {} },
      ]),
    ).toMatchObject({
      weightKg: 2,
      weightPartial: true,
    });
    expect(packingOf([{ quantity: 1, details: {} }]).weightKg).toBeNull();
  });

  it('flags the parcel fragile, perishable or hazardous when any line’s product is', () => {
    expect(
      packingOf([
        { quantity: 1, details: { perishable: true } },
        { quantity: 1, details: { hazmat: true, fragile: false } },
      ]),
    ).toMatchObject({ fragile: false, perishable: true, hazmat: true });
  });
});
