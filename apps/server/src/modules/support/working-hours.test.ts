import { describe, expect, it } from 'vitest';
import { openMsBetween, parseWorkingHours } from './working-hours';

const H = (h: number, m = 0) => h * 60 + m;
const EVERY_DAY = (start: number, end: number) => Array.from({ length: 7 }, () => [[start, end]]);
const MIN = 60_000;

describe('reading the store’s working hours', () => {
  it.each([
    ['9-18', EVERY_DAY(H(9), H(18))],
    ['9:00-18:00', EVERY_DAY(H(9), H(18))],
    ['09.30 – 17.45', EVERY_DAY(H(9, 30), H(17, 45))],
    ['9am-6pm', EVERY_DAY(H(9), H(18))],
    ['Daily 1-5pm', EVERY_DAY(H(13), H(17))],
  ])('reads "%s" as the same hours every day', (text, week) => {
    expect(parseWorkingHours(text)).toEqual(week);
  });

  it('reads "Mon-Fri 9:00-18:00" as weekdays, the weekend closed', () => {
    expect(parseWorkingHours('Mon-Fri 9:00-18:00')).toEqual([
      [],
      [[H(9), H(18)]],
      [[H(9), H(18)]],
      [[H(9), H(18)]],
      [[H(9), H(18)]],
      [[H(9), H(18)]],
      [],
    ]);
  });

  it('reads several days’ hours, day lists and closed days', () => {
    expect(parseWorkingHours('Mon, Wed, Fri 10-16; Saturday: 10am to 2pm; Sunday closed')).toEqual([
      [],
      [[H(10), H(16)]],
      [],
      [[H(10), H(16)]],
      [],
      [[H(10), H(16)]],
      [[H(10), H(14)]],
    ]);
  });

  it('runs hours past midnight into the next day', () => {
    const week = parseWorkingHours('Fri 22:00-02:00');
    expect(week?.[5]).toEqual([[H(22), H(24)]]);
    expect(week?.[6]).toEqual([[0, H(2)]]);
  });

  it.each(['24/7', 'Open 24 hours', ''])('reads "%s" as always open', (text) => {
    expect(parseWorkingHours(text)).toBeNull();
  });

  it('treats hours it cannot read as always open', () => {
    expect(parseWorkingHours('Ask us anytime!')).toBeNull();
  });
});

describe('how long the store was open between two instants', () => {
  // 2026-11-23 is a Monday.
  const at = (iso: string) => new Date(iso);

  it('counts every minute when always open', () => {
    expect(openMsBetween(null, 'UTC', at('2026-11-23T03:00Z'), at('2026-11-23T03:10Z'))).toBe(10 * MIN);
  });

  it('counts only the open minutes, in the store’s timezone', () => {
    const week = parseWorkingHours('Mon-Fri 9-18');
    // 08:55 → 09:10 in Paris (UTC+1 in November): 10 open minutes.
    expect(openMsBetween(week, 'Europe/Paris', at('2026-11-23T07:55Z'), at('2026-11-23T08:10Z'))).toBe(
      10 * MIN,
    );
    // Friday 17:55 → Monday 09:05: 5 minutes on Friday, 5 on Monday.
    expect(openMsBetween(week, 'UTC', at('2026-11-27T17:55Z'), at('2026-11-30T09:05Z'))).toBe(10 * MIN);
  });

  it('counts nothing outside the hours', () => {
    const week = parseWorkingHours('9-18');
    expect(openMsBetween(week, 'UTC', at('2026-11-23T19:00Z'), at('2026-11-24T08:59Z'))).toBe(0);
  });
});
