import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, testClock } from '../../../test/clock';
import { createBot, fakeBot, type Vendor } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp, telegramUser } from '../../../test/harness';
import { bots } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import type { InitDataUser } from '../../lib/telegram/init-data';

// Signing in again within the 30 days cancels the deletion (issue 21): the bots it paused run again, a bot the
// vendor had stopped stays stopped, and the sign-in says so once (Home's message).
const clock = testClock();
let fake: FakeBotApi;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeBotApi();
  t = await createTestApp({
    config: { telegramApiRoot: fake.url, publicUrl: 'https://shop.example.test' },
    now: clock.now,
  });
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
});

async function owner(): Promise<{ user: InitDataUser; v: Vendor }> {
  const user = telegramUser();
  const session = await signIn(t.app, user);
  const v = {
    vendorId: session.vendor.id,
    auth: bearer(session.accessToken),
    base: `/api/v1/vendors/${session.vendor.id}`,
  };
  return { user, v };
}

const botRow = async (id: string) => (await t.database.db.select().from(bots).where(eq(bots.id, id)))[0];
const deleteAccount = (v: Vendor) =>
  t.app.inject({
    method: 'DELETE',
    url: v.base,
    headers: v.auth,
    payload: { confirmation: 'DELETE MY ACCOUNT' },
  });

describe('cancelling a scheduled deletion by signing in', () => {
  it('starts again the bots the deletion paused, with their webhook set on Telegram', async () => {
    const { user, v } = await owner();
    const tg = fakeBot(fake);
    const bot = await createBot(t.app, v, { botToken: tg.token, botName: 'Shop', plan: 'FREE' });
    expect((await botRow(bot.id))?.isActive).toBe(true);

    expect((await deleteAccount(v)).statusCode).toBe(200);
    expect(await botRow(bot.id)).toMatchObject({ isActive: false, stoppedReason: 'account.deletion' });

    clock.advance(3 * DAY_MS);
    await signIn(t.app, user);
    expect(await botRow(bot.id)).toMatchObject({ isActive: true, stoppedReason: null });
    expect(fake.state.findBot(tg.token)?.webhook?.url).toBe(
      `https://shop.example.test/telegram/webhook/${bot.id}`,
    );
  });

  it('leaves stopped a bot the vendor had stopped before the deletion', async () => {
    const { user, v } = await owner();
    const tg = fakeBot(fake);
    const bot = await createBot(t.app, v, { botToken: tg.token, botName: 'Shop', plan: 'FREE' });
    await t.app.inject({
      method: 'POST',
      url: `${v.base}/bots/${bot.id}/stop`,
      headers: v.auth,
      payload: {},
    });
    expect((await botRow(bot.id))?.isActive).toBe(false);

    await deleteAccount(v);
    await signIn(t.app, user);
    expect(await botRow(bot.id)).toMatchObject({ isActive: false, stoppedReason: null });
  });

  it('says so in the sign-in that cancelled it, and only in that one', async () => {
    const { user, v } = await owner();
    await deleteAccount(v);
    expect((await signIn(t.app, user)).deletionCancelled).toBe(true);
    expect((await signIn(t.app, user)).deletionCancelled).toBeUndefined();
  });
});
