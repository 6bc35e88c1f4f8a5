import { ACCOUNT_MESSAGES } from '@app/contracts/account';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testClock } from '../../../test/clock';
import { bearer, createTestApp, signIn, type TestApp, telegramUser } from '../../../test/harness';
import { notifications, vendors } from '../../db/schema/index';
import type { InitDataUser } from '../../lib/telegram/init-data';
import { totpCode } from '../../lib/totp';

const clock = testClock();
let t: TestApp;
let user: InitDataUser;
let vendorId: string;
let access: string;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.app.close());
beforeEach(async () => {
  user = telegramUser();
  const session = await signIn(t.app, user);
  vendorId = session.vendor.id;
  access = session.accessToken;
});

const base = () => `/api/v1/vendors/${vendorId}`;
const deleteAccount = (confirmation: string, token = access) =>
  t.app.inject({ method: 'DELETE', url: base(), headers: bearer(token), payload: { confirmation } });
const profile = (token = access) =>
  t.app.inject({ method: 'GET', url: `${base()}/profile`, headers: bearer(token) });

describe('account deletion', () => {
  it.each(['delete my account', 'DELETE MY ACCOUNT ', 'DELETE'])(
    'refuses %j: the phrase must match exactly',
    async (phrase) => {
      const res = await deleteAccount(phrase);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().error.details)).toContain(ACCOUNT_MESSAGES.phraseRequired);
      expect((await profile()).json().status).toBe('active');
    },
  );

  it('is scheduled in 30 days, ends every session at once and tells the owner', async () => {
    const other = await signIn(t.app, user);
    const res = await deleteAccount('DELETE MY ACCOUNT');
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().purgeAt) - Date.parse(res.json().scheduledAt)).toBe(30 * 86_400_000);
    expect((await profile()).statusCode).toBe(401);
    expect((await profile(other.accessToken)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(vendors).where(eq(vendors.id, vendorId));
    expect(row?.deletionScheduledAt).not.toBeNull();
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.vendorId, vendorId), eq(notifications.kind, 'security_deletion')));
    expect(told.map((n) => n.audience).sort()).toEqual(['vendor', 'vendor_email']);
  });

  it('is cancelled by the owner signing in again within the 30 days', async () => {
    await deleteAccount('DELETE MY ACCOUNT');
    clock.advance(10 * 86_400_000);
    const again = await signIn(t.app, user);
    const res = await profile(again.accessToken);
    expect(res.json()).toMatchObject({ status: 'active', deletionScheduledFor: null });
  });

  it('asks for a fresh two-step code while two-step is on', async () => {
    const setup = (
      await t.app.inject({
        method: 'POST',
        url: `${base()}/security/two-step/setup`,
        headers: bearer(access),
        payload: {},
      })
    ).json();
    await t.app.inject({
      method: 'POST',
      url: `${base()}/security/two-step/enable`,
      headers: bearer(access),
      payload: { code: totpCode(setup.secret, clock.now()) },
    });
    clock.advance(11 * 60_000);
    const refused = await deleteAccount('DELETE MY ACCOUNT');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');
    clock.advance(30_000);
    await t.app.inject({
      method: 'POST',
      url: `${base()}/security/step-up`,
      headers: bearer(access),
      payload: { code: totpCode(setup.secret, clock.now()) },
    });
    expect((await deleteAccount('DELETE MY ACCOUNT')).statusCode).toBe(200);
  });
});
