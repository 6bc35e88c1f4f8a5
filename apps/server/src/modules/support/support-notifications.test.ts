import type { SupportListResponse } from '@app/contracts/support';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestClock, testClock } from '../../../test/clock';
import { createBot, fakeBot } from '../../../test/factories';
import { ANN, customerSays, customerTaps, type OpenShop, openShop } from '../../../test/shop';
import { staffMembers } from '../../db/schema/index';
import { EVENT_CONSUMERS } from '../../event-consumers';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { createSecrets } from '../../lib/secrets';
import { createBotApi } from '../../lib/telegram/bot-api';
import { createTelegramThrottle } from '../../lib/telegram/throttle';
import { dispatchPendingEvents } from '../events/events.dispatcher';
import { createNotificationsService } from '../notifications/notifications.service';

// Who hears of a customer's conversation (issue 20): its assignee alone when it has one, else every member
// answering the bot's support (the owner too), through the platform bot, with "Reply" opening the thread.

const unthrottled = createTelegramThrottle({
  privateChat: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
  groupChat: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
  bot: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
});

const SUE = 777_100_001; // support on every bot
const TOM = 777_100_002; // support on another bot only
const ROY = 777_100_003; // no support permission

let fake: FakeBotApi;
let s: OpenShop;
let clock: TestClock;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
beforeEach(async () => {
  clock = testClock();
  s = await openShop(fake, { now: clock.now });
  const other = await createBot(s.t.app, s.owner, {
    botToken: fakeBot(fake).token,
    botName: 'Other Shop',
    plan: 'PRO',
  });
  await seat(SUE, 'Sue', ['support'], 'all');
  await seat(TOM, 'Tom', ['support'], [other.id]);
  await seat(ROY, 'Roy', ['analytics'], 'all');
});
afterEach(() => s.t.app.close());

/** A staff seat that has been taken (active), as after the invite is accepted. */
async function seat(telegramId: number, name: string, permissions: string[], managedBots: 'all' | string[]) {
  const res = await s.t.app.inject({
    method: 'POST',
    url: `${s.owner.base}/staff`,
    headers: s.owner.auth,
    payload: { telegramId, name, role: 'support_agent', permissions, managedBots },
  });
  expect(res.statusCode).toBe(201);
  await s.t.database.db
    .update(staffMembers)
    .set({ status: 'active' })
    .where(and(eq(staffMembers.vendorId, s.owner.vendorId), eq(staffMembers.telegramId, telegramId)));
}

async function deliverNotifications() {
  await dispatchPendingEvents(s.t.database.db, EVENT_CONSUMERS);
  await createNotificationsService({
    db: s.t.database.db,
    botApi: createBotApi({ apiRoot: fake.url }),
    secrets: createSecrets(s.t.config.appSecret),
    platformBotToken: s.t.config.platformBotToken,
    throttle: unthrottled,
    now: clock.now,
  }).sendDue();
}

/** What the platform bot sent since the last look (the staff invites of the set-up aside). */
let seen = 0;
function platformSentSinceLastLook() {
  const all = fake.state.calls({ method: 'sendMessage', token: s.t.config.platformBotToken });
  const fresh = all.slice(seen).map((c) => c.params);
  seen = all.length;
  return fresh;
}
beforeEach(() => {
  seen = 0;
  platformSentSinceLastLook();
});
const byNumber = (a: number, b: number) => a - b;
const chatsOf = (sent: Record<string, unknown>[]) => sent.map((p) => Number(p.chat_id)).sort(byNumber);

async function onlyConversationId() {
  const res = await s.t.app.inject({
    method: 'GET',
    url: `${s.owner.base}/support/conversations`,
    headers: s.owner.auth,
  });
  const [c] = res.json<SupportListResponse>().conversations;
  if (!c) throw new Error('no conversation');
  return c.id;
}

function replyUrlOf(p: Record<string, unknown> | undefined): string {
  const markup = p?.reply_markup as { inline_keyboard: { text: string; url?: string }[][] } | undefined;
  const button = markup?.inline_keyboard.flat().find((b) => b.text === 'Reply');
  return button?.url ?? '';
}

