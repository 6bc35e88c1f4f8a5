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

/** Rates as integers of 1/10000 USD, so JavaScript and SQL round the same exact numbers. */
const RATE_SCALE = 10_000;
const scaledRate = (currency: string) => Math.round((USD_RATES[currency.toUpperCase()] ?? 1) * RATE_SCALE);

/** USD minor units of an amount, rounded half up on an exact quotient (the same rule as the SQL below). */
export function usdMinor(minor: number, currency: string): number {
  return Math.round((minor * scaledRate(currency)) / RATE_SCALE);
}

/** The SQL of `usdMinor` for a column of minor units and a currency column. */
export function sqlUsdMinor(minor: string, currency: string): string {
  const cases = Object.keys(USD_RATES)
    .map((c) => `when '${c}' then ${scaledRate(c)}`)
    .join(' ');
  // Integer arithmetic, rounding half up like Math.round (amounts are never negative).
  return `((${minor})::int8 * (case upper(${currency}) ${cases} else ${RATE_SCALE} end) + ${RATE_SCALE / 2}) / ${RATE_SCALE}`;
}
