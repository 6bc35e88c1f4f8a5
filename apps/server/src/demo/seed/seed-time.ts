// The calendar arithmetic the seed's steps share. Every date the seed writes is relative to its `now`.
import { DAY_MS } from '@app/contracts/common';

export const HOUR_MS = 3_600_000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Calendar months in UTC, the day clamped to the target month's length (Jan 31 + 1 month = Feb 28). */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}
