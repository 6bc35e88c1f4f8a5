/**
 * The conversion table dashboards and analytics sum with (README "Currency"): USD per one unit of each
 * currency a bot can sell in. Orders keep their own currency and total; each order's USD value is fixed when
 * it is placed (orders.total_usd_minor), so a later change of this table never rewrites history.
 */
export const USD_RATES: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  RUB: 0.011,
  CNY: 0.14,
};

/** `minor` units of `currency` in USD minor units (cents), rounded. An unknown currency counts at par. */
export function toUsdMinor(minor: number, currency: string): number {
  return Math.round(minor * (USD_RATES[currency.toUpperCase()] ?? 1));
}
