import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness';

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
