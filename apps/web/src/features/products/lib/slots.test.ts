import { describe, expect, it } from 'vitest';
import { slotRange, slotsByDay } from './slots';

const slot = (start: string, end: string, available = 1) => ({
  start,
  end,
  capacity: 2,
  booked: 2 - available,
  available,
});

describe('slotRange', () => {
  it('starts today in the service’s time zone and spans the days asked for', () => {
    // 23:30 UTC on the 1st is already the 2nd in Tokyo.
    const now = new Date('2026-03-01T23:30:00Z');
    expect(slotRange(now, 'UTC', 7)).toEqual({ from: '2026-03-01', to: '2026-03-07' });
    expect(slotRange(now, 'Asia/Tokyo', 7)).toEqual({ from: '2026-03-02', to: '2026-03-08' });
  });

  it('reads an unknown time zone as UTC', () => {
    expect(slotRange(new Date('2026-03-01T10:00:00Z'), 'Mars/Olympus', 1)).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
  });
});

describe('slotsByDay', () => {
  it('groups slots by their day in the service’s time zone, in time order, with local times', () => {
    const days = slotsByDay(
      [
        slot('2026-03-02T10:00:00Z', '2026-03-02T11:00:00Z'),
        slot('2026-03-02T00:00:00Z', '2026-03-02T01:00:00Z', 2),
        slot('2026-03-02T16:00:00Z', '2026-03-02T17:00:00Z'),
      ],
      'Europe/Berlin',
      'en-GB',
    );
    expect(days.map((d) => [d.key, d.slots.map((s) => s.time)])).toEqual([
      ['2026-03-02', ['01:00–02:00', '11:00–12:00', '17:00–18:00']],
    ]);
    expect(days[0]?.label).toBe('Mon 2 Mar');
    expect(days[0]?.slots[0]?.available).toBe(2);
  });

  it('puts a slot that crosses midnight in the zone on its local day', () => {
    const days = slotsByDay([slot('2026-03-01T23:00:00Z', '2026-03-02T00:00:00Z')], 'Asia/Tokyo', 'en-GB');
    expect(days.map((d) => d.key)).toEqual(['2026-03-02']);
  });
});
