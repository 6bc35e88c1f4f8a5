import type { Campaign } from '@app/contracts/campaigns';
import { CreateCampaignBody } from '@app/contracts/campaigns';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addCustomer,
  createBot,
  createCategory,
  createProduct,
  fakeBot,
  productBody,
  vendor,
} from '../../../test/factories';
import { eventsOf } from '../../../test/harness';
import { ANN, customerSays, customerTaps, type OpenShop, openShop } from '../../../test/shop';
import { campaignRecipients, customerBots, shopSessions } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { createTelegramThrottle } from '../../lib/telegram/throttle';
import { activityConsumer } from '../activity/activity.consumer';
import { dispatchPendingEvents } from '../events/events.dispatcher';
import {
  type CampaignsDeps,
  createCampaign as createCampaignFor,
  STOP_PROMOTIONS_DATA,
} from './campaigns.service';

let fake: FakeBotApi;
let s: OpenShop;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
afterEach(async () => {
  fake.state.clearFloodLimit();
  await s?.t.app.close();
});

/** A shop whose bot may send `perSecond` messages a second (one a second per chat), as Telegram's limits. */
async function shopPacedAt(perSecond: number) {
  s = await openShop(fake, {
    telegramThrottle: createTelegramThrottle({
      privateChat: { perSecond: 1, burst: 3 },
      groupChat: { perSecond: 1, burst: 1 },
      bot: { perSecond, burst: 1 },
    }),
  });
  return s;
}

/** `n` customers of the shop's bot (customer rows and their membership of the bot). */
async function customersOfBot(n: number): Promise<{ id: string; telegramId: number }[]> {
  const out: { id: string; telegramId: number }[] = [];
  for (let i = 0; i < n; i++) {
    const row = await addCustomer(s.t, s.owner.vendorId, { firstName: `Buyer ${i}` });
    await s.t.database.db
      .insert(customerBots)
      .values({ vendorId: s.owner.vendorId, customerId: row.id, botId: s.shop.id });
    out.push({ id: row.id, telegramId: row.telegramId });
  }
  return out;
}

const body = (extra: Record<string, unknown> = {}) => ({
  botId: s.shop.id,
  text: '<b>Summer sale</b>: 20% off everything',
  buttons: [{ kind: 'url', text: 'See more', url: 'https://example.com/sale' }],
  segment: 'all',
  ...extra,
});

