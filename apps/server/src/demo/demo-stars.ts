import { and, asc, eq, like } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bots, shopPayments } from '../db/schema/index';
import type { FakeBotApiState, StarTransactionRecord } from '../fakes/bot-api/state';
import { sha256Hex } from '../lib/secrets';
import { DEMO_BOTS } from './seed/demo-bots';
import { DEMO_STAR_CHARGE_PREFIX } from './seed/seed-stars';

// The Telegram side of the demo shops' Stars sales: the fake Bot API starts empty at every start, so each demo
// bot's Star transactions (getStarTransactions, getMyStarBalance) are rebuilt from the Stars payments the seed
// recorded (seed/seed-stars.ts), in the same order every time (the Stars sync keeps them by their place in the
// list): each payment, the refund of a refunded one, and one payment whose invoice names an order we do not have,
// which the Stars screen flags. The hourly `billing.stars-sync` job (or the screen's sync) then reconciles them.

/** What the unmatched payment costs the buyer, in Stars. */
const UNMATCHED_STARS = 250;
const HOUR_S = 3600;

type Payment = {
  botId: string;
  orderId: string;
  chargeId: string;
  amount: number;
  payer: number | null;
  paidAt: Date;
  refundedAt: Date | null;
};

/** A made-up order id, fixed per bot: no order of ours has it. */
const missingOrderId = (botId: string) =>
  `${sha256Hex(`demo-missing-order:${botId}`).slice(0, 8)}-0000-4000-8000-000000000000`;

/** Each demo bot's Star transactions, oldest first, as Telegram would list them. */
export function demoStarTransactions(tokenOf: (botId: string) => string | undefined, payments: Payment[]) {
  const byBot = new Map<string, Payment[]>();
  for (const p of payments) byBot.set(p.botId, [...(byBot.get(p.botId) ?? []), p]);
  const transactions: StarTransactionRecord[] = [];
  for (const [botId, paid] of byBot) {
    const token = tokenOf(botId);
    if (!token) continue;
    const buyer = (id: number | null) => ({ id: id ?? 1, is_bot: false, first_name: 'Customer' });
    const list: StarTransactionRecord[] = [];
    for (const p of paid) {
      const date = Math.floor(p.paidAt.getTime() / 1000);
      list.push({
        token,
        id: p.chargeId,
        amount: p.amount,
        date,
        source: {
          type: 'user',
          transaction_type: 'invoice_payment',
          user: buyer(p.payer),
          invoice_payload: `order:${p.orderId}:stars`,
        },
      });
      if (p.refundedAt) {
        list.push({
          token,
          id: p.chargeId,
          amount: p.amount,
          date: Math.max(date + 1, Math.floor(p.refundedAt.getTime() / 1000)),
          receiver: { type: 'user', transaction_type: 'invoice_payment', user: buyer(p.payer) },
        });
      }
    }
    const newest = Math.max(...list.map((t) => t.date));
    list.push({
      token,
      id: `${DEMO_STAR_CHARGE_PREFIX}unmatched_${sha256Hex(botId).slice(0, 16)}`,
      amount: UNMATCHED_STARS,
      date: newest + HOUR_S,
      source: {
        type: 'user',
        transaction_type: 'invoice_payment',
        user: buyer(null),
        invoice_payload: `order:${missingOrderId(botId)}:stars`,
      },
    });
    // Chronological, as getStarTransactions pages them; ties in a fixed order.
    list.sort((a, b) => a.date - b.date || a.id.localeCompare(b.id) || (a.source ? -1 : 1));
    transactions.push(...list);
  }
  return transactions;
}

/** Puts the demo bots' Star transactions into the fake Bot API (at every start of demo mode). */
export async function loadDemoStarTransactions(
  db: Db,
  fake: FakeBotApiState,
  vendorId: string,
): Promise<number> {
  const tokenByHash = new Map(DEMO_BOTS.map((bot) => [sha256Hex(bot.token), bot.token]));
  const botRows = await db
    .select({ id: bots.id, tokenHash: bots.tokenHash })
    .from(bots)
    .where(eq(bots.vendorId, vendorId));
  const tokens = new Map(botRows.map((b) => [b.id, tokenByHash.get(b.tokenHash)]));
  const rows = await db
    .select({
      botId: shopPayments.botId,
      orderId: shopPayments.orderId,
      chargeId: shopPayments.telegramChargeId,
      amount: shopPayments.amount,
      payer: shopPayments.payerTelegramId,
      paidAt: shopPayments.paidAt,
      refundedAt: shopPayments.refundedAt,
    })
    .from(shopPayments)
    .where(
      and(
        eq(shopPayments.vendorId, vendorId),
        eq(shopPayments.currency, 'XTR'),
        like(shopPayments.telegramChargeId, `${DEMO_STAR_CHARGE_PREFIX}%`),
      ),
    )
    .orderBy(asc(shopPayments.paidAt), asc(shopPayments.id));
  const payments = rows.flatMap((r) =>
    r.chargeId && r.paidAt
      ? [{ ...r, chargeId: r.chargeId, paidAt: r.paidAt, amount: Number(r.amount) }]
      : [],
  );
  const transactions = demoStarTransactions((botId) => tokens.get(botId), payments);
  // Telegram's own list for these bots: the seeded ones first (a restart finds them as the sync kept them).
  const seeded = new Set(transactions.map((t) => t.token));
  const others = fake.starTransactions.filter((t) => !seeded.has(t.token));
  fake.starTransactions.length = 0;
  fake.starTransactions.push(...transactions, ...others);
  return transactions.length;
}
