import { Redis } from 'ioredis';

type Log = { warn(obj: object, msg: string): void; info(msg: string): void };

/**
 * A Redis client for what several server processes share (rate-limit counters). It never queues a command
 * while disconnected, and gives up on one after `commandTimeoutMs`: a caller falls back to its own memory at
 * once instead of waiting. It keeps reconnecting in the background, and says so once per outage.
 */
export function connectRedis(url: string, log: Log, opts: { commandTimeoutMs?: number } = {}): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: opts.commandTimeoutMs ?? 500,
    connectTimeout: 2000,
    // Back off up to 2 s between attempts, for ever: Redis coming back must be noticed.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    lazyConnect: false,
  });
  let down = false;
  redis.on('error', (err) => {
    if (down) return;
    down = true;
    log.warn(
      { err: err.message },
      'Redis is unreachable: rate limits count in this process only until it is back',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is back: rate limits are shared again');
  });
  return redis;
}
