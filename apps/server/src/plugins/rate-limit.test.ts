import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createMemoryRateLimitStore } from '../lib/rate-limit-store';

let apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps) await t.app.close();
  apps = [];
});

describe('rate limits', () => {
  it('count one address across every server that shares the store (Redis, for several processes)', async () => {
    const rateLimitStore = createMemoryRateLimitStore();
    const one = await createTestApp({ config: { rateLimitPerMinute: 3 }, rateLimitStore });
    const other = await createTestApp({ config: { rateLimitPerMinute: 3 }, rateLimitStore });
    apps = [one, other];
    const get = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect((await get(one)).statusCode).toBe(200);
    expect((await get(other)).statusCode).toBe(200);
    expect((await get(one)).statusCode).toBe(200);
    const refused = await get(other);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });

  it("count a route's own limit apart from the global one", async () => {
    const t = await createTestApp({ config: { rateLimitPerMinute: 2 } });
    apps = [t];
    // The global limit of 2 is spent on another route; sign-in keeps its own count (120 a minute).
    await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(429);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/telegram', payload: {} });
    expect(signIn.statusCode).not.toBe(429);
  });
});