async function createCampaign(extra: Record<string, unknown> = {}): Promise<Campaign> {
  const res = await s.t.app.inject({
    method: 'POST',
    url: `${s.owner.base}/campaigns`,
    headers: s.owner.auth,
    payload: body(extra),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Campaign;
}

async function progressOf(id: string) {
  const res = await s.t.app.inject({
    method: 'GET',
    url: `${s.owner.base}/campaigns/${id}`,
    headers: s.owner.auth,
  });
  return (res.json() as Campaign).progress;
}

/** The campaign messages each chat received (sendMessage calls that went through). */
function messagesPerChat(): Map<number, number> {
  const counts = new Map<number, number>();
  for (const m of fake.state.messages) {
    if (m.token !== s.shop.token) continue;
    const chatId = Number(m.message.chat.id);
    counts.set(chatId, (counts.get(chatId) ?? 0) + 1);
  }
  return counts;
}

/** Runs the delivery job's runs until the campaign is done, as the worker does. */
async function runToEnd(id: string, options: { sliceMs?: number; signal?: AbortSignal } = {}) {
  for (;;) {
    const { done } = await s.t.app.runCampaign(s.owner.vendorId, id, { concurrency: 4, ...options });
    if (done) return;
  }
}

describe('composing a campaign', () => {
  it('creates a campaign for the bot and lists it', async () => {
    await shopPacedAt(1000);
    await customersOfBot(2);
    const created = await createCampaign();
    expect(created).toMatchObject({ status: 'scheduled', botId: s.shop.id, segment: 'all' });
    const list = await s.t.app.inject({
      method: 'GET',
      url: `${s.owner.base}/campaigns`,
      headers: s.owner.auth,
    });
    expect(list.json().campaigns.map((c: Campaign) => c.id)).toEqual([created.id]);
    // The first test builds the file's first app: cold imports take long on a loaded machine.
  }, 120_000);

  it.each([
    ['an empty text', { text: '   ' }, 'Write the message'],
    [
      'a text over 4096 characters',
      { text: 'a'.repeat(4097) },
      'The message is longer than Telegram allows (4096 characters)',
    ],
    [
      'a caption over 1024 characters with a photo',
      { text: 'a'.repeat(1025), photoUrl: 'https://example.com/a.jpg' },
      'The message is longer than Telegram allows (1024 characters)',
    ],
    ['an unclosed formatting tag', { text: '<b>sale' }, 'The formatting is not valid'],
    [
      'a button URL that is not http(s)',
      { buttons: [{ kind: 'url', text: 'Go', url: 'javascript:alert(1)' }] },
      'A button link must start with http:// or https://',
    ],
    [
      'four buttons',
      { buttons: Array.from({ length: 4 }, () => ({ kind: 'shop', text: 'Shop' })) },
      'Up to 3 buttons',
    ],
  ])('answers 400 for %s and sends nothing', async (_case, extra, message) => {
    await shopPacedAt(1000);
    await customersOfBot(1);
    const res = await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/campaigns`,
      headers: s.owner.auth,
      payload: body(extra),
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error.details)).toContain(message);
    expect(fake.state.calls({ method: 'sendMessage', token: s.shop.token })).toHaveLength(0);
  });

  it('answers 400 for a schedule in the past', async () => {
    await shopPacedAt(1000);
    await customersOfBot(1);
    const res = await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/campaigns`,
      headers: s.owner.auth,
      payload: body({ scheduledAt: new Date(Date.now() - 60_000).toISOString() }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'CAMPAIGN_SCHEDULE_IN_PAST',
      message: 'The schedule must be in the future.',
    });
  });

  it('answers 400 for an audience with no customer', async () => {
    await shopPacedAt(1000);
    await customersOfBot(1);
    const res = await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/campaigns`,
      headers: s.owner.auth,
      payload: body({ segment: 'VIP' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CAMPAIGN_NO_AUDIENCE');
  });

  it.each([
    [['customers'], false],
    [['support'], false],
    [['customers', 'support'], true],
    [['all'], true],
  ] as const)('lets a member with %j send: %s', async (permissions, allowed) => {
    await shopPacedAt(1000);
    await customersOfBot(1);
    const actor = {
      vendorId: s.owner.vendorId,
      telegramId: 42,
      kind: 'staff' as const,
      permissions,
      botIds: 'all' as const,
    };
    const deps = { db: s.t.database.db } as unknown as CampaignsDeps;
    const attempt = createCampaignFor(deps, actor, CreateCampaignBody.parse(body()));
    // The code answers as FORBIDDEN (its answersAs); its own text names the two permissions.
    const refusal = { message: 'Sending campaigns needs the customers and support permissions.' };
    if (allowed) await expect(attempt).rejects.not.toMatchObject(refusal);
    else await expect(attempt).rejects.toMatchObject(refusal);
  });

  it("answers 404 for another vendor's campaign", async () => {
    await shopPacedAt(1000);
    await customersOfBot(1);
    const created = await createCampaign();
    const other = await vendor(s.t.app);
    const res = await s.t.app.inject({
      method: 'GET',
      url: `${other.base}/campaigns/${created.id}`,
      headers: other.auth,
    });
    expect(res.statusCode).toBe(404);
  });

  it('sends a test to the caller with the Stop promotions button', async () => {
    await shopPacedAt(1000);
    const res = await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/campaigns/test`,
      headers: s.owner.auth,
      payload: { botId: s.shop.id, text: '<i>Preview</i>', buttons: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [call] = fake.state.calls({ method: 'sendMessage', token: s.shop.token });
    expect(call?.params).toMatchObject({
      chat_id: s.ownerUser.id,
      text: '<i>Preview</i>',
      parse_mode: 'HTML',
    });
    expect(JSON.stringify(call?.params.reply_markup)).toContain(STOP_PROMOTIONS_DATA);
  });
});

describe('delivering a campaign', () => {
  it('keeps the bot under its per-second limit and reaches every customer once', async () => {
    await shopPacedAt(10);
    // Telegram's 30/s is not an exact window: the fake allows 20% over the pace for the calls' jitter on the way.
    fake.state.limitFlood({ perSecond: 12, token: s.shop.token });
    const people = await customersOfBot(25);
    const campaign = await createCampaign();
    const started = Date.now();
    await runToEnd(campaign.id);
    // 25 messages at 10 a second, the first at once: at least 2.4 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2300);
    expect(fake.state.floodRefusals).toBe(0);
    const counts = messagesPerChat();
    expect(people.every((p) => counts.get(p.telegramId) === 1)).toBe(true);
    expect(await progressOf(campaign.id)).toEqual({
      total: 25,
      sent: 25,
      delivered: 25,
      failed: 0,
      blocked: 0,
    });
  });

  it('waits retry_after when Telegram answers 429, then sends the rest once each', async () => {
    await shopPacedAt(50);
    const people = await customersOfBot(6);
    fake.state.failCalls({
      method: 'sendMessage',
      token: s.shop.token,
      times: 1,
      errorCode: 429,
      retryAfter: 2,
    });
    const campaign = await createCampaign();
    await runToEnd(campaign.id);
    const calls = fake.state.calls({ method: 'sendMessage', token: s.shop.token });
    const refusedAt = Date.parse(calls[0]?.at ?? '');
    // Every call after the 429 waited its retry_after (a call already on its way may beat it by a moment).
    const after = calls.slice(1).map((c) => Date.parse(c.at) - refusedAt);
    expect(after.filter((ms) => ms < 1900).length).toBeLessThanOrEqual(3);
    expect(Math.max(...after)).toBeGreaterThanOrEqual(1900);
    const counts = messagesPerChat();
    expect(people.every((p) => counts.get(p.telegramId) === 1)).toBe(true);
    expect((await progressOf(campaign.id)).delivered).toBe(6);
  });

  it('resumes after a run dies mid-way without sending anyone a second message', async () => {
    await shopPacedAt(10);
    const people = await customersOfBot(30);
    const campaign = await createCampaign();
    const kill = new AbortController();
    setTimeout(() => kill.abort(), 1200);
    await s.t.app.runCampaign(s.owner.vendorId, campaign.id, { concurrency: 4, signal: kill.signal });
    const sentBefore = messagesPerChat().size;
    expect(sentBefore).toBeGreaterThan(0);
    expect(sentBefore).toBeLessThan(30);
    await runToEnd(campaign.id);
    const counts = messagesPerChat();
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(people.every((p) => counts.get(p.telegramId) === 1)).toBe(true);
    expect((await progressOf(campaign.id)).sent).toBe(30);
  });

  it('marks a customer who blocked the bot and leaves them out of the next campaign', async () => {
    await shopPacedAt(100);
    const [blocker, other] = await customersOfBot(2);
    fake.state.failCalls({
      method: 'sendMessage',
      chatId: blocker?.telegramId ?? 0,
      errorCode: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    const first = await createCampaign();
    await runToEnd(first.id);
    expect(await progressOf(first.id)).toMatchObject({ total: 2, delivered: 1, blocked: 1 });
    const second = await createCampaign();
    await runToEnd(second.id);
    expect(await progressOf(second.id)).toMatchObject({ total: 1, delivered: 1 });
    const [row] = await s.t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, second.id));
    expect(row?.customerId).toBe(other?.id);
  });

  it('leaves out a customer who pressed Stop promotions', async () => {
    await shopPacedAt(100);
    await customerSays(s, '/start', ANN);
    await customersOfBot(1);
    const first = await createCampaign();
    await runToEnd(first.id);
    expect((await progressOf(first.id)).total).toBe(2);
    await customerTaps(s, STOP_PROMOTIONS_DATA, ANN);
    const second = await createCampaign();
    await runToEnd(second.id);
    expect((await progressOf(second.id)).total).toBe(1);
    const toAnn = fake.state.messages.filter((m) => m.token === s.shop.token && m.message.chat.id === ANN.id);
    expect(toAnn.filter((m) => String(m.message.text).includes('Summer sale'))).toHaveLength(1);
  });

  it('sends a campaign with a photo as the photo, its text as the caption, with the buttons', async () => {
    await shopPacedAt(1000);
    const people = await customersOfBot(2);
    const photoUrl = 'https://shop.example.test/media/0191e1a2aaaabbbbccccddddeeeeffff-m.jpg';
    const campaign = await createCampaign({ photoUrl });
    await runToEnd(campaign.id);
    const photos = fake.state.calls({ method: 'sendPhoto', token: s.shop.token });
    expect(photos.map((c) => c.params.chat_id).sort()).toEqual(people.map((p) => p.telegramId).sort());
    expect(photos[0]?.params).toMatchObject({
      photo: photoUrl,
      caption: '<b>Summer sale</b>: 20% off everything',
      parse_mode: 'HTML',
    });
    const markup = JSON.stringify(photos[0]?.params.reply_markup);
    expect(markup).toContain('https://example.com/sale');
    expect(markup).toContain(STOP_PROMOTIONS_DATA);
    expect(fake.state.calls({ method: 'sendMessage', token: s.shop.token })).toHaveLength(0);
    expect(await progressOf(campaign.id)).toMatchObject({ total: 2, delivered: 2 });
  });

  it('takes a 4096-character text without a photo but refuses it as a photo caption (1024)', async () => {
    await shopPacedAt(1000);
    await customersOfBot(1);
    const text = 'a'.repeat(1025);
    await createCampaign({ text });
    const res = await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/campaigns/test`,
      headers: s.owner.auth,
      payload: { botId: s.shop.id, text, photoUrl: 'https://shop.example.test/media/x-m.jpg', buttons: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error.details)).toContain(
      'The message is longer than Telegram allows (1024 characters)',
    );
    expect(fake.state.calls({ method: 'sendPhoto', token: s.shop.token })).toHaveLength(0);
  });

  it('stops sending when the campaign is cancelled mid-way', async () => {
    await shopPacedAt(10);
    await customersOfBot(40);
    const campaign = await createCampaign();
    const run = runToEnd(campaign.id);
    await new Promise((r) => setTimeout(r, 1000));
    const res = await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/campaigns/${campaign.id}/cancel`,
      headers: s.owner.auth,
    });
    expect(res.json().status).toBe('cancelled');
    await run;
    const sent = fake.state.calls({ method: 'sendMessage', token: s.shop.token }).length;
    expect(sent).toBeLessThan(40);
    await new Promise((r) => setTimeout(r, 500));
    expect(fake.state.calls({ method: 'sendMessage', token: s.shop.token })).toHaveLength(sent);
  });
});

