import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getTestDatabase, resetDatabase } from '../../../test/harness';
import type { Database } from '../../db/client';
import { activityLog, events, vendors } from '../../db/schema/index';
import { activityConsumer } from '../activity/activity.consumer';
import { createActivityService } from '../activity/activity.service';
import { dispatchPendingEvents, type EventConsumer, MAX_DISPATCH_ATTEMPTS } from './events.dispatcher';
import { type DomainEvent, recordEvent } from './record-event';

let database: Database;
let vendorId: string;

beforeEach(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  const [vendor] = await database.db.insert(vendors).values({ storeName: 'Events Test' }).returning();
  vendorId = vendor?.id ?? '';
});

const botId = '00000000-0000-4000-8000-000000000001';

function botStarted(at?: Date): DomainEvent {
  return {
    vendorId,
    botId,
    type: 'bot.started',
    actor: { kind: 'owner', id: '42', name: 'Alex' },
    subject: { kind: 'bot', id: botId },
    payload: { botUsername: 'shop_bot' },
    ...(at ? { at } : {}),
  };
}

const record = (event: DomainEvent) => database.db.transaction((tx) => recordEvent(tx, event));

describe('recordEvent', () => {
  it('writes the event in the caller transaction, so a rolled-back change leaves no event', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await recordEvent(tx, botStarted());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await database.db.select().from(events)).toHaveLength(0);
  });

  it('keeps who did what, to which object, in which bot, and when', async () => {
    const at = new Date('2026-03-01T10:00:00Z');
    const id = await record(botStarted(at));
    const [row] = await database.db.select().from(events).where(eq(events.id, id));
    expect(row).toMatchObject({
      vendorId,
      botId,
      type: 'bot.started',
      actorKind: 'owner',
      actorId: '42',
      actorName: 'Alex',
      subjectKind: 'bot',
      subjectId: botId,
      payload: { botUsername: 'shop_bot' },
      createdAt: at,
      dispatchedAt: null,
    });
  });
});

describe('dispatchPendingEvents', () => {
  it('projects each event into the activity feed once, however often it runs', async () => {
    await record(botStarted());
    expect(await dispatchPendingEvents(database.db, [activityConsumer])).toBe(1);
    expect(await dispatchPendingEvents(database.db, [activityConsumer])).toBe(0);
    const feed = await createActivityService({ db: database.db }).recent(vendorId, 'all', 10);
    expect(feed).toEqual([
      expect.objectContaining({
        event: 'bot.started',
        category: 'bot',
        botId,
        actor: { kind: 'owner', name: 'Alex' },
        subject: { kind: 'bot', id: botId },
        params: { botUsername: 'shop_bot' },
      }),
    ]);
  });

  it('gives a consumer the same event again without a second feed row (idempotent by event id)', async () => {
    const id = await record(botStarted());
    await dispatchPendingEvents(database.db, [activityConsumer]);
    await database.db.update(events).set({ dispatchedAt: null }).where(eq(events.id, id));
    await dispatchPendingEvents(database.db, [activityConsumer]);
    expect(await database.db.select().from(activityLog)).toHaveLength(1);
  });

  it('rolls back and counts a failing event alone, and dispatches the others', async () => {
    const bad = await record({ ...botStarted(), type: 'bot.stopped' });
    await record(botStarted());
    const picky: EventConsumer = {
      name: 'picky',
      async handle(_tx, event) {
        if (event.type === 'bot.stopped') throw new Error('cannot handle stops');
      },
    };
    expect(await dispatchPendingEvents(database.db, [activityConsumer, picky])).toBe(1);
    const [failed] = await database.db.select().from(events).where(eq(events.id, bad));
    expect(failed).toMatchObject({
      dispatchedAt: null,
      dispatchAttempts: 1,
      dispatchError: 'cannot handle stops',
    });
    const feed = await database.db.select().from(activityLog);
    expect(feed.map((r) => r.event)).toEqual(['bot.started']);
  });

  it('stops retrying an event after the attempt limit', async () => {
    const id = await record(botStarted());
    await database.db
      .update(events)
      .set({ dispatchAttempts: MAX_DISPATCH_ATTEMPTS })
      .where(eq(events.id, id));
    expect(await dispatchPendingEvents(database.db, [activityConsumer])).toBe(0);
  });

  it('leaves chat traffic out of the feed but marks it dispatched', async () => {
    await record({ ...botStarted(), type: 'bot.message' });
    expect(await dispatchPendingEvents(database.db, [activityConsumer])).toBe(1);
    expect(await database.db.select().from(activityLog)).toHaveLength(0);
  });

  it('shares the backlog between concurrent dispatchers without handing an event out twice', async () => {
    for (let i = 0; i < 30; i++) await record(botStarted(new Date(Date.UTC(2026, 0, 1, 0, i))));
    const seen: string[] = [];
    const counting: EventConsumer = { name: 'counting', handle: async (_tx, e) => void seen.push(e.id) };
    const results = await Promise.all([
      dispatchPendingEvents(database.db, [counting]),
      dispatchPendingEvents(database.db, [counting]),
    ]);
    expect(results[0] + results[1]).toBe(30);
    expect(new Set(seen).size).toBe(30);
    expect(seen).toHaveLength(30);
    const [left] = (
      (await database.db.execute(
        sql`select count(*)::int as n from events where dispatched_at is null`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(left?.n).toBe(0);
  });
});

describe('activity feed', () => {
  it('lists newest first and only the bots asked for', async () => {
    const otherBot = '00000000-0000-4000-8000-000000000002';
    await record(botStarted(new Date('2026-01-01T00:00:00Z')));
    await record({ ...botStarted(new Date('2026-01-02T00:00:00Z')), botId: otherBot, type: 'bot.stopped' });
    await dispatchPendingEvents(database.db, [activityConsumer]);
    const activity = createActivityService({ db: database.db });
    expect((await activity.recent(vendorId, 'all', 10)).map((i) => i.event)).toEqual([
      'bot.stopped',
      'bot.started',
    ]);
    expect((await activity.recent(vendorId, [botId], 10)).map((i) => i.event)).toEqual(['bot.started']);
    expect(await activity.recent(vendorId, [], 10)).toEqual([]);
  });
});
