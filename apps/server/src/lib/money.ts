const formats = new Map<string, Intl.NumberFormat>();

/**
 * The spec's `*Formatted` money: whole units, en-US ("$1,234"). The web app renders amounts itself from the
 * minor units and the currency; this is only the display string the spec puts on the wire.
 */
export function formatMoney(minor: number, currency = 'USD'): string {
  const whole = Math.round(minor / 100);
  let format = formats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
    } catch {
      // A currency code Intl does not know (a legacy value in a row): still say how much and of what.
      return `${whole} ${currency}`;
    }
    formats.set(currency, format);
  }
  return format.format(whole);
}
