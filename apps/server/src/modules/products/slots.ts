import { DAY_MS } from '@app/contracts/common';
import type { ServiceDetails, ServiceSlot, Weekday } from '@app/contracts/products';

const WEEKDAYS: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Milliseconds `timeZone` is ahead of UTC at the instant given. */
function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a wall-clock time in `timeZone` names (the earlier one when a clock change repeats it). */
export function zonedTime(dayUtcMs: number, hhmm: string, timeZone: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  const guess = dayUtcMs + ((h ?? 0) * 60 + (m ?? 0)) * 60_000;
  const first = guess - zoneOffsetMs(guess, timeZone);
  return guess - zoneOffsetMs(first, timeZone);
}

/** The wall-clock date (as a UTC midnight) and time ('HH:MM') of an instant in `timeZone`. */
function wallClockOf(at: number, timeZone: string): { dayUtcMs: number; hhmm: string } {
  const local = at + zoneOffsetMs(at, timeZone);
  const d = new Date(local);
  const hhmm = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return { dayUtcMs: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()), hhmm };
}

/** The default length of a recurring service's series when the vendor sets no maxOccurrences. */
export const SERIES_DEFAULT_OCCURRENCES = 4;
/** How far a series runs at most: a year after its first occurrence. */
export const SERIES_HORIZON_DAYS = 365;

/**
 * The starts a recurring series from `first` asks: the same wall-clock time in the service's time zone each
 * day, week or month (a month without that day, such as 31 February, is left out), `count` of them at most,
 * within SERIES_HORIZON_DAYS. Whether each is an open slot with room is the caller's to check.
 */
export function seriesStarts(
  service: ServiceDetails,
  first: number,
  frequency: 'daily' | 'weekly' | 'monthly',
  count: number,
): number[] {
  const tz = isTimeZone(service.availability.timezone) ? service.availability.timezone : 'UTC';
  const { dayUtcMs, hhmm } = wallClockOf(first, tz);
  const d = new Date(dayUtcMs);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const day =
      frequency === 'monthly'
        ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + i, d.getUTCDate())
        : dayUtcMs + i * (frequency === 'weekly' ? 7 : 1) * DAY_MS;
    if (day - dayUtcMs > SERIES_HORIZON_DAYS * DAY_MS) break;
    if (new Date(day).getUTCDate() !== d.getUTCDate() && frequency === 'monthly') continue;
    out.push(i === 0 ? first : zonedTime(day, hhmm, tz));
  }
  return out;
}

export const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** A slot's length in minutes when the duration fits in a day; longer services take a whole time window. */
function slotMinutes(service: ServiceDetails): number | null {
  const d = service.duration ?? 0;
  if (d <= 0) return null;
  if (service.durationUnit === 'minutes') return d;
  if (service.durationUnit === 'hours') return d * 60;
  return null;
}

/**
 * The bookable slots of a service on the days `from`..`to` (YYYY-MM-DD, inclusive, in the service's time zone):
 * each available day's time windows cut into slots of the service's duration (or one slot per window for
 * services measured in days or longer), those starting before now + lead time left out. A slot holds
 * maxParticipants people (each booking brings its quantity) in at most maxBookings bookings; without
 * maxParticipants, one person per booking. `available`: the people one more booking may bring (0 once the slot
 * has its bookings). Only slots with a place left are answered.
 */
export function openSlots(
  service: ServiceDetails,
  range: { from: string; to: string },
  bookedAt: Map<number, { places: number; bookings: number }>,
  now: Date,
): ServiceSlot[] {
  const tz = isTimeZone(service.availability.timezone) ? service.availability.timezone : 'UTC';
  const days = new Set(service.availability.days);
  const earliest = now.getTime() + service.bookingLeadTime * 3_600_000;
  const step = slotMinutes(service);
  const out: ServiceSlot[] = [];
  const first = Date.parse(`${range.from}T00:00:00Z`);
  const last = Date.parse(`${range.to}T00:00:00Z`);
  for (let day = first; day <= last; day += DAY_MS) {
    const weekday = WEEKDAYS[new Date(day).getUTCDay()];
    if (!weekday || !days.has(weekday)) continue;
    for (const window of service.availability.timeSlots) {
      const from = minutesOf(window.start);
      const to = minutesOf(window.end);
      const starts: Array<[number, number]> = [];
      if (step === null || step > to - from) starts.push([from, to]);
      else for (let m = from; m + step <= to; m += step) starts.push([m, m + step]);
      for (const [s, e] of starts) {
        const hhmm = (x: number) =>
          `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
        const start = zonedTime(day, hhmm(s), tz);
        if (start < earliest) continue;
        const end = zonedTime(day, hhmm(e), tz);
        const taken = bookedAt.get(start) ?? { places: 0, bookings: 0 };
        const capacity = service.maxParticipants ?? service.maxBookings;
        const available = taken.bookings >= service.maxBookings ? 0 : capacity - taken.places;
        if (available <= 0) continue;
        out.push({
          start: new Date(start).toISOString(),
          end: new Date(end).toISOString(),
          capacity,
          booked: taken.places,
          available,
        });
      }
    }
  }
  return out.sort((a, b) => a.start.localeCompare(b.start));
}
