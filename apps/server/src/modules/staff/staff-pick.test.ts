import type { LoginResponse } from '@app/contracts/auth';
import type { Bot } from '@app/contracts/bots';
import type { CreateStaffResponse, PickStaffResponse, StaffMember } from '@app/contracts/staff';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBot, fakeBot, type Vendor } from '../../../test/factories';
import {
  bearer,
  createTestApp,
  signIn,
  TEST_BOT_TOKEN,
  type TestApp,
  telegramUser,
} from '../../../test/harness';
import { events, staffPicks } from '../../db/schema/index';
import { customerSharesUsers, transcriptOf } from '../../fakes/bot-api/customer';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import type { BotRecord } from '../../fakes/bot-api/state';
import { type InitDataUser, signInitData } from '../../lib/telegram/init-data';
import { platformWebhookSecret } from '../../lib/telegram/platform-webhook';

/**
 * "Pick from Telegram" (issue 19): the owner fills Add New Staff without the person; the platform bot sends them
 * Telegram's own user picker (a `request_users` keyboard button); the `users_shared` update it answers with adds
 * the person chosen, as the form would, checked against the chooser's grant as it is then.
 */

let fake: FakeBotApi;
let t: TestApp;
let ownerUser: InitDataUser;
let owner: Vendor;
let botA: Bot;
let platform: BotRecord;
let now: Date;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
beforeEach(async () => {
  now = new Date();
  t = await createTestApp({ config: { telegramApiRoot: fake.url }, now: () => now });
  ownerUser = telegramUser({ first_name: 'Olga' });
  const session = await signIn(t.app, ownerUser);
  owner = {
    vendorId: session.vendor.id,
    auth: bearer(session.accessToken),
    base: `/api/v1/vendors/${session.vendor.id}`,
  };
  botA = await createBot(t.app, owner, { botToken: fakeBot(fake).token, botName: 'Alpha' });
  // The platform bot in the fake, its webhook pointed at this app (the share arrives as Telegram sends it).
  fake.state.registerBot({ token: TEST_BOT_TOKEN, username: 'platform_bot', firstName: 'Platform' });
  const found = fake.state.findBot(TEST_BOT_TOKEN);
  if (!found) throw new Error('no platform bot');
  platform = found;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  platform.webhook = {
    url: `http://127.0.0.1:${port}/telegram/platform-webhook`,
    secret_token: platformWebhookSecret(t.config.appSecret),
    allowed_updates: undefined,
    max_connections: 40,
  };
});
afterEach(async () => {
  fake.state.reset();
  await t.app.close();
});

