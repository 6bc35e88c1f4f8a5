export const DAY_MS = 86_400_000;

/**
 * The server's clock in tests, moved only by the test. It starts at noon UTC today: a test never straddles
 * midnight, and it stays within a day of the real time that signed init data and tokens carry.
 */
export function testClock() {
  const today = new Date();
  let at = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12);
  return {
    now: () => new Date(at),
    /** A time `ms` before now. */
    ago: (ms: number) => new Date(at - ms),
    /** The UTC day (YYYY-MM-DD) `ms` before now. */
    dayAgo: (ms: number) => new Date(at - ms).toISOString().slice(0, 10),
    advance(ms: number) {
      at += ms;
    },
  };
}
export type TestClock = ReturnType<typeof testClock>;
