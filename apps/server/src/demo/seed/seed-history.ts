import { DAY_MS } from '@app/contracts/common';
import { PLANS, TRIAL_DAYS } from '@app/contracts/plans';
import type { Tx } from '../../db/client';
import { activityConsumer } from '../../modules/activity/activity.consumer';
import { dispatchInTransaction } from '../../modules/events/events.dispatcher';
import { type DomainEvent, recordEvent, SYSTEM_ACTOR } from '../../modules/events/record-event';
import { planFeesConsumer } from '../../modules/payments/plan-fees.consumer';
import { DEMO_USER } from '../demo-user';
import { insertOrderEvents } from './derive-totals';
import type { SeededProduct } from './seed-catalogue';
import { HOUR_MS } from './seed-time';
import type { BotTimeline, SeededBots } from './seed-vendor';

// The recent history as domain events (orders, payments, customers, stock alerts, the bots' lifecycle), and
// the activity feed and plan fees projected from them.

/**
 * Records the history's events, then projects the feed and the plan fees of the paid orders through their
 * consumers, the same code that projects live events (not the others: no notifications or webhooks for
 * made-up history).
 */
export async function insertHistory(
  tx: Tx,
  vendorId: string,
  seed: number,
  now: Date,
  products: SeededProduct[],
  seededBots: SeededBots,
): Promise<void> {
  await insertOrderEvents(tx, vendorId, seed, Math.floor(now.getTime() / 1000));
  await insertBotAndStockEvents(tx, vendorId, now, products, seededBots);
  await dispatchInTransaction(tx, [activityConsumer, planFeesConsumer]);
}

/** Stock alerts and the bots' lifecycle events, dated when they happened. */
async function insertBotAndStockEvents(
  tx: Tx,
  vendorId: string,
  now: Date,
  products: SeededProduct[],
  seededBots: SeededBots,
): Promise<void> {
  const { timelines, ids: botIds } = seededBots;
  // The bots with a history to tell: the demo bots, which come first (positions as in timelines and ids).
  const withHistory = seededBots.bots.filter((b) => !b.generated);
  const nowMs = now.getTime();
  const hoursAgo = (h: number) => new Date(nowMs - h * HOUR_MS);
  const owner = { kind: 'owner' as const, id: String(DEMO_USER.id), name: DEMO_USER.first_name };
  const physical = products.filter((p) => p.active && p.type === 'physical');
  const low = physical.filter((p) => p.stock > 0 && p.stock <= 5).slice(0, 2);
  const out = physical.filter((p) => p.stock === 0).slice(0, 2);
  const product = (p: SeededProduct) => ({ kind: 'product' as const, id: p.id });
  const events: DomainEvent[] = [
    ...low.map((p, i) => ({
      vendorId,
      type: 'product.lowstock' as const,
      actor: SYSTEM_ACTOR,
      subject: product(p),
      payload: { productName: p.name, sku: p.sku, stock: p.stock },
      at: hoursAgo(5 + i * 15),
    })),
    ...out.map((p, i) => ({
      vendorId,
      type: 'product.outofstock' as const,
      actor: SYSTEM_ACTOR,
      subject: product(p),
      payload: { productName: p.name, sku: p.sku, stock: 0 },
      at: hoursAgo(30 + i * 16),
    })),
  ];
  withHistory.forEach((bot, i) => {
    const t = timelines[i] as BotTimeline;
    const botId = botIds[i] as string;
    const subject = { kind: 'bot' as const, id: botId };
    const base = { vendorId, botId, subject };
    const current = t.subscriptions.at(-1);
    if (bot.state === 'trial' && current) {
      events.push(
        {
          ...base,
          type: 'bot.created',
          actor: owner,
          payload: { botUsername: bot.username, plan: bot.plan, trialDays: TRIAL_DAYS },
          at: new Date(t.createdAt.getTime() + 10 * 60_000),
        },
        {
          ...base,
          type: 'subscription.trial_ending',
          actor: SYSTEM_ACTOR,
          payload: {
            botUsername: bot.username,
            plan: bot.plan,
            daysLeft: Math.ceil((current.endsAt.getTime() - nowMs) / DAY_MS),
            endsAt: current.endsAt.toISOString(),
          },
          at: hoursAgo(2),
        },
      );
    }
    if (bot.state === 'active' && bot.plan === 'PRO' && current) {
      events.push({
        ...base,
        type: 'subscription.renewed',
        actor: SYSTEM_ACTOR,
        payload: {
          botUsername: bot.username,
          plan: bot.plan,
          amountMinor: PLANS[bot.plan].priceMonthly,
          currency: 'USD',
        },
        at: current.startsAt,
      });
    }
    if (bot.state === 'expired') {
      events.push({
        ...base,
        type: 'subscription.expired',
        actor: SYSTEM_ACTOR,
        payload: { botUsername: bot.username, plan: bot.plan },
        at: t.runsUntil,
      });
    }
    if (bot.state === 'inactive') {
      events.push({
        ...base,
        type: 'bot.stopped',
        actor: owner,
        payload: { botUsername: bot.username },
        at: t.runsUntil,
      });
    }
  });
  for (const event of events) await recordEvent(tx, event);
}
