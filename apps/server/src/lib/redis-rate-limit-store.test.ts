import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRedisRelay, TEST_REDIS_URL, testKeyPrefix } from '../../test/redis-proxy';
import { createMemoryRateLimitStore } from './rate-limit-store';
import { connectRedis } from './redis';
import { createRedisRateLimitStore } from './redis-rate-limit-store';

const clients: Redis[] = [];
const quietLog = () => {
  const lines: string[] = [];
  return {
    lines,
    warn: (_obj: object, msg: string) => lines.push(msg),
    info: (msg: string) => lines.push(msg),
  };
};
const connect = (url: string, log = quietLog()) => {
  const redis = connectRedis(url, log, { commandTimeoutMs: 300 });
  clients.push(redis);
  return redis;
};
const ready = (redis: Redis) => vi.waitFor(() => expect(redis.status).toBe('ready'), { timeout: 10_000 });

afterEach(() => {
  for (const redis of clients.splice(0)) redis.disconnect();
});

describe('rate-limit counters in Redis', () => {
  it('two processes count one window together', async () => {
    const keyPrefix = testKeyPrefix();
    const [a, b] = [connect(TEST_REDIS_URL), connect(TEST_REDIS_URL)];
    await Promise.all([ready(a), ready(b)]);
    const one = createRedisRateLimitStore({ redis: a, fallback: createMemoryRateLimitStore(), keyPrefix });
    const other = createRedisRateLimitStore({ redis: b, fallback: createMemoryRateLimitStore(), keyPrefix });
    // Half a minute into a minute's window.
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
    await one.hit('1.2.3.4', 60, now);
    await other.hit('1.2.3.4', 60, now + 1000);
    const third = await one.hit('1.2.3.4', 60, now + 2000);
    expect(third).toEqual({ count: 3, resetMs: now + 30_000 });
    // The next window starts again from one.
    expect((await other.hit('1.2.3.4', 60, now + 30_000)).count).toBe(1);
  });

  it('counts in memory while Redis is unreachable at start, and says so once', async () => {
    const log = quietLog();
    const redis = connect('redis://127.0.0.1:9', log);
    const store = createRedisRateLimitStore({ redis, fallback: createMemoryRateLimitStore() });
    const now = Date.now();
    await store.hit('k', 60, now);
    expect((await store.hit('k', 60, now)).count).toBe(2);
    await vi.waitFor(() =>
      expect(log.lines).toContain(
        'Redis is unreachable: rate limits count in this process only until it is back',
      ),
    );
  });

  it('falls back to memory when Redis goes away mid-way, and counts in Redis again once it is back', async () => {
    const relay = await startRedisRelay();
    try {
      const log = quietLog();
      const keyPrefix = testKeyPrefix();
      const redis = connect(relay.url(), log);
      await ready(redis);
      const store = createRedisRateLimitStore({ redis, fallback: createMemoryRateLimitStore(), keyPrefix });
      const now = Date.now();
      expect((await store.hit('k', 3600, now)).count).toBe(1);

      await relay.down();
      await vi.waitFor(() => expect(redis.status).not.toBe('ready'));
      // Served from memory: its own count, and no error.
      expect((await store.hit('k', 3600, now)).count).toBe(1);
      await vi.waitFor(() =>
        expect(log.lines).toContain(
          'Redis is unreachable: rate limits count in this process only until it is back',
        ),
      );

      await relay.up();
      await ready(redis);
      // Redis still holds the first hit: the shared count carries on from it.
      expect((await store.hit('k', 3600, now)).count).toBe(2);
      await vi.waitFor(() => expect(log.lines).toContain('Redis is back: rate limits are shared again'));
    } finally {
      await relay.close();
    }
  });
});
