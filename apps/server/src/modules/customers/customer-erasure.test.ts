import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whereNamesAppear } from '../../../test/account';
import {
  addCustomer,
  addProduct,
  createBot,
  fakeBot,
  placeTestOrder,
  type Vendor,
  vendor,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { customers, events, supportConversations, supportMessages } from '../../db/schema/index';
import { EVENT_CONSUMERS } from '../../event-consumers';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { dispatchPendingEvents } from '../events/events.dispatcher';
import { recordEvent } from '../events/record-event';

let fake: FakeBotApi;
let t: TestApp;
let v: Vendor;

beforeAll(async () => {
  fake = await startFakeBotApi();
  t = await createTestApp({ config: { telegramApiRoot: fake.url } });
  v = await vendor(t.app);
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
});

const erase = (customerId: string, who: Vendor = v) =>
  t.app.inject({ method: 'DELETE', url: `${who.base}/customers/${customerId}`, headers: who.auth });

describe('customer erasure', () => {
  it('erases the customer’s names, username and contacts, and records customer.deleted', async () => {
    const customer = await addCustomer(t, v.vendorId, {
      firstName: 'Zelda',
      lastName: 'Quill',
      username: 'zquill',
    });
    await t.database.db
      .update(customers)
      .set({ email: 'zelda@example.com', phone: '+14155550123', notes: 'Lives at 1 Main St' })
      .where(eq(customers.id, customer.id));
    expect((await erase(customer.id)).statusCode).toBe(204);

    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
    const kept = JSON.stringify(row);
    for (const personal of ['Zelda', 'Quill', 'zquill', 'zelda@example.com', '+14155550123', 'Main St']) {
      expect(kept).not.toContain(personal);
    }
    const recorded = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.vendorId, v.vendorId), eq(events.type, 'customer.deleted')));
    expect(recorded.map((e) => e.subjectId)).toEqual([customer.id]);
  });

  it('leaves the customer’s names in no text column: not in events, the activity feed, notifications or support', async () => {
    // Unusual names, so that a scan of every text column finds them only where they really are.
    const names = ['Xerxanda', 'Plimwick', 'xplim_77'];
    const customer = await addCustomer(t, v.vendorId, {
      firstName: 'Xerxanda',
      lastName: 'Plimwick',
      username: 'xplim_77',
    });
    const bot = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Corner', plan: 'FREE' });
    const mug = await addProduct(t, v.vendorId, { name: 'Mug' });
    await placeTestOrder(t, {
      vendorId: v.vendorId,
      bot,
      customerId: customer.id,
      lines: [{ product: mug }],
      paymentStatus: 'paid',
      shipping: { name: 'Xerxanda Plimwick', address: '2 Plimwick Row' },
    });
    // The customer writes to support: the conversation, their message and its event carry their name.
    const [conversation] = await t.database.db
      .insert(supportConversations)
      .values({
        vendorId: v.vendorId,
        botId: bot.id,
        customerId: customer.id,
        chatId: customer.telegramId,
        customerName: 'Xerxanda Plimwick',
        customerUsername: 'xplim_77',
        lastMessageText: 'Hi, Xerxanda here',
      })
      .returning();
    if (!conversation) throw new Error('no conversation');
    await t.database.db.insert(supportMessages).values({
      vendorId: v.vendorId,
      conversationId: conversation.id,
      direction: 'in',
      text: 'Hi, Xerxanda here',
      authorId: customer.telegramId,
      authorName: 'Xerxanda Plimwick',
    });
    await t.database.db.transaction((tx) =>
      recordEvent(tx, {
        vendorId: v.vendorId,
        botId: bot.id,
        type: 'support.message_received',
        actor: { kind: 'customer', id: customer.id, name: 'Xerxanda Plimwick' },
        subject: { kind: 'conversation', id: conversation.id },
        payload: { customerName: 'Xerxanda Plimwick', username: 'xplim_77' },
      }),
    );
    // The feed and the notifications are written from the events.
    await dispatchPendingEvents(t.database.db, EVENT_CONSUMERS);
    const before = await whereNamesAppear(t, names);
    expect(before).toEqual(expect.arrayContaining(['events.payload', 'activity_log.params']));

    expect((await erase(customer.id)).statusCode).toBe(204);
    await dispatchPendingEvents(t.database.db, EVENT_CONSUMERS);
    expect(await whereNamesAppear(t, names)).toEqual([]);
    // The facts stay: the order's event is still there, about the erased customer.
    const kept = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.vendorId, v.vendorId), eq(events.type, 'order.created')));
    expect(kept).toHaveLength(1);
    expect(JSON.stringify(kept[0]?.payload)).toContain('Deleted customer');
  });

  it("answers 404 for another vendor's customer and erases nothing", async () => {
    const other = await vendor(t.app);
    const customer = await addCustomer(t, other.vendorId, { firstName: 'Yara' });
    const res = await erase(customer.id);
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.firstName).toBe('Yara');
  });
});
