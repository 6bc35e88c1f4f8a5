import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'eighty', TELEGRAM_BOT_TOKEN: 'nope', APP_SECRET: 'short', DATA_DIR: '/tmp/x' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/TELEGRAM_BOT_TOKEN: must look like a Telegram bot token/);
      expect(problems).toMatch(/APP_SECRET: must be at least 32 characters/);
    }
  });

  it('keeps uploads in the local folder and rate limits in memory unless S3 and Redis are configured', () => {
    const base = { DATA_DIR: '/tmp/config-test', APP_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base)).toMatchObject({ s3: null, redisUrl: undefined });
    const shared = loadConfig({
      ...base,
      REDIS_URL: 'redis://127.0.0.1:6379',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'uploads',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(shared.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(shared.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'uploads',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
  });

  it('refuses part of the S3 settings, and a Redis URL that is not one', () => {
    const base = { DATA_DIR: '/tmp/config-test', APP_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig({ ...base, S3_BUCKET: 'uploads' })).toThrow(/S3_ENDPOINT, S3_BUCKET/);
    expect(() => loadConfig({ ...base, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });

  it('runs in demo mode when no platform bot token is set', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/config-test', APP_SECRET: 'x'.repeat(40) });
    expect(config.demo).toBe(true);
    expect(config.port).toBe(3000);
    expect(config.telegramApiRoot).toBe('http://127.0.0.1:3000/fake-telegram');
    expect(config.rateLimitPerMinute).toBe(600);
    expect(
      loadConfig({ DATA_DIR: '/tmp/config-test', RATE_LIMIT_PER_MINUTE: '100000' }).rateLimitPerMinute,
    ).toBe(100_000);
  });

  it('talks to the real Bot API when a platform bot token is set', () => {
    const config = loadConfig({
      TELEGRAM_BOT_TOKEN: '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8',
      APP_SECRET: 'x'.repeat(40),
    });
    expect(config.demo).toBe(false);
    expect(config.telegramApiRoot).toBe('https://api.telegram.org');
  });

  it('makes the server exit with the problems listed when started with a bad configuration', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, PORT: '-1', DATABASE_URL: 'mysql://nope' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Invalid configuration/);
    expect(run.stderr).toMatch(/PORT/);
    expect(run.stderr).toMatch(/DATABASE_URL: must be a postgres/);
  });
});
