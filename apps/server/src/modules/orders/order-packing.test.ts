import { describe, expect, it } from 'vitest';
import { packingOf } from './order-detail.service';

describe('packingOf', () => {
  it('adds each line’s weight × quantity in kilograms, whatever unit the product uses', () => {
    const p = packingOf([
      { name: 'Item', quantity: 2, details: { weight: 1, weightUnit: 'lb' } },
      { name: 'Item', quantity: 1, details: { weight: 8, weightUnit: 'oz' } },
      { name: 'Item', quantity: 3, details: { weight: 0.5 } },
    ]);
    expect(p.weightKg).toBe(Math.round((2 * 0.45359237 + 8 * 0.028349523125 + 1.5) * 1000) / 1000);
    expect(p.weightPartial).toBe(false);
  });

  it('says the weight is a lower bound when a line’s product has no weight, and null when none has', () => {
    expect(
      packingOf([
        { name: 'Item', quantity: 1, details: { weight: 2 } },
        { name: 'Item', quantity: 1, details: {} },
      ]),
    ).toMatchObject({
      weightKg: 2,
      weightPartial: true,
    });
    expect(packingOf([{ name: 'Item', quantity: 1, details: {} }]).weightKg).toBeNull();
  });

  it('flags the parcel fragile, perishable or hazardous when any line’s product is', () => {
    expect(
      packingOf([
        { name: 'Item', quantity: 1, details: { perishable: true } },
        { name: 'Item', quantity: 1, details: { hazmat: true, fragile: false } },
      ]),
    ).toMatchObject({ fragile: false, perishable: true, hazmat: true });
  });

  it('lists each line’s dimensions for the packer, and null for a product without any', () => {
    const p = packingOf([
      {
        name: 'Lamp',
        quantity: 2,
        details: { dimensions: { length: 30, width: 20, height: 45, unit: 'cm' } },
      },
      { name: 'Bulb', quantity: 1, details: {} },
    ]);
    expect(p.items).toMatchObject([
      { name: 'Lamp', quantity: 2, dimensions: { length: 30, width: 20, height: 45, unit: 'cm' } },
      { name: 'Bulb', quantity: 1, dimensions: null },
    ]);
  });

  it('needs shipping unless every line’s product says it requires none', () => {
    expect(
      packingOf([{ name: 'Gift card', quantity: 1, details: { requiresShipping: false } }]).requiresShipping,
    ).toBe(false);
    expect(
      packingOf([
        { name: 'Gift card', quantity: 1, details: { requiresShipping: false } },
        { name: 'Mug', quantity: 1, details: {} },
      ]).requiresShipping,
    ).toBe(true);
  });
});
