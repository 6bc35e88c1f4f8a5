import { DAY_MS } from '@app/contracts/common';
import type { MessageKey } from '../../../i18n/messages';

export type DateBucket = { key: MessageKey; count: number };

function startOfDay(time: number): number {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/**
 * Spec part 1 §2 Customers, relative-date buckets: today, yesterday, days (under 7), weeks (under 30 days),
 * months (under 365), years. Days are calendar days in the user's time zone.
 */
export function relativeDateBucket(iso: string, now = Date.now()): DateBucket {
  const days = Math.max(0, Math.round((startOfDay(now) - startOfDay(Date.parse(iso))) / DAY_MS));
  if (days === 0) return { key: 'customers.when.today', count: 0 };
  if (days === 1) return { key: 'customers.when.yesterday', count: 1 };
  if (days < 7) return { key: 'customers.when.days', count: days };
  if (days < 30) return { key: 'customers.when.weeks', count: Math.floor(days / 7) };
  if (days < 365) return { key: 'customers.when.months', count: Math.floor(days / 30) };
  return { key: 'customers.when.years', count: Math.floor(days / 365) };
}
