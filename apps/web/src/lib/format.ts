import { formatNumber, getLocale } from '../i18n/i18n';

// Outside React, in the current language. Components re-render on a language change when they format with
// useI18n(); prefer that in new code.

/** 1234 → "1,234" (in English). */
export function formatCount(value: number): string {
  return formatNumber(value);
}

/** A percent change: 12.34 → "+12.3%", -5 → "-5%", 0 → "0%" (in English). */
export function formatChange(percent: number): string {
  return formatNumber(percent / 100, getLocale(), {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
}
