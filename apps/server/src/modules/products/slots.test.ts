import type { ServiceDetails } from '@app/contracts/products';
import { describe, expect, it } from 'vitest';
import { seriesStarts } from './slots';

const service = (timezone: string) =>
  ({ availability: { days: [], timeSlots: [], timezone } }) as unknown as ServiceDetails;

const iso = (ms: number[]) => ms.map((m) => new Date(m).toISOString());

describe('a recurring series’ starts', () => {
  it('keeps the same wall-clock time each week across a clock change', () => {
    // 10:00 in Lisbon on Saturday 18 October 2025 (UTC+1); the clocks go back on 26 October.
    const first = Date.parse('2025-10-18T09:00:00Z');
    expect(iso(seriesStarts(service('Europe/Lisbon'), first, 'weekly', 3))).toEqual([
      '2025-10-18T09:00:00.000Z',
      '2025-10-25T09:00:00.000Z',
      '2025-11-01T10:00:00.000Z',
    ]);
  });

  it('leaves out a month without the day, and stops at the count', () => {
    const first = Date.parse('2026-01-31T15:00:00Z');
    expect(iso(seriesStarts(service('UTC'), first, 'monthly', 4))).toEqual([
      '2026-01-31T15:00:00.000Z',
      '2026-03-31T15:00:00.000Z',
    ]);
  });

  it('runs a year at most, however many occurrences are asked', () => {
    const first = Date.parse('2026-01-01T08:00:00Z');
    expect(seriesStarts(service('UTC'), first, 'daily', 365 + 30)).toHaveLength(366);
  });
});
