import type { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit-store';

/**
 * Rate-limit counters in Redis, shared by every server process (the same fixed windows as the memory store:
 * one counter per key, window length and window start, expiring with its window). While Redis cannot be
 * reached (down at start, or lost mid-way) each hit counts in `fallback`, this process's memory, so the API keeps
 * answering with limits per process; the next hit after Redis is back counts there again.
 */
export function createRedisRateLimitStore(opts: {
  redis: Redis;
  fallback: RateLimitStore;
  keyPrefix?: string;
}): RateLimitStore {
  const { redis, fallback } = opts;
  const prefix = opts.keyPrefix ?? 'rl:';
  return {
    async hit(key, windowS, nowMs) {
      if (redis.status !== 'ready') return fallback.hit(key, windowS, nowMs);
      const windowMs = windowS * 1000;
      const start = Math.floor(nowMs / windowMs) * windowMs;
      const resetMs = start + windowMs;
      const slot = `${prefix}${key}\n${windowS}\n${start}`;
      try {
        // One round trip: count, and let the counter expire a little after its window (relative to now, so the
        // processes' clocks and Redis's need not agree to the millisecond).
        const results = await redis
          .multi()
          .incr(slot)
          .pexpire(slot, resetMs - nowMs + 5000)
          .exec();
        const count = results?.[0]?.[1];
        if (typeof count !== 'number') throw new Error('Redis answered no count');
        return { count, resetMs };
      } catch {
        // connectRedis's client logs the outage once; the hit still counts, here.
        return fallback.hit(key, windowS, nowMs);
      }
    },
  };
}
