import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBot, fakeBot, vendor } from '../../test/factories';
import { startApp } from '../../test/fake-telegram';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness';
import { startFakeBotApi } from '../fakes/bot-api/server';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.app.close();
});

describe('vendor scope', () => {
  it('serves a vendor its own /vendors/{id} routes', async () => {
    const a = await signIn(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vendors/${a.vendor.id}/dashboard/stats`,
      headers: bearer(a.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalOrders: 0, totalBots: 0 });
  });

  it("refuses vendor A's token on vendor B's routes", async () => {
    const a = await signIn(t.app);
    const b = await signIn(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vendors/${b.vendor.id}/dashboard/stats`,
      headers: bearer(a.accessToken),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('refuses the default-vendor-id placeholder', async () => {
    const a = await signIn(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/vendors/default-vendor-id/dashboard/stats',
      headers: bearer(a.accessToken),
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    const a = await signIn(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/vendors/${a.vendor.id}/dashboard/stats` });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe("another vendor's bot named in a query", () => {
  it.each(['orders/stats', 'orders', 'customers/stats', 'analytics'])(
    'answers 404 BOT_NOT_FOUND on %s, as a bot id in the path does',
    async (path) => {
      const fake = await startFakeBotApi();
      try {
        const own = await startApp(fake);
        const a = await vendor(own.app);
        const b = await vendor(own.app);
        const mine = await createBot(own.app, a, { botToken: fakeBot(fake).token, botName: 'Mine' });
        const theirs = await createBot(own.app, b, { botToken: fakeBot(fake).token, botName: 'Theirs' });
        const ask = (botId: string) =>
          own.app.inject({ method: 'GET', url: `${a.base}/${path}?botId=${botId}`, headers: a.auth });

        expect((await ask(mine.id)).statusCode).toBe(200);
        for (const botId of [theirs.id, '00000000-0000-4000-8000-000000000000']) {
          const res = await ask(botId);
          expect(res.statusCode).toBe(404);
          expect(res.json().error.code).toBe('BOT_NOT_FOUND');
        }
        await own.app.close();
      } finally {
        await fake.close();
      }
    },
  );
});
