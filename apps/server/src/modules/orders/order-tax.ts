/**
 * Tax on an order line (a product's taxRate and taxInclusive, spec part 2 §3.1). Inclusive: the price already
 * holds the tax, which is shown, never added. Exclusive: the tax is added on top of the line. Rounded to the
 * minor unit per line, half away from zero.
 */
export type LineTax = {
  /** The tax the line carries, in minor units (0 without a rate). */
  taxMinor: number;
  /** What the customer pays on top of the line's price: the tax when it is added, else 0. */
  addedMinor: number;
};

export function lineTax(lineMinor: number, rate: number | null | undefined, inclusive: boolean): LineTax {
  if (!rate || rate <= 0) return { taxMinor: 0, addedMinor: 0 };
  const taxMinor = Math.round(inclusive ? (lineMinor * rate) / (100 + rate) : (lineMinor * rate) / 100);
  return { taxMinor, addedMinor: inclusive ? 0 : taxMinor };
}

/** An order's lines priced with their tax: what each carries and adds, and the order's total to pay. */
export function taxedTotal(
  items: { unitPriceMinor: number; quantity: number; taxRate?: number | null; taxInclusive?: boolean }[],
): { totalMinor: number; taxMinor: number; addedMinor: number } {
  let totalMinor = 0;
  let taxMinor = 0;
  let addedMinor = 0;
  for (const i of items) {
    const line = i.unitPriceMinor * i.quantity;
    const tax = lineTax(line, i.taxRate, i.taxInclusive ?? false);
    totalMinor += line + tax.addedMinor;
    taxMinor += tax.taxMinor;
    addedMinor += tax.addedMinor;
  }
  return { totalMinor, taxMinor, addedMinor };
}
