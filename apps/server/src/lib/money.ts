// Building an Intl.NumberFormat costs more than the rest of a product list: one per language, currency and options.
const formats = new Map<string, Intl.NumberFormat | null>();

/** The cached format for a language and options; null for a currency Intl does not know (a legacy value). */
function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat | null {
  const key = `${language}|${options.style ?? ''}|${options.currency ?? ''}|${options.maximumFractionDigits ?? ''}`;
  let format = formats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(language, options);
    } catch {
      format = null;
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * Money in a reader's language: minor units of a two-decimal currency ("$1,234.50", "1 234,50 €"), whole
 * Telegram Stars (XTR, no minor unit and no Intl symbol) as "N ⭐", a currency Intl does not know as "12.50 ABC".
 */
export function formatAmount(language: string, minor: number, currency: string): string {
  if (currency === 'XTR') return `${numberFormat(language)?.format(minor) ?? minor} ⭐`;
  const format = numberFormat(language, { style: 'currency', currency });
  return format ? format.format(minor / 100) : `${(minor / 100).toFixed(2)} ${currency}`;
}

/** US cents as the spec's payment texts and invoices show them: "$29.00". */
export const formatUsd = (minor: number) => formatAmount('en-US', minor, 'USD');

/**
 * The spec's `*Formatted` money: whole units, en-US ("$1,234"). The web app renders amounts itself from the
 * minor units and the currency; this is only the display string the spec puts on the wire.
 */
export function formatMoney(minor: number, currency = 'USD'): string {
  const whole = Math.round(minor / 100);
  const format = numberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
  // A currency code Intl does not know (a legacy value in a row): still say how much and of what.
  return format ? format.format(whole) : `${whole} ${currency}`;
}