const call = (
  who: { auth: { authorization: string } },
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `${owner.base}${path}`,
    headers: who.auth,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const AGENT_FORM = {
  role: 'support_agent',
  permissions: ['orders', 'customers', 'support'],
  managedBots: [] as string[],
};

const botMessages = (userId: number) =>
  transcriptOf(fake.state, platform, userId)
    .entries.filter((e) => e.type === 'message' && e.from === 'bot')
    .map((e) => (e as { message: { text?: string; reply_markup?: Record<string, unknown> } }).message);

const share = (
  chooser: InitDataUser,
  person: { id: number; first_name: string; last_name?: string; username?: string },
) =>
  customerSharesUsers(
    fake.state,
    platform,
    { ...chooser, is_bot: false },
    { text: 'Choose a person', users: [person] },
  );

const team = async () => ((await call(owner, 'GET', '/staff')).json() as { staff: StaffMember[] }).staff;

async function pick(who: Vendor, body: Record<string, unknown> = { ...AGENT_FORM, managedBots: [botA.id] }) {
  const res = await call(who, 'POST', '/staff/pick', body);
  return res;
}

describe('Pick from Telegram', () => {
  it('sends the owner Telegram’s user picker in the platform bot chat, for one person who is not a bot', async () => {
    const res = await pick(owner);
    expect(res.statusCode).toBe(200);
    const answer = res.json() as PickStaffResponse;
    expect(answer).toMatchObject({ sent: true, chatUrl: 'https://t.me/platform_bot' });

    const prompt = botMessages(ownerUser.id).at(-1);
    expect(prompt?.reply_markup).toEqual({
      keyboard: [
        [
          {
            text: 'Choose a person',
            request_users: {
              request_id: expect.any(Number),
              user_is_bot: false,
              max_quantity: 1,
              request_name: true,
              request_username: true,
            },
          },
        ],
      ],
      resize_keyboard: true,
      one_time_keyboard: true,
    });
  });

  it('adds the person chosen as a pending seat with the form’s role, permissions and bots, and answers with the invite link', async () => {
    await pick(owner);
    const person = { id: 777_000_123, first_name: 'Pat', last_name: 'Picked', username: 'pat_picked' };
    await share(ownerUser, person);

    const seats = await team();
    expect(seats).toHaveLength(1);
    expect(seats[0]).toMatchObject({
      telegramId: person.id,
      name: 'Pat Picked',
      username: 'pat_picked',
      role: 'support_agent',
      permissions: ['orders', 'customers', 'support'],
      managedBots: [botA.id],
      status: 'pending',
    });
    const reply = botMessages(ownerUser.id).at(-1);
    expect(reply?.text).toMatch(
      /^Pat Picked was added to the team\. .*https:\/\/t\.me\/platform_bot\?startapp=invite_/,
    );
    expect(reply?.reply_markup).toEqual({ remove_keyboard: true });
    const added = await t.database.db
      .select({ actorKind: events.actorKind, actorId: events.actorId })
      .from(events)
      .where(and(eq(events.vendorId, owner.vendorId), eq(events.type, 'staff.added')));
    expect(added).toEqual([{ actorKind: 'owner', actorId: String(ownerUser.id) }]);
  });

  it('uses a pick once: the same share again adds nobody', async () => {
    await pick(owner);
    await share(ownerUser, { id: 777_000_124, first_name: 'Once' });
    await share(ownerUser, { id: 777_000_125, first_name: 'Twice' });
    expect((await team()).map((s) => s.name)).toEqual(['Once']);
  });

  it('adds nobody once the pick is over an hour old, and says to pick again', async () => {
    await pick(owner);
    now = new Date(now.getTime() + 61 * 60_000);
    await share(ownerUser, { id: 777_000_126, first_name: 'Late' });
    expect(await team()).toEqual([]);
    expect(botMessages(ownerUser.id).at(-1)?.text).toBe(
      'This choice has expired. Open the app and tap “Pick from Telegram” again.',
    );
  });

  it('answers a person already on the team with what is the matter, and adds no second seat', async () => {
    const person = { id: 777_000_127, first_name: 'Sam' };
    await call(owner, 'POST', '/staff', {
      telegramId: person.id,
      name: 'Sam',
      ...AGENT_FORM,
      managedBots: 'all',
    });
    await pick(owner);
    await share(ownerUser, person);
    expect(await team()).toHaveLength(1);
    expect(botMessages(ownerUser.id).at(-1)?.text).toBe('Sam is already on your team.');
  });

  describe('by a Full Access member', () => {
    let admin: InitDataUser;
    let adminAccount: Vendor;
    let adminSeat: StaffMember;
    beforeEach(async () => {
      admin = telegramUser({ first_name: 'Ada' });
      const added = (
        await call(owner, 'POST', '/staff', {
          telegramId: admin.id,
          name: 'Ada',
          role: 'admin',
          permissions: ['all'],
          managedBots: [botA.id],
        })
      ).json() as CreateStaffResponse;
      adminSeat = added.member;
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/api/v1/staff-invites/accept',
        payload: {
          init_data: signInitData(admin, TEST_BOT_TOKEN, { authDate: now }),
          token: added.invite.token,
        },
      });
      adminAccount = { ...owner, auth: bearer((accepted.json() as LoginResponse).accessToken) };
    });

    it('refuses a pick that grants more than they hold (every bot, when they manage bot A), and keeps no pick', async () => {
      const res = await pick(adminAccount, { ...AGENT_FORM, managedBots: 'all' });
      expect(res.statusCode).toBe(403);
      expect(await t.database.db.select().from(staffPicks)).toEqual([]);
    });

    it('adds nobody when they lost Full Access between the pick and the share, and tells them', async () => {
      expect((await pick(adminAccount)).statusCode).toBe(200);
      await call(owner, 'PATCH', `/staff/${adminSeat.id}`, {
        permissions: ['orders'],
        role: 'support_agent',
      });
      await share(admin, { id: 777_000_128, first_name: 'Nope' });
      expect((await team()).map((s) => s.name)).toEqual(['Ada']);
      expect(botMessages(admin.id).at(-1)?.text).toBe('You can no longer add people to this team.');
    });
  });

  it('is refused to a staff member without Full Access (403), like the rest of the team screens', async () => {
    const agent = telegramUser();
    const added = (
      await call(owner, 'POST', '/staff', {
        telegramId: agent.id,
        name: 'Agent',
        ...AGENT_FORM,
        managedBots: 'all',
      })
    ).json() as CreateStaffResponse;
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff-invites/accept',
      payload: {
        init_data: signInitData(agent, TEST_BOT_TOKEN, { authDate: now }),
        token: added.invite.token,
      },
    });
    const as = { ...owner, auth: bearer((accepted.json() as LoginResponse).accessToken) };
    expect((await pick(as)).statusCode).toBe(403);
  });
});
