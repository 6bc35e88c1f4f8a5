import type { BotStars, StarsMismatchSummary, StarTransaction } from '@app/contracts/billing';
import { type Actor, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import * as repo from './billing.repository';
import { type BillingDeps, nowOf } from './billing-deps';

// Each shop bot's Telegram Stars, reconciled to its orders (issue 22): Stars paid for shop orders land on the
// vendor's own bot, not with us. A sync asks Telegram for the bot's balance (getMyStarBalance) and the
// transactions it has not fetched yet (getStarTransactions, chronological, paged by offset), keeps them, and
// matches each to the bot's order by its charge id (a payment's id is its telegram_payment_charge_id; a refund
// carries its payment's id) or else by the invoice payload: paid, refunded, or unmatched and flagged.

/** Telegram's TransactionPartner, as far as the matching reads it. */
type TelegramPartner = {
  type: string;
  transaction_type?: string;
  user?: { id: number };
  invoice_payload?: string;
};
/** Telegram's StarTransaction. */
type TelegramStarTransaction = {
  id: string;
  amount: number;
  date: number;
  source?: TelegramPartner;
  receiver?: TelegramPartner;
};

/** getStarTransactions' largest page. */
const PAGE = 100;
/** What the screen shows: the newest transactions. */
const SHOWN = 100;

/**
 * The shop's invoice payload names the order: `order:<uuid>:<rail>` (shop-payments-invoices.service.ts writes it;
 * nothing may import modules/shop, so its shape is read here again).
 */
const PAYLOAD_ORDER = /^order:([0-9a-f-]{36}):/;
const orderIdOfPayload = (payload: string | null) => (payload && PAYLOAD_ORDER.exec(payload)?.[1]) ?? null;

function rowOf(
  vendorId: string,
  botId: string,
  seq: number,
  t: TelegramStarTransaction,
): repo.NewStarTransactionRow {
  const partner = t.source ?? t.receiver;
  const fromUser = partner?.type === 'user';
  return {
    vendorId,
    botId,
    seq,
    telegramId: t.id,
    direction: t.source ? 'in' : 'out',
    amount: Math.abs(t.amount),
    date: new Date(t.date * 1000),
    partner: partner?.type ?? 'other',
    userId: partner?.user?.id ?? null,
    payload: partner?.invoice_payload ?? null,
    // Matched below; a withdrawal or an ad payment is not a sale.
    match: fromUser ? 'unmatched' : 'other',
    reason: null,
  };
}

function requireStars(deps: BillingDeps) {
  if (!deps.stars) throw new AppError('BOT_NOT_FOUND');
  return deps.stars;
}

/** Matches each of the bot's kept transactions to its order again (a refund made since changes a payment's state). */
async function rematch(deps: BillingDeps, vendorId: string, botId: string): Promise<void> {
  const stars = requireStars(deps);
  const rows = await repo.listStarTransactions(deps.db, vendorId, botId);
  const sales = rows.filter((r) => r.partner === 'user');
  const orderIds = [...new Set(sales.map((r) => orderIdOfPayload(r.payload)).filter((x) => x !== null))];
  const matches = await stars.orderReads.starOrderMatches(
    vendorId,
    botId,
    [...new Set(sales.map((r) => r.telegramId))],
    orderIds,
  );
  const byCharge = new Map(matches.filter((m) => m.chargeId).map((m) => [m.chargeId, m]));
  const byOrder = new Map(matches.map((m) => [m.orderId, m]));
  for (const row of sales) {
    const charged = byCharge.get(row.telegramId);
    const named = byOrder.get(orderIdOfPayload(row.payload) ?? '');
    const order = charged ?? named;
    const refunded = Boolean(charged && (charged.refundedAt || charged.paymentStatus === 'refunded'));
    let verdict: Pick<repo.StarTransactionRow, 'match' | 'reason'>;
    if (row.direction === 'in') {
      if (charged) verdict = { match: refunded ? 'refunded' : 'paid', reason: null };
      // The payload names an order, but our records hold no payment by this charge: money with no paid order.
      else if (named) verdict = { match: 'unmatched', reason: 'order_not_paid' };
      else verdict = { match: 'unmatched', reason: 'no_order' };
    } else {
      // Stars back to a buyer: ours when we refunded that payment, else a chargeback.
      verdict = refunded ? { match: 'refunded', reason: null } : { match: 'unmatched', reason: 'chargeback' };
    }
    const next = {
      ...verdict,
      orderId: order?.orderId ?? null,
      orderNumber: order ? String(order.number) : null,
    };
    if (
      next.match !== row.match ||
      next.reason !== row.reason ||
      next.orderId !== row.orderId ||
      next.orderNumber !== row.orderNumber
    ) {
      await repo.setStarMatch(deps.db, vendorId, row.id, next);
    }
  }
}

/** Fetches the bot's balance and new transactions, keeps and matches them. Safe to run again at any time. */
export async function syncBotStars(deps: BillingDeps, vendorId: string, botId: string): Promise<void> {
  const stars = requireStars(deps);
  const token = await stars.tokenOf(vendorId, botId);
  if (!token) throw new AppError('BOT_NOT_FOUND');
  const balance = await stars.botApi.call<{ amount: number }>(token, 'getMyStarBalance');
  let fetched = (await repo.getStarBalance(deps.db, vendorId, botId))?.fetched ?? 0;
  for (;;) {
    const page = await stars.botApi.call<{ transactions: TelegramStarTransaction[] }>(
      token,
      'getStarTransactions',
      { offset: fetched, limit: PAGE },
    );
    const rows = page.transactions.map((t, i) => rowOf(vendorId, botId, fetched + i, t));
    await repo.insertStarTransactions(deps.db, rows);
    fetched += rows.length;
    if (rows.length < PAGE) break;
  }
  await rematch(deps, vendorId, botId);
  await repo.putStarBalance(deps.db, {
    vendorId,
    botId,
    balance: balance.amount,
    fetched,
    syncedAt: nowOf(deps),
  });
}

/** The hourly `billing.stars-sync` job: every running bot; one bot's failure does not stop the others. */
export async function syncAllBotStars(deps: BillingDeps): Promise<{ synced: number; failed: number }> {
  const stars = requireStars(deps);
  const counts = { synced: 0, failed: 0 };
  for (const { vendorId, botId } of await stars.botsToSync()) {
    try {
      await syncBotStars(deps, vendorId, botId);
      counts.synced += 1;
    } catch (err) {
      counts.failed += 1;
      deps.log?.warn({ botId, err: err instanceof Error ? err.message : String(err) }, 'stars sync failed');
    }
  }
  return counts;
}

const present = (r: repo.StarTransactionRow): StarTransaction => ({
  id: r.telegramId,
  date: r.date.toISOString(),
  direction: r.direction,
  amount: r.amount,
  partner: r.partner,
  userId: r.userId,
  orderId: r.orderId,
  orderNumber: r.orderNumber,
  match: r.match,
  reason: (r.reason as StarTransaction['reason']) ?? null,
});

/** The bot's Stars screen: its balance at the last sync and its newest transactions, the flagged ones counted. */
export async function botStars(deps: BillingDeps, actor: Actor, botId: string): Promise<BotStars> {
  const stars = requireStars(deps);
  if (!inBotScope(actor.botIds, botId) || !(await stars.tokenOf(actor.vendorId, botId))) {
    throw new AppError('BOT_NOT_FOUND');
  }
  const [balance, rows, unmatched] = await Promise.all([
    repo.getStarBalance(deps.db, actor.vendorId, botId),
    repo.listStarTransactions(deps.db, actor.vendorId, botId, SHOWN),
    repo.unmatchedStarsByBot(deps.db, actor.vendorId, [botId]),
  ]);
  return {
    balance: balance?.balance ?? null,
    syncedAt: balance?.syncedAt.toISOString() ?? null,
    unmatched: unmatched[0]?.unmatched ?? 0,
    transactions: rows.map(present),
  };
}

/** Syncs the bot now (the screen's refresh), then answers its screen. */
export async function syncBotStarsFor(deps: BillingDeps, actor: Actor, botId: string): Promise<BotStars> {
  if (!inBotScope(actor.botIds, botId)) throw new AppError('BOT_NOT_FOUND');
  await syncBotStars(deps, actor.vendorId, botId);
  return botStars(deps, actor, botId);
}

/** Home's line: the flagged transactions of the caller's bots. */
export async function starsMismatches(deps: BillingDeps, actor: Actor): Promise<StarsMismatchSummary> {
  const bots = await repo.unmatchedStarsByBot(deps.db, actor.vendorId, actor.botIds);
  return { unmatched: bots.reduce((sum, b) => sum + b.unmatched, 0), bots };
}
