// The store's working hours (Settings → Store details), which today are free text: the common ways people
// write them are read here ("Mon-Fri 9:00-18:00", "9-18", "9am-6pm", "Mon–Fri 9-18, Sat 10-14, Sun closed",
// "24/7"). Pure: no I/O, the clock and the timezone are the caller's.

/** Open intervals per weekday (0 = Sunday … 6 = Saturday), in minutes of the local day, [start, end). */
export type WeekHours = readonly (readonly (readonly [number, number])[])[];

const DAYS: readonly [RegExp, number][] = [
  [/^sun/, 0],
  [/^mon/, 1],
  [/^tue/, 2],
  [/^wed/, 3],
  [/^thu/, 4],
  [/^fri/, 5],
  [/^sat/, 6],
];
const DAY_WORD = '\\b(?:sun|mon|tue|wed|thu|fri|sat)[a-z]*\\.?';
const TIME = (n: number) =>
  `\\b(?<h${n}>\\d{1,2})(?:[:.h](?<m${n}>\\d{2})|h)?(?!\\d)\\s*(?<mer${n}>a\\.?m\\.?|p\\.?m\\.?)?`;
const TO = '\\s*(?:-|–|—|to|until|till)\\s*';
const ALWAYS =
  /\b24\s*\/\s*7\b|\b24\s*h(?:ours|rs)?\b|round the clock|always open|open all (?:day|the time)/i;
const TOKEN = new RegExp(
  [
    `(?<dayRange>(?<d1>${DAY_WORD})${TO}(?<d2>${DAY_WORD}))`,
    `(?<day>${DAY_WORD})`,
    `(?<timeRange>${TIME(1)}${TO}${TIME(2)})`,
    '(?<closed>\\bclosed\\b|\\boff\\b)',
    '(?<daily>\\bdaily\\b|\\bevery ?day\\b)',
  ].join('|'),
  'gi',
);

function dayOf(word: string): number | null {
  const w = word.toLowerCase();
  for (const [re, n] of DAYS) if (re.test(w)) return n;
  return null;
}

function minuteOf(hour: string | undefined, minute: string | undefined, meridiem: string | undefined) {
  let h = Number(hour);
  const m = minute ? Number(minute) : 0;
  if (!Number.isInteger(h) || h > 24 || m > 59) return null;
  const mer = meridiem?.toLowerCase().replace(/\./g, '');
  if (mer === 'pm' && h < 12) h += 12;
  if (mer === 'am' && h === 12) h = 0;
  const at = h * 60 + m;
  return at > 24 * 60 ? null : at;
}

/**
 * The week's open hours the text describes, or null when it says "always" (24/7) or cannot be read. An
 * unreadable text counts as always open: the owner is then alerted by the clock alone, rather than never.
 * Days named without hours take the next hours given ("Mon, Wed, Fri 9-17"); hours with no day before them
 * hold every day ("9-18"); once any day is named, the days never named are closed. Hours past midnight
 * ("22-02") run into the next day.
 */
export function parseWorkingHours(text: string): WeekHours | null {
  if (!text.trim() || ALWAYS.test(text)) return null;
  const week: [number, number][][] = [[], [], [], [], [], [], []];
  let pending: number[] = [];
  let anyDay = false;
  let anyHours = false;
  const add = (day: number, start: number, end: number) => {
    if (end > start) week[day]?.push([start, end]);
    else if (end < start) {
      week[day]?.push([start, 24 * 60]);
      if (end > 0) week[(day + 1) % 7]?.push([0, end]);
    }
  };
  for (const match of text.matchAll(TOKEN)) {
    const g = match.groups ?? {};
    if (g.dayRange) {
      const from = dayOf(g.d1 ?? '');
      const to = dayOf(g.d2 ?? '');
      if (from === null || to === null) continue;
      for (let d = from; ; d = (d + 1) % 7) {
        pending.push(d);
        if (d === to) break;
      }
      anyDay = true;
    } else if (g.day) {
      const d = dayOf(g.day);
      if (d !== null) {
        pending.push(d);
        anyDay = true;
      }
    } else if (g.daily) {
      pending = [0, 1, 2, 3, 4, 5, 6];
    } else if (g.closed) {
      pending = [];
    } else if (g.timeRange) {
      let start = minuteOf(g.h1, g.m1, g.mer1);
      const end = minuteOf(g.h2, g.m2, g.mer2);
      if (start === null || end === null) continue;
      // "1-5pm": the meridiem given once holds for both ends when that keeps the start before the end.
      if (!g.mer1 && g.mer2 && start + 12 * 60 < end) start += 12 * 60;
      const days = pending.length > 0 ? pending : anyDay ? [] : [0, 1, 2, 3, 4, 5, 6];
      for (const d of days) add(d, start, end === 0 ? 24 * 60 : end);
      anyHours = true;
      pending = [];
    }
  }
  return anyHours ? week.map((day) => day.sort((a, b) => a[0] - b[0])) : null;
}

const WEEKDAY: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The local weekday and minute of the day of an instant in a timezone (UTC when the zone is unknown). */
function localClock(timezone: string) {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  }
  return (at: number) => {
    let day = 0;
    let hour = 0;
    let minute = 0;
    for (const p of format.formatToParts(at)) {
      if (p.type === 'weekday') day = WEEKDAY[p.value] ?? 0;
      else if (p.type === 'hour') hour = Number(p.value);
      else if (p.type === 'minute') minute = Number(p.value);
    }
    return { day, minute: hour * 60 + minute };
  };
}

/**
 * How long the store was open between two instants (ms), by its week's hours in its timezone; all of it when
 * the hours are null (always open). Walks from boundary to boundary (an opening, a closing, midnight), so a
 * week costs a few dozen steps.
 */
export function openMsBetween(hours: WeekHours | null, timezone: string, from: Date, to: Date): number {
  const end = to.getTime();
  let t = from.getTime();
  if (t >= end) return 0;
  if (hours === null) return end - t;
  const clock = localClock(timezone);
  let open = 0;
  for (let step = 0; t < end && step < 10_000; step += 1) {
    const { day, minute } = clock(t);
    const ranges = hours[day] ?? [];
    const current = ranges.find(([a, b]) => minute >= a && minute < b);
    const boundary = current ? current[1] : (ranges.find(([a]) => a > minute)?.[0] ?? 24 * 60);
    const intoMinute = ((t % 60_000) + 60_000) % 60_000;
    let next = Math.min(end, t + (boundary - minute) * 60_000 - intoMinute);
    if (next <= t) next = Math.min(end, t + 60_000);
    if (current) open += next - t;
    t = next;
  }
  return open;
}
