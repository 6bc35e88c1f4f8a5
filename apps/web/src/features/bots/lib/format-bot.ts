import type { MessageKey } from '../../../i18n/messages';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** 'just now', 'N minute(s)/hour(s)/day(s) ago' (spec part 1 §2), in the language of `t`. */
export function formatRelativeTime(iso: string, t: Translate, now = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const minutes = Math.floor((now - time) / 60_000);
  if (minutes < 1) return t('bots.time.justNow');
  if (minutes < 60) return t('bots.time.minutesAgo', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('bots.time.hoursAgo', { count: hours });
  return t('bots.time.daysAgo', { count: Math.floor(hours / 24) });
}

type MoneyFormatter = (minor: number, currency: string) => string;

/**
 * Money from the number and its currency. The list's bots carry no currency yet (contracts `Bot`), so there
 * the server's formatted text is the only truthful rendering; pass the currency once the wire has it.
 */
export function formatBotMoney(
  formatMoney: MoneyFormatter,
  minor: number,
  currency: string | null | undefined,
  formatted: string,
): string {
  return currency ? formatMoney(minor, currency) : formatted;
}
