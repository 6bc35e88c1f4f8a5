import { describe, expect, it } from 'vitest';
import { relativeDateBucket } from './relative-date';

const NOW = new Date(2026, 10, 23, 15, 30).getTime();
const daysAgo = (days: number, hour = 10) => new Date(2026, 10, 23 - days, hour).toISOString();

describe('relativeDateBucket (spec part 1 §2 Customers)', () => {
  it.each([
    [0, 'customers.when.today', 0],
    [1, 'customers.when.yesterday', 1],
    [2, 'customers.when.days', 2],
    [6, 'customers.when.days', 6],
    [7, 'customers.when.weeks', 1],
    [29, 'customers.when.weeks', 4],
    [30, 'customers.when.months', 1],
    [364, 'customers.when.months', 12],
    [365, 'customers.when.years', 1],
    [800, 'customers.when.years', 2],
  ])('%i days ago is %s with count %i', (days, key, count) => {
    expect(relativeDateBucket(daysAgo(days), NOW)).toEqual({ key, count });
  });

  it('counts calendar days: late last night is yesterday, not today', () => {
    expect(relativeDateBucket(new Date(2026, 10, 22, 23, 50).toISOString(), NOW).key).toBe(
      'customers.when.yesterday',
    );
  });
});
