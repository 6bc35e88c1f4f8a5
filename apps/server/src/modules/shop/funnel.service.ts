import type { Db } from '../../db/types';
import { dayOf } from '../../lib/days';
import { recordProductViews, recordShopFunnel } from '../orders/orders.service';
import { countViews } from '../products/products-sale.service';

export type FunnelStep = 'view' | 'cart' | 'checkout';

/**
 * Where a step happened: the shop (with its bot page's analytics switch: off, nothing is counted) and, for a
 * view or an add to cart, the product.
 */
export type FunnelAt = { vendorId: string; botId: string; analyticsEnabled: boolean; productId?: string };

type Pending = {
  vendorId: string;
  botId: string;
  day: string;
  views: number;
  carts: number;
  checkouts: number;
  productViews: Map<string, number>;
};

export type ShopFunnel = {
  /**
   * Counts one step of the shop's funnel (a product card shown, an add to cart, a checkout started) for the
   * analytics screens (bot_daily_stats; product views also on the product), when the shop's analytics are on.
   * Never waits and never throws.
   */
  record(step: FunnelStep, at: FunnelAt): void;
  /** Resolves once everything recorded so far is written (tests, graceful shutdown). */
  flush(): Promise<void>;
};

/**
 * The shop's funnel counts, written behind the customer's back: browsing must not wait on them, and at
 * thousands of product views a second one row per bot and day must not take a write per view. So counts
 * gather in memory while one write is in flight and go together in the next; a quiet shop writes each at once.
 * No timer: the write that finishes starts the next. What a crash loses is the counts of one write or so.
 */
export function createShopFunnel(deps: {
  db: Db;
  now?: () => Date;
  log: { error(obj: object, msg: string): void };
}): ShopFunnel {
  const now = () => deps.now?.() ?? new Date();
  let pending = new Map<string, Pending>();
  let writing: Promise<void> | null = null;

  // One row per statement, each its own transaction: a count never holds one row while it waits for another,
  // so it can never be part of a deadlock with a checkout (which holds products, then the day's rollup).
  async function writeAll(batch: Pending[]) {
    for (const p of batch) {
      await deps.db.transaction((tx) =>
        recordShopFunnel(tx, {
          vendorId: p.vendorId,
          botId: p.botId,
          at: new Date(`${p.day}T12:00:00Z`),
          views: p.views,
          carts: p.carts,
          checkouts: p.checkouts,
        }),
      );
      for (const [productId, n] of p.productViews) {
        await deps.db.transaction((tx) => countViews(tx, p.vendorId, new Map([[productId, n]])));
        await deps.db.transaction((tx) =>
          recordProductViews(tx, {
            vendorId: p.vendorId,
            botId: p.botId,
            productId,
            at: new Date(`${p.day}T12:00:00Z`),
            views: n,
          }),
        );
      }
    }
  }

  async function drain() {
    while (pending.size > 0) {
      const batch = [...pending.values()];
      pending = new Map();
      try {
        await writeAll(batch);
      } catch (err) {
        deps.log.error({ err, bots: batch.length }, 'shop funnel counts were not written');
      }
    }
    writing = null;
  }

  return {
    record(step, at) {
      if (!at.analyticsEnabled) return;
      const day = dayOf(now());
      const key = `${at.vendorId}|${at.botId}|${day}`;
      let p = pending.get(key);
      if (!p) {
        p = {
          vendorId: at.vendorId,
          botId: at.botId,
          day,
          views: 0,
          carts: 0,
          checkouts: 0,
          productViews: new Map(),
        };
        pending.set(key, p);
      }
      if (step === 'view') {
        p.views += 1;
        if (at.productId) p.productViews.set(at.productId, (p.productViews.get(at.productId) ?? 0) + 1);
      } else if (step === 'cart') p.carts += 1;
      else p.checkouts += 1;
      writing ??= drain();
    },
    async flush() {
      while (writing) await writing;
    },
  };
}
