const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** Dashboards show USD with no decimals (spec part 1 §2). */
export function formatUsdWhole(minor: number): string {
  return usdWhole.format(Math.round(minor / 100));
}
