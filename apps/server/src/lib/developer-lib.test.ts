import { API_RATE_LIMITS } from '@app/contracts/developer';
import { describe, expect, it } from 'vitest';
import { apiKeyChecksumValid, generateApiKey } from './api-key-format';
import { createMemoryRateLimitStore, takeRateLimit } from './rate-limit-store';
import { isPrivateAddress, SafePostError, safePost } from './safe-post';

describe('API key form', () => {
  it('makes bsk_live_ keys of 256 random bits whose checksum is checkable offline', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^bsk_live_[0-9A-Za-z]{49}$/);
    expect(apiKeyChecksumValid(key)).toBe(true);
    expect(generateApiKey()).not.toBe(key);
  });

  it('tells a look-alike from a real key by its checksum', () => {
    const key = generateApiKey();
    // One character changed (a CRC-32 catches every such change).
    const changed = key[20] === 'a' ? 'b' : 'a';
    expect(apiKeyChecksumValid(`${key.slice(0, 20)}${changed}${key.slice(21)}`)).toBe(false);
    expect(apiKeyChecksumValid('bsk_live_short')).toBe(false);
    expect(apiKeyChecksumValid(key.replace('bsk_live_', 'bsk_test_'))).toBe(false);
  });
});

describe('rate limits', () => {
  it('counts each window apart and answers the tightest one in the RateLimit field', async () => {
    const store = createMemoryRateLimitStore();
    const start = Date.UTC(2026, 0, 1, 0, 0, 0);
    let last = await takeRateLimit(store, 'k', API_RATE_LIMITS, start);
    expect(last.headers.RateLimit).toBe('"minute";r=59;t=60');
    for (let i = 1; i < 60; i++) last = await takeRateLimit(store, 'k', API_RATE_LIMITS, start + i);
    expect(last.allowed).toBe(true);
    const over = await takeRateLimit(store, 'k', API_RATE_LIMITS, start + 30_000);
    expect(over).toMatchObject({ allowed: false, retryAfterS: 30 });
    // Another key has its own counters.
    expect((await takeRateLimit(store, 'other', API_RATE_LIMITS, start + 30_000)).allowed).toBe(true);
    // The next minute opens again; the hour still counts them all.
    const next = await takeRateLimit(store, 'k', API_RATE_LIMITS, start + 60_000);
    expect(next.allowed).toBe(true);
  });
});

describe('the webhooks’ guarded POST', () => {
  it('knows loopback, private, link-local, CGNAT and metadata addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses a name that resolves to a private address, without connecting', async () => {
    const attempt = safePost('https://hooks.example.test/x', {}, '{}', {
      allowPrivate: false,
      timeoutMs: 1000,
      maxBytes: 1024,
      resolve: async () => ['93.184.216.34', '10.0.0.5'],
    });
    await expect(attempt).rejects.toBeInstanceOf(SafePostError);
    await expect(attempt).rejects.toMatchObject({ kind: 'address' });
  });
});
