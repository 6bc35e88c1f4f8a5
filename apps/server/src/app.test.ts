import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp, testConfig } from '../test/harness';
import { buildApp } from './app';
import type { Config } from './config';

declare module 'vitest' {
  interface TaskMeta {
    /** What the test's app changes in the test configuration. */
    config?: Partial<Config>;
  }
}

let t: TestApp;
afterEach(async () => {
  await t.app.close();
});

/** The app of a test in the errors and operations blocks, with the configuration its meta asks for. */
const startApp = async ({ task }: { task: { meta: { config?: Partial<Config> } } }) => {
  t = await createTestApp({ config: task.meta.config ?? {} });
};

describe('errors', () => {
  beforeEach(startApp);

  it('answers a validation failure with 400 VALIDATION_FAILED and the field issues', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: 42 },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details[0].path).toBe('body.refreshToken');
  });

  it('answers an unexpected failure with a generic 500 and no stack', async () => {
    await t.app.close();
    const database = await getTestDatabase();
    await resetDatabase(database);
    const app = await buildApp({ config: testConfig(), database, webDistDir: null });
    app.get('/api/v1/boom', async () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    t = { ...t, app };
    const res = await app.inject({ method: 'GET', url: '/api/v1/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('echoes a request id on every response', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
});

describe('operations', () => {
  beforeEach(startApp);

  it('answers liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('publishes the OpenAPI document with the auth routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/v1/auth/telegram');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('offers demo init data only in demo mode', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/demo/init-data' })).statusCode).toBe(404);
    await t.app.close();
    t = await createTestApp({ config: { demo: true } });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/demo/init-data' });
    expect(res.statusCode).toBe(200);
    expect(res.json().initData).toMatch(/signature=.*hash=[0-9a-f]{64}$/);
  });

  it('limits API requests per caller address to RATE_LIMIT_PER_MINUTE, but never the health checks', {
    meta: { config: { rateLimitPerMinute: 3 } },
  }, async () => {
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await t.app.inject({ method: 'GET', url: '/api/v1/auth/verify' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it("never limits Telegram's webhook deliveries by address (all shops' updates come from Telegram's few)", {
    meta: { config: { rateLimitPerMinute: 3 } },
  }, async () => {
    const codes = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/telegram/webhook/00000000-0000-4000-8000-000000000000',
        payload: { update_id: i },
      });
      codes.push(res.statusCode);
    }
    // An unknown bot is refused by its secret (401), never by the rate limit (429).
    expect(codes).toEqual([401, 401, 401, 401, 401]);
  });
});

describe('the web app', () => {
  async function appServing() {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    const database = await getTestDatabase();
    await resetDatabase(database);
    const app = await buildApp({ config: testConfig(), database, webDistDir: dist });
    return { app, database, config: testConfig() };
  }

  it("does not count the web app's own files against the API rate limit", async () => {
    const database = await getTestDatabase();
    await resetDatabase(database);
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    const config = testConfig({ rateLimitPerMinute: 2 });
    const app = await buildApp({ config, database, webDistDir: dist });
    t = { app, database, config };
    for (let i = 0; i < 5; i++) {
      expect((await app.inject({ method: 'GET', url: '/assets/app-1.js' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/bots' })).statusCode).toBe(200);
    }
    const api = [];
    for (let i = 0; i < 3; i++)
      api.push((await app.inject({ method: 'GET', url: '/api/v1/auth/verify' })).statusCode);
    expect(api).toEqual([200, 200, 429]);
  });

  it('serves index.html for client routes, uncached, with a CSP that allows Telegram', async () => {
    t = await appServing();
    const res = await t.app.inject({ method: 'GET', url: '/bots/123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/telegram\.org/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors [^;]*web\.telegram\.org/);
  });

  it('caches hashed assets for a year', async () => {
    t = await appServing();
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404, not index.html, and lets no cache keep it', async () => {
    t = await appServing();
    const res = await t.app.inject({ method: 'GET', url: '/assets/bot-list-page-OLDHASH.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a missing file outside /assets with 404 too', async () => {
    t = await appServing();
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(404);
  });

  it('still serves index.html for a client route under a name that looks like a section', async () => {
    t = await appServing();
    const res = await t.app.inject({
      method: 'GET',
      url: '/products?botId=3f0c2a9e-5b7d-4c1e-9a2b-1c2d3e4f5a6b',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    t = await appServing();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('closes CORS by default', async () => {
    t = await appServing();
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/telegram',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