describe("a campaign's product and category buttons", () => {
  async function catalogue() {
    const category = await createCategory(s.t.app, s.owner, 'Bakery', []);
    const other = await createBot(s.t.app, s.owner, {
      botToken: fakeBot(fake).token,
      botName: 'Other shop',
      plan: 'PRO',
    });
    const sold = await createProduct(
      s.t.app,
      s.owner,
      productBody('physical', category.id, { name: 'Sourdough', botIds: [s.shop.id] }),
    );
    const elsewhere = await createProduct(
      s.t.app,
      s.owner,
      productBody('physical', category.id, { name: 'Rye', botIds: [other.id] }),
    );
    return { category, sold, elsewhere };
  }

  const post = (payload: Record<string, unknown>, url = `${s.owner.base}/campaigns`) =>
    s.t.app.inject({ method: 'POST', url, headers: s.owner.auth, payload: body(payload) });

  it('opens a product the bot sells and a category of the shop, in the shop bot', async () => {
    await shopPacedAt(1000);
    await customersOfBot(1);
    const { category, sold } = await catalogue();
    const res = await post({
      buttons: [
        { kind: 'product', text: 'Sourdough', productId: sold.id },
        { kind: 'category', text: 'Bakery', categoryId: category.id },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    await runToEnd((res.json() as Campaign).id);
    const [call] = fake.state.calls({ method: 'sendMessage', token: s.shop.token });
    const markup = JSON.stringify(call?.params.reply_markup);
    expect(markup).toContain(`product:${sold.id}`);
    expect(markup).toContain(`cat:${category.id}`);
  });

  it('answers 400 for a product the bot does not sell, and sends nothing', async () => {
    await shopPacedAt(1000);
    await customersOfBot(1);
    const { elsewhere } = await catalogue();
    for (const url of [`${s.owner.base}/campaigns`, `${s.owner.base}/campaigns/test`]) {
      const res = await post({ buttons: [{ kind: 'product', text: 'Rye', productId: elsewhere.id }] }, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'CAMPAIGN_PRODUCT_NOT_IN_BOT',
        message: 'A button opens a product this bot does not sell.',
        details: { index: 0 },
      });
    }
    expect(fake.state.calls({ method: 'sendMessage', token: s.shop.token })).toHaveLength(0);
    const list = await s.t.app.inject({
      method: 'GET',
      url: `${s.owner.base}/campaigns`,
      headers: s.owner.auth,
    });
    expect(list.json().campaigns).toHaveLength(0);
  });

  it("answers 400 for another vendor's product or category", async () => {
    await shopPacedAt(1000);
    await customersOfBot(1);
    const other = await vendor(s.t.app);
    const theirs = await createCategory(s.t.app, other, 'Theirs', []);
    const theirProduct = await createProduct(s.t.app, other, productBody('physical', theirs.id));
    const product = await post({ buttons: [{ kind: 'product', text: 'Go', productId: theirProduct.id }] });
    expect(product.json().error?.code).toBe('CAMPAIGN_PRODUCT_NOT_IN_BOT');
    const category = await post({
      buttons: [
        { kind: 'shop', text: 'Shop' },
        { kind: 'category', text: 'Go', categoryId: theirs.id },
      ],
    });
    expect(category.statusCode).toBe(400);
    expect(category.json().error).toMatchObject({
      code: 'CAMPAIGN_CATEGORY_NOT_FOUND',
      message: 'A button opens a category that is not in this shop.',
      details: { index: 1 },
    });
  });

  it("lists the bot's products and the shop's categories for the pickers", async () => {
    await shopPacedAt(1000);
    const { category, sold } = await catalogue();
    const res = await s.t.app.inject({
      method: 'GET',
      url: `${s.owner.base}/campaigns/targets?botId=${s.shop.id}`,
      headers: s.owner.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      products: [{ id: sold.id, name: 'Sourdough' }],
      categories: [{ id: category.id, name: 'Bakery', icon: category.icon }],
    });
    const searched = await s.t.app.inject({
      method: 'GET',
      url: `${s.owner.base}/campaigns/targets?botId=${s.shop.id}&search=rye`,
      headers: s.owner.auth,
    });
    expect(searched.json().products).toEqual([]);
  });
});

describe("a campaign's events", () => {
  const campaignEvents = async () =>
    (await eventsOf(s.t.database, s.owner.vendorId, s.shop.id)).filter((e) => e.type.startsWith('campaign.'));
  const eventOf = async (type: string) => (await campaignEvents()).find((e) => e.type === type);

  it('records created, started and completed, with the audience and the outcome, and the feeds show them', async () => {
    await shopPacedAt(1000);
    await customersOfBot(2);
    const campaign = await createCampaign({ name: 'Summer sale' });
    await runToEnd(campaign.id);
    expect((await campaignEvents()).map((e) => e.type).sort()).toEqual([
      'campaign.completed',
      'campaign.created',
      'campaign.started',
    ]);
    expect(await eventOf('campaign.created')).toMatchObject({
      actorKind: 'owner',
      subjectKind: 'campaign',
      subjectId: campaign.id,
      payload: { campaignName: 'Summer sale', botUsername: s.shop.username, segment: 'all' },
    });
    expect(await eventOf('campaign.started')).toMatchObject({
      actorKind: 'system',
      payload: { recipients: 2 },
    });
    expect((await eventOf('campaign.completed'))?.payload).toMatchObject({
      total: 2,
      delivered: 2,
      failed: 0,
      blocked: 0,
    });

    await dispatchPendingEvents(s.t.database.db, [activityConsumer]);
    const feed = await s.t.app.inject({
      method: 'GET',
      url: `${s.owner.base}/dashboard/activity?limit=50`,
      headers: s.owner.auth,
    });
    expect(feed.statusCode, feed.body).toBe(200);
    const items = (feed.json() as { event: string }[]).filter((i) => i.event.startsWith('campaign.'));
    expect(items.map((i) => i.event).sort()).toEqual([
      'campaign.completed',
      'campaign.created',
      'campaign.started',
    ]);
  });

  it('names a campaign without a name by the start of its text, without its formatting', async () => {
    await shopPacedAt(1000);
    await customersOfBot(1);
    await createCampaign({
      text: '<b>Summer sale</b>: 20% off everything &amp; free shipping this weekend only',
    });
    expect((await eventOf('campaign.created'))?.payload.campaignName).toBe(
      'Summer sale: 20% off everything & free…',
    );
  });

  it('records a scheduled campaign as scheduled, with its time', async () => {
    await shopPacedAt(1000);
    await customersOfBot(1);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    await createCampaign({ scheduledAt: at });
    expect((await campaignEvents()).map((e) => e.type)).toEqual(['campaign.scheduled']);
    expect((await eventOf('campaign.scheduled'))?.payload).toMatchObject({ scheduledAt: at });
  });

  it('records who cancelled it and how far it went', async () => {
    await shopPacedAt(1000);
    await customersOfBot(2);
    const campaign = await createCampaign({ scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    const res = await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/campaigns/${campaign.id}/cancel`,
      headers: s.owner.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventOf('campaign.cancelled')).toMatchObject({
      actorKind: 'owner',
      payload: { sent: 0, total: 0 },
    });
  });
});

describe('the abandoned-cart reminder', () => {
  const HOUR = 3_600_000;

  async function leaveCart(telegramUserId: number, hoursAgo: number) {
    await s.t.database.db.insert(shopSessions).values({
      vendorId: s.owner.vendorId,
      botId: s.shop.id,
      telegramUserId,
      cart: [{ productId: '00000000-0000-4000-8000-000000000001', quantity: 1 }],
      cartChangedAt: new Date(Date.now() - hoursAgo * HOUR),
    });
  }

  async function setReminder(enabled: boolean, hours = 6) {
    const res = await s.t.app.inject({
      method: 'PUT',
      url: `${s.owner.base}/bots/${s.shop.id}/abandoned-cart`,
      headers: s.owner.auth,
      payload: { enabled, hours },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  const reminders = () =>
    fake.state
      .calls({ method: 'sendMessage', token: s.shop.token })
      .filter((c) => JSON.stringify(c.params.reply_markup ?? '').includes('"cart"'));

  it('sends one reminder with a button back to the cart, never a second for the same cart', async () => {
    await shopPacedAt(100);
    await setReminder(true, 6);
    await leaveCart(ANN.id, 7);
    await s.t.app.remindAbandonedCarts();
    await s.t.app.remindAbandonedCarts();
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]?.params.chat_id).toBe(ANN.id);
  });

  it('sends nothing while the vendor has the reminder off', async () => {
    await shopPacedAt(100);
    await setReminder(false, 6);
    await leaveCart(ANN.id, 7);
    await s.t.app.remindAbandonedCarts();
    expect(reminders()).toHaveLength(0);
  });

  it('waits the hours the vendor set', async () => {
    await shopPacedAt(100);
    await setReminder(true, 12);
    await leaveCart(ANN.id, 7);
    await s.t.app.remindAbandonedCarts();
    expect(reminders()).toHaveLength(0);
  });

  it('reads the reminder off until the vendor turns it on, 6 hours by default', async () => {
    await shopPacedAt(100);
    const res = await s.t.app.inject({
      method: 'GET',
      url: `${s.owner.base}/bots/${s.shop.id}/abandoned-cart`,
      headers: s.owner.auth,
    });
    expect(res.json()).toEqual({ enabled: false, hours: 6 });
    const [row] = await s.t.database.db
      .select()
      .from(shopSessions)
      .where(and(eq(shopSessions.botId, s.shop.id)));
    expect(row).toBeUndefined();
  });
});
