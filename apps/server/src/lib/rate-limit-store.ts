/**
 * Counters of requests in fixed time windows, behind one interface: in process memory here; a store in Redis
 * implements the same interface when several processes must share the counts (ARCHITECTURE.md "Scale").
 */
export interface RateLimitStore {
  /**
   * Counts one hit for `key` in the window of `windowS` seconds that holds `nowMs`, and answers the count in
   * that window after the hit and when the window ends (epoch ms).
   */
  hit(key: string, windowS: number, nowMs: number): Promise<{ count: number; resetMs: number }>;
}

/** Fixed windows in a Map; a window's counter is dropped once it has ended (checked as counters are added). */
export function createMemoryRateLimitStore(): RateLimitStore {
  const counters = new Map<string, { count: number; resetMs: number }>();
  let nextSweepMs = 0;
  return {
    async hit(key, windowS, nowMs) {
      const windowMs = windowS * 1000;
      const start = Math.floor(nowMs / windowMs) * windowMs;
      const slot = `${key}\n${windowS}\n${start}`;
      let counter = counters.get(slot);
      if (!counter) {
        if (nowMs >= nextSweepMs) {
          for (const [k, c] of counters) if (c.resetMs <= nowMs) counters.delete(k);
          nextSweepMs = nowMs + 60_000;
        }
        counter = { count: 0, resetMs: start + windowMs };
        counters.set(slot, counter);
      }
      counter.count += 1;
      return { count: counter.count, resetMs: counter.resetMs };
    },
  };
}

export type RateLimitPolicy = readonly { name: string; limit: number; windowS: number }[];

export type RateLimitOutcome = {
  allowed: boolean;
  /** Seconds until the caller may try again (when not allowed). */
  retryAfterS: number;
  /** The IETF rate-limit fields (draft-ietf-httpapi-ratelimit-headers): `RateLimit` and `RateLimit-Policy`. */
  headers: { RateLimit: string; 'RateLimit-Policy': string };
};

/**
 * One hit against every window of a policy. The `RateLimit` field reports the window with the least left; a
 * refusal waits for the latest of the windows that are full.
 */
export async function takeRateLimit(
  store: RateLimitStore,
  key: string,
  policy: RateLimitPolicy,
  nowMs: number,
): Promise<RateLimitOutcome> {
  const counts = await Promise.all(policy.map((w) => store.hit(key, w.windowS, nowMs)));
  let tightest = 0;
  let retryAfterS = 0;
  let allowed = true;
  policy.forEach((w, i) => {
    const c = counts[i] as { count: number; resetMs: number };
    const left = Math.max(0, w.limit - c.count);
    const tight = counts[tightest] as { count: number };
    if (left < Math.max(0, (policy[tightest]?.limit ?? 0) - tight.count)) tightest = i;
    if (c.count > w.limit) {
      allowed = false;
      retryAfterS = Math.max(retryAfterS, Math.ceil((c.resetMs - nowMs) / 1000));
    }
  });
  const w = policy[tightest] as RateLimitPolicy[number];
  const c = counts[tightest] as { count: number; resetMs: number };
  const resetS = Math.max(0, Math.ceil((c.resetMs - nowMs) / 1000));
  return {
    allowed,
    retryAfterS,
    headers: {
      RateLimit: `"${w.name}";r=${Math.max(0, w.limit - c.count)};t=${resetS}`,
      'RateLimit-Policy': policy.map((p) => `"${p.name}";q=${p.limit};w=${p.windowS}`).join(', '),
    },
  };
}
