import type {
  SupportConversation,
  SupportConversationDetail,
  SupportListResponse,
  SupportMessage,
  SupportStaffFiguresResponse,
} from '@app/contracts/support';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addBuyer,
  createCategory,
  createProduct,
  placeShopOrder,
  productBody,
  signInStaff,
  vendor,
} from '../../../test/factories';
import { telegramUser } from '../../../test/harness';
import {
  ANN,
  answersOf,
  BEN,
  buttonsOf,
  customerSays,
  customerTaps,
  customerTapsButton,
  type OpenShop,
  openShop,
  sendUpdate,
  sentTo,
} from '../../../test/shop';
import { configureProvider, paid } from '../../../test/shop-payments';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';

let fake: FakeBotApi;
let s: OpenShop;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
beforeEach(async () => {
  s = await openShop(fake);
});
afterEach(() => s.t.app.close());

type Caller = { auth: { authorization: string }; base: string };

function api(method: 'GET' | 'POST' | 'DELETE', path: string, payload?: unknown, as: Caller = s.owner) {
  return s.t.app.inject({
    method,
    url: `${as.base}/support${path}`,
    headers: as.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function inbox(query = '', as: Caller = s.owner) {
  const res = await api('GET', `/conversations${query}`, undefined, as);
  expect(res.statusCode).toBe(200);
  return res.json<SupportListResponse>();
}

async function onlyConversation(): Promise<SupportConversation> {
  const { conversations } = await inbox();
  expect(conversations).toHaveLength(1);
  const [c] = conversations;
  if (!c) throw new Error('no conversation');
  return c;
}

async function replyTo(id: string, text: string, as: Caller = s.owner) {
  return api('POST', `/conversations/${id}/messages`, { text }, as);
}

const texts = (chatId: number) => sentTo(s, chatId).map((p) => p.text as string);

function sendPhoto(from = ANN, caption?: string) {
  return sendUpdate(s.t, s.fake, s.shop, {
    message: {
      message_id: 2,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: 'private', first_name: from.first_name },
      from: { ...from, is_bot: false },
      photo: [{ file_id: 'photo-small', file_unique_id: 'u1', width: 90, height: 90, file_size: 1000 }],
      ...(caption ? { caption } : {}),
    },
  });
}

function sendDocument(fileSize: number, from = ANN) {
  return sendUpdate(s.t, s.fake, s.shop, {
    message: {
      message_id: 3,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: 'private', first_name: from.first_name },
      from: { ...from, is_bot: false },
      document: { file_id: 'doc-1', file_unique_id: 'u2', file_name: 'receipt.pdf', file_size: fileSize },
    },
  });
}

describe('a customer and the team in the shop bot’s chat', () => {
  it('relays what the customer writes to the inbox and the staff reply to the customer’s chat', async () => {
    await customerSays(s, '/support Where is my parcel?');
    expect(texts(ANN.id).at(-1)).toContain('You are now talking to the Corner Shop team');
    const c = await onlyConversation();
    expect(c).toMatchObject({ customerName: 'Ann', status: 'open', waiting: true, unread: 1 });

    const replied = await replyTo(c.id, 'It left the warehouse this morning.');
    expect(replied.statusCode).toBe(201);
    expect(replied.json<SupportMessage>()).toMatchObject({ direction: 'out', delivery: 'sent', error: null });
    expect(texts(ANN.id).at(-1)).toBe('It left the warehouse this morning.');

    const thread = (await api('GET', `/conversations/${c.id}/messages`)).json<{
      messages: SupportMessage[];
    }>();
    expect(thread.messages.map((m) => [m.direction, m.text])).toEqual([
      ['in', 'Where is my parcel?'],
      ['out', 'It left the warehouse this morning.'],
    ]);
  });

  it('adds the customer’s plain text to their open conversation instead of searching the catalogue', async () => {
    await customerSays(s, '/support');
    const before = texts(ANN.id).length;
    await customerSays(s, 'Do you ship to Lyon?');
    expect(texts(ANN.id)).toHaveLength(before);
    const c = await onlyConversation();
    expect(c.lastMessageText).toBe('Do you ship to Lyon?');
    expect(c.unread).toBe(1);
  });

  it('still searches the catalogue when the customer has no open conversation', async () => {
    await customerSays(s, 'teapot');
    expect(texts(ANN.id).at(-1)).toContain('teapot');
    expect((await inbox()).conversations).toHaveLength(0);
  });

  it('answers /paysupport with the payment-support line and opens a conversation', async () => {
    await customerSays(s, '/paysupport');
    expect(texts(ANN.id).at(-1)).toContain('Need help with a payment?');
    expect((await inbox()).conversations).toHaveLength(1);
  });

  it('opens a conversation from the welcome’s Contact support button', async () => {
    await customerTaps(s, 'support');
    expect(texts(ANN.id)[0]).toContain('You are now talking to the Corner Shop team');
    expect(await onlyConversation()).toMatchObject({ status: 'open', unread: 0 });
  });

  it('keeps a customer’s photo in the conversation, with its caption', async () => {
    await sendPhoto(ANN, 'The box arrived broken');
    const c = await onlyConversation();
    const thread = (await api('GET', `/conversations/${c.id}/messages`)).json<{
      messages: SupportMessage[];
    }>();
    expect(thread.messages[0]).toMatchObject({ text: 'The box arrived broken', media: { kind: 'photo' } });
  });

  it('refuses a customer’s file over 20 MB with a clear reply and keeps nothing', async () => {
    await sendDocument(25 * 1024 * 1024);
    expect(texts(ANN.id).at(-1)).toContain('This file is too large');
    expect((await inbox()).conversations).toHaveLength(0);
  });

  it('shows a failed delivery on the reply when the customer blocked the bot', async () => {
    await customerSays(s, '/support Hello?');
    const c = await onlyConversation();
    s.fake.state.findBot(s.shop.token)?.blockedBy.add(ANN.id);
    const replied = await replyTo(c.id, 'Hi Ann!');
    expect(replied.statusCode).toBe(201);
    expect(replied.json<SupportMessage>()).toMatchObject({ delivery: 'failed', error: 'blocked' });
  });
});

describe('assign, close, reopen and the rating', () => {
  it('assigns the conversation to the first person who answers, and lists it under "assigned to me"', async () => {
    await customerSays(s, '/support Hi');
    const c = await onlyConversation();
    await replyTo(c.id, 'Hello!');
    const mine = await inbox('?tab=mine');
    expect(mine.conversations.map((x) => x.id)).toEqual([c.id]);
    expect(mine.counts).toMatchObject({ open: 1, mine: 1, waiting: 0 });
  });

  it('refuses to assign to someone who does not handle the bot’s support', async () => {
    await customerSays(s, '/support Hi');
    const c = await onlyConversation();
    const res = await api('POST', `/conversations/${c.id}/assign`, { assignee: 424242 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('SUPPORT_ASSIGNEE_INVALID');
  });

  it('asks the customer for a 1–5 rating on close and keeps it once', async () => {
    await customerSays(s, '/support Hi');
    const c = await onlyConversation();
    const closed = await api('POST', `/conversations/${c.id}/close`);
    expect(closed.json<SupportConversation>().status).toBe('closed');
    const prompt = sentTo(s, ANN.id).at(-1);
    expect(prompt?.text).toContain('How did we do?');
    expect(buttonsOf(prompt).map((b) => b.data)).toEqual([1, 2, 3, 4, 5].map((n) => `rate:${c.id}:${n}`));

    await customerTaps(s, `rate:${c.id}:4`);
    await customerTaps(s, `rate:${c.id}:1`);
    expect(answersOf(s)).toEqual([
      'Thank you for your rating!',
      'This conversation cannot be rated (again).',
    ]);
    const detail = (await api('GET', `/conversations/${c.id}`)).json<SupportConversationDetail>();
    expect(detail.rating).toBe(4);
  });

  it('refuses a rating for someone else’s conversation', async () => {
    await customerSays(s, '/support Hi');
    const c = await onlyConversation();
    await api('POST', `/conversations/${c.id}/close`);
    await customerTaps(s, `rate:${c.id}:5`, BEN);
    expect(answersOf(s)).toEqual(['This conversation cannot be rated (again).']);
    expect((await api('GET', `/conversations/${c.id}`)).json<SupportConversationDetail>().rating).toBeNull();
  });

  it('opens a new conversation when a customer writes again after a close, and reopens the old one only if none is open', async () => {
    await customerSays(s, '/support First');
    const first = await onlyConversation();
    await api('POST', `/conversations/${first.id}/close`);
    await customerSays(s, '/support Second');
    expect((await inbox()).conversations).toHaveLength(1);
    const reopened = await api('POST', `/conversations/${first.id}/reopen`);
    expect(reopened.statusCode).toBe(409);
  });

  it('lists closed conversations under the closed tab and finds them by customer name', async () => {
    await customerSays(s, '/support Hi');
    const c = await onlyConversation();
    await api('POST', `/conversations/${c.id}/close`);
    expect((await inbox('?tab=closed&search=ann')).conversations.map((x) => x.id)).toEqual([c.id]);
    expect((await inbox('?tab=closed&search=zed')).conversations).toHaveLength(0);
  });
});

describe('bad input', () => {
  it.each([
    ['an empty reply', '   ', 'Write a reply first.'],
    [
      'a reply over Telegram’s limit',
      'x'.repeat(4097),
      "A reply holds up to 4096 characters (Telegram's limit).",
    ],
  ])('answers 400 to %s and sends nothing', async (_case, text, message) => {
    await customerSays(s, '/support Hi');
    const c = await onlyConversation();
    const before = sentTo(s, ANN.id).length;
    const res = await replyTo(c.id, text);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(sentTo(s, ANN.id)).toHaveLength(before);
  });

  it('answers 409 to a reply in a closed conversation and sends nothing', async () => {
    await customerSays(s, '/support Hi');
    const c = await onlyConversation();
    await api('POST', `/conversations/${c.id}/close`);
    const before = sentTo(s, ANN.id).length;
    expect((await replyTo(c.id, 'Still there?')).statusCode).toBe(409);
    expect(sentTo(s, ANN.id)).toHaveLength(before);
  });
});

describe('scoping', () => {
  it('answers 404 for another vendor’s conversation', async () => {
    await customerSays(s, '/support Hi');
    const c = await onlyConversation();
    const other = await vendor(s.t.app);
    for (const [method, path, body] of [
      ['GET', `/conversations/${c.id}`],
      ['GET', `/conversations/${c.id}/messages`],
      ['POST', `/conversations/${c.id}/messages`, { text: 'hi' }],
      ['POST', `/conversations/${c.id}/assign`, { assignee: null }],
      ['POST', `/conversations/${c.id}/close`],
      ['POST', `/conversations/${c.id}/reopen`],
    ] as const) {
      const res = await api(method, path, body, other);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await inbox('', other)).conversations).toHaveLength(0);
  });

  it('refuses the inbox to a staff member without the support permission', async () => {
    const person = telegramUser({ id: 777_001, first_name: 'Sam' });
    const seat = await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/staff`,
      headers: s.owner.auth,
      payload: { telegramId: person.id, name: 'Sam', role: 'analyst', permissions: ['analytics'] },
    });
    expect(seat.statusCode).toBe(201);
    const sam = await signInStaff(s.t, s.owner, person);
    expect((await api('GET', '/conversations', undefined, sam)).statusCode).toBe(403);
  });
});

describe('canned replies and Support Staff figures', () => {
  it('keeps canned replies per bot', async () => {
    const added = await api('POST', '/canned-replies', {
      botId: s.shop.id,
      title: 'Hours',
      text: 'We open at 9.',
    });
    expect(added.statusCode).toBe(201);
    const list = (await api('GET', `/canned-replies?botId=${s.shop.id}`)).json<{
      replies: { title: string }[];
    }>();
    expect(list.replies.map((r) => r.title)).toEqual(['Hours']);
    expect((await api('DELETE', `/canned-replies/${added.json().id}`)).statusCode).toBe(204);
  });

  it('counts tickets handled, first response, rating and open assigned per person', async () => {
    await customerSays(s, '/support Hi');
    const c = await onlyConversation();
    await replyTo(c.id, 'Hello!');
    let figures = (await api('GET', '/staff-figures')).json<SupportStaffFiguresResponse>();
    expect(figures.staff[0]).toMatchObject({ telegramId: s.ownerUser.id, openAssigned: 1, handled: 0 });
    expect(figures.staff[0]?.avgFirstResponseMs).toBeGreaterThanOrEqual(0);
    expect(figures.ticketsToday).toBe(1);

    await api('POST', `/conversations/${c.id}/close`);
    await customerTaps(s, `rate:${c.id}:5`);
    figures = (await api('GET', '/staff-figures')).json<SupportStaffFiguresResponse>();
    expect(figures.staff[0]).toMatchObject({ handled: 1, rating: 5, ratings: 1, openAssigned: 0 });
  });
});

describe('"Contact support" on an order’s message', () => {
  /** A customer's paid order of a mug (card payment): the payment's message is the order's message. */
  async function aPaidOrder() {
    const buyer = await addBuyer(s.t, s.owner.vendorId, 'Cleo');
    await configureProvider(s.t, s.owner, s.shop.id, 'card', {
      providerToken: '284685063:TEST:card',
      currencies: ['USD'],
    });
    const category = await createCategory(s.t.app, s.owner, 'Mugs', []);
    const mug = await createProduct(
      s.t.app,
      s.owner,
      productBody('physical', category.id, { price: 1500, stock: 4 }),
    );
    const placed = await placeShopOrder(s.t, {
      vendorId: s.owner.vendorId,
      botId: s.shop.id,
      customerId: buyer.customerId,
      lines: [{ productId: mug.id, name: mug.name, productType: mug.productType, unitPriceMinor: mug.price }],
    });
    await paid(s.t, s.fake, s.shop, buyer, {
      currency: 'USD',
      total_amount: 1500,
      invoice_payload: `order:${placed.id}:card`,
      telegram_payment_charge_id: 'card_support_1',
    });
    return { buyer, shopper: { id: buyer.id, first_name: 'Cleo' }, order: placed };
  }

  it('opens a conversation tied to the order from the button on its payment message', async () => {
    const { buyer, shopper, order } = await aPaidOrder();
    const message = sentTo(s, buyer.id).at(-1);
    expect(message?.text).toContain(`Payment received for order #${order.number}`);
    expect(buttonsOf(message)).toContainEqual({ text: 'Contact support', data: `support:${order.id}` });

    await customerTapsButton(s, `support:${order.id}`, shopper);
    expect(texts(buyer.id).at(-1)).toBe(
      `You are now talking to the Corner Shop team about order #${order.number}. Write your question here and we will answer in this chat.`,
    );
    expect(await onlyConversation()).toMatchObject({
      customerName: 'Cleo',
      orderId: order.id,
      status: 'open',
    });

    await customerSays(s, 'The handle is chipped', shopper);
    const found = await inbox(`?search=${order.id}`);
    expect(found.conversations.map((c) => c.lastMessageText)).toEqual(['The handle is chipped']);
  });

  it('ties no order to the conversation when the button names another customer’s order', async () => {
    const { order } = await aPaidOrder();
    await customerTaps(s, `support:${order.id}`, ANN);
    expect(texts(ANN.id).at(-1)).toContain('You are now talking to the Corner Shop team.');
    expect(await onlyConversation()).toMatchObject({ customerName: 'Ann', orderId: null });
  });
});