describe('who hears of a customer’s conversation', () => {
  it('tells the owner and every support member of the bot of a new conversation nobody has, with Reply opening the thread', async () => {
    await customerSays(s, '/support Where is my parcel?');
    await deliverNotifications();
    const sent = platformSentSinceLastLook();
    expect(chatsOf(sent)).toEqual([s.ownerUser.id, SUE].sort(byNumber));
    const id = await onlyConversationId();
    expect(sent[0]?.text).toContain('Where is my parcel?');
    for (const p of sent) expect(replyUrlOf(p)).toContain(`startapp=support_${id}`);
  });

  it('tells of a conversation opened with the Contact support button once, before the customer writes a word', async () => {
    await customerTaps(s, 'support');
    await deliverNotifications();
    const sent = platformSentSinceLastLook();
    expect(chatsOf(sent)).toEqual([s.ownerUser.id, SUE].sort(byNumber));
    expect(sent[0]?.text).toContain('Ann opened a conversation with @');
  });

  it('tells a conversation opened with words once, not once for the opening and again for its message', async () => {
    await customerSays(s, '/support Hello');
    await deliverNotifications();
    expect(platformSentSinceLastLook().filter((p) => Number(p.chat_id) === SUE)).toHaveLength(1);
  });

  it('tells only the assigned staff member of a customer’s reply, not the owner nor the rest of the team', async () => {
    await customerSays(s, '/support Hi');
    const id = await onlyConversationId();
    const assigned = await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/support/conversations/${id}/assign`,
      headers: s.owner.auth,
      payload: { assignee: SUE },
    });
    expect(assigned.statusCode).toBe(200);
    await deliverNotifications();
    platformSentSinceLastLook();

    await customerSays(s, 'Are you there?', ANN);
    await deliverNotifications();
    const sent = platformSentSinceLastLook();
    expect(chatsOf(sent)).toEqual([SUE]);
    expect(sent[0]?.text).toContain('Are you there?');
    expect(replyUrlOf(sent[0])).toContain(`startapp=support_${id}`);
  });

  it('tells only the owner of a reply in a conversation the owner answered (and so holds)', async () => {
    await customerSays(s, '/support Hi');
    const id = await onlyConversationId();
    await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/support/conversations/${id}/messages`,
      headers: s.owner.auth,
      payload: { text: 'Hello!' },
    });
    await deliverNotifications();
    platformSentSinceLastLook();

    await customerSays(s, 'Thanks');
    await deliverNotifications();
    expect(chatsOf(platformSentSinceLastLook())).toEqual([s.ownerUser.id]);
  });

  it('tells the whole team again when the assignee no longer answers the bot’s support', async () => {
    await customerSays(s, '/support Hi');
    const id = await onlyConversationId();
    await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/support/conversations/${id}/assign`,
      headers: s.owner.auth,
      payload: { assignee: SUE },
    });
    await s.t.database.db
      .update(staffMembers)
      .set({ status: 'inactive' })
      .where(and(eq(staffMembers.vendorId, s.owner.vendorId), eq(staffMembers.telegramId, SUE)));
    await deliverNotifications();
    platformSentSinceLastLook();

    await customerSays(s, 'Hello?');
    await deliverNotifications();
    expect(chatsOf(platformSentSinceLastLook())).toEqual([s.ownerUser.id]);
  });
});

describe('the owner told of a conversation without a first answer', () => {
  const MINUTE = 60_000;

  async function workingHours(text: string) {
    const res = await s.t.app.inject({
      method: 'PUT',
      url: `${s.owner.base}/bots/${s.shop.id}/store`,
      headers: s.owner.auth,
      payload: { workingHours: text },
    });
    expect(res.statusCode).toBe(200);
  }

  /** What the support.unanswered job runs, then the notifications it queued sent: the owner's alerts. */
  async function alertsAfterCheck() {
    await s.t.app.alertUnansweredSupport();
    await deliverNotifications();
    return platformSentSinceLastLook().filter((p) => String(p.text).startsWith('⏰'));
  }

  it('tells the owner alone once a conversation has waited 10 minutes inside working hours, and only once', async () => {
    // The test clock stands at noon UTC; the bot's timezone is UTC.
    await workingHours('9:00-18:00');
    await customerSays(s, '/support Hello?');
    await deliverNotifications();
    platformSentSinceLastLook();

    clock.advance(9 * MINUTE);
    expect(await alertsAfterCheck()).toHaveLength(0);
    clock.advance(1 * MINUTE);
    const alerts = await alertsAfterCheck();
    expect(chatsOf(alerts)).toEqual([s.ownerUser.id]);
    expect(alerts[0]?.text).toContain('Ann has waited 10 minutes for a first answer');
    expect(replyUrlOf(alerts[0])).toContain(`startapp=support_${await onlyConversationId()}`);

    clock.advance(30 * MINUTE);
    expect(await alertsAfterCheck()).toHaveLength(0);
  });

  it('tells nobody of a conversation answered within the 10 minutes', async () => {
    await workingHours('9-18');
    await customerSays(s, '/support Hello?');
    clock.advance(5 * MINUTE);
    const id = await onlyConversationId();
    await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/support/conversations/${id}/messages`,
      headers: s.owner.auth,
      payload: { text: 'Hi Ann!' },
    });
    clock.advance(20 * MINUTE);
    expect(await alertsAfterCheck()).toHaveLength(0);
  });

  it('counts no minute outside working hours: nothing until the hours start, then 10 minutes into them', async () => {
    // Noon now; the store opens at 13:00.
    await workingHours('13:00-18:00');
    await customerSays(s, '/support Hello?');
    clock.advance(60 * MINUTE); // 13:00
    expect(await alertsAfterCheck()).toHaveLength(0);
    clock.advance(9 * MINUTE); // 13:09
    expect(await alertsAfterCheck()).toHaveLength(0);
    clock.advance(1 * MINUTE); // 13:10
    expect(chatsOf(await alertsAfterCheck())).toEqual([s.ownerUser.id]);
  });

  it('counts every minute when the working hours cannot be read', async () => {
    await workingHours('whenever we can');
    await customerSays(s, '/support Hello?');
    clock.advance(10 * MINUTE);
    expect(chatsOf(await alertsAfterCheck())).toEqual([s.ownerUser.id]);
  });
});
