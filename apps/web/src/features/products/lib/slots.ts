import type { ServiceSlot } from '@app/contracts/products';

/** A zone Intl knows; a service saved with an unknown one reads in UTC rather than failing the screen. */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
function dayIn(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: knownZone(timeZone) }).format(at);
}

/** Today in the service's time zone and the `days - 1` days after it: the range the slots card asks for. */
export function slotRange(now: Date, timeZone: string, days: number): { from: string; to: string } {
  const from = dayIn(now, timeZone);
  const last = new Date(`${from}T12:00:00Z`);
  last.setUTCDate(last.getUTCDate() + days - 1);
  return { from, to: last.toISOString().slice(0, 10) };
}

export type SlotDay = { key: string; label: string; slots: Array<ServiceSlot & { time: string }> };

/** Open slots by their day in the service's time zone, in order, each with its time span in that zone. */
export function slotsByDay(slots: ServiceSlot[], timeZone: string, locale: string): SlotDay[] {
  const zone = knownZone(timeZone);
  const dayLabel = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: zone,
  });
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: zone });
  const days = new Map<string, SlotDay>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const start = new Date(slot.start);
    const key = dayIn(start, zone);
    let day = days.get(key);
    if (!day) {
      day = { key, label: dayLabel.format(start), slots: [] };
      days.set(key, day);
    }
    day.slots.push({ ...slot, time: time.formatRange(start, new Date(slot.end)) });
  }
  return [...days.values()];
}
