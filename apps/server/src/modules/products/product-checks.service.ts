import { PLANS, type Plan } from '@app/contracts/plans';
import type { NewProduct } from '@app/contracts/products';
import type { Db, Tx } from '../../db/types';
import { type Actor, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import * as repo from './products.repository';

// What a product write must pass before it stores anything: its category, a free SKU and slug, bots the
// caller may sell through, and room under each bot's plan.

/** What the plan check needs: the database and, when plans apply, the bots' subscriptions. */
export type ProductChecksDeps = {
  db: Db;
  subscriptions?: Pick<SubscriptionsService, 'currentOf'>;
};

/** A bot's plan and its product limit (null: unlimited). */
export type PlanLookup = (botId: string) => { plan: Plan; limit: number | null };

/** The bots a write sells through: every bot, or the ids given (the vendor's bots for names). */
export type BotTarget = { all: boolean; ids: string[]; bots: Array<{ id: string; username: string }> };

/** The bots a product body names, checked: the vendor's own, and 'all' only for callers on every bot. */
export async function resolveBots(
  actor: Pick<Actor, 'vendorId' | 'botIds'>,
  botIds: 'all' | string[],
  conn: Db | Tx,
): Promise<BotTarget> {
  const bots = await repo.vendorBots(conn, actor.vendorId);
  if (botIds === 'all') {
    if (actor.botIds !== 'all') {
      throw new AppError('PRODUCT_ALL_BOTS_FORBIDDEN');
    }
    return { all: true, ids: [] as string[], bots };
  }
  const own = new Set(bots.map((b) => b.id));
  const ids = [...new Set(botIds)];
  if (ids.some((id) => !own.has(id) || !inBotScope(actor.botIds, id))) throw new AppError('BOT_NOT_FOUND');
  return { all: false, ids, bots };
}

/**
 * Each bot's plan and its maxProducts (null: unlimited), read before a write's transaction opens: on PGlite a
 * read outside an open transaction would wait for it.
 */
export async function planLookup(deps: ProductChecksDeps, vendorId: string): Promise<PlanLookup> {
  if (!deps.subscriptions) return () => ({ plan: 'ENTERPRISE', limit: null });
  const bots = await repo.vendorBots(deps.db, vendorId);
  const planOf = await deps.subscriptions.currentOf(
    vendorId,
    bots.map((b) => b.id),
  );
  return (botId) => {
    const sub = planOf(botId);
    const plan: Plan = sub.status === 'trial' || sub.status === 'active' ? sub.plan : 'FREE';
    return { plan, limit: PLANS[plan].maxProducts };
  };
}

/**
 * Plan limits: every bot the product will be sold through must have room under its plan's maxProducts
 * (archived products do not count; a product already counted for a bot is not counted twice). Two writes
 * at once cannot both take a bot's last place.
 */
export async function checkPlanLimits(
  tx: Tx,
  vendorId: string,
  target: BotTarget,
  status: string,
  current: { row: repo.ProductRow; botIds: string[] } | null,
  plans: PlanLookup,
) {
  if (status === 'archived') return;
  const botIds = (target.all ? target.bots.map((b) => b.id) : target.ids).filter(
    (id) => plans(id).limit !== null,
  );
  if (botIds.length === 0) return;
  // Counted under the bots' locks, so concurrent writes for a bot at its limit take turns (see lockBots).
  await repo.lockBots(tx, vendorId, botIds);
  const counts = await repo.productCounts(tx, vendorId, botIds);
  for (const botId of botIds) {
    const { plan, limit } = plans(botId);
    if (limit === null) continue;
    const counted =
      current !== null &&
      current.row.status !== 'archived' &&
      (current.row.allBots || current.botIds.includes(botId));
    const after = (counts.get(botId) ?? 0) + (counted ? 0 : 1);
    if (after > limit) {
      const username = target.bots.find((b) => b.id === botId)?.username ?? botId;
      throw new AppError('PRODUCT_LIMIT_REACHED', {
        botId,
        botUsername: username,
        plan,
        limit,
        upgradePath: '/subscriptions',
      });
    }
  }
}

/** The body's category (and subcategory, when given) exist among the vendor's. */
export async function checkCategory(
  conn: Db | Tx,
  vendorId: string,
  body: Pick<NewProduct, 'categoryId' | 'subcategoryId'>,
) {
  if (!(await repo.categoryExists(conn, vendorId, body.categoryId))) throw new AppError('CATEGORY_NOT_FOUND');
  if (
    body.subcategoryId &&
    !(await repo.subcategoryExists(conn, vendorId, body.categoryId, body.subcategoryId))
  ) {
    throw new AppError('SUBCATEGORY_NOT_FOUND');
  }
}

/** The body's SKU and URL slug are no other product's of the vendor. */
export async function checkUnique(conn: Db | Tx, vendorId: string, body: NewProduct, exceptId?: string) {
  if (body.sku && (await repo.valueTaken(conn, vendorId, 'sku', body.sku, exceptId)))
    throw new AppError('PRODUCT_SKU_TAKEN');
  if (body.urlSlug && (await repo.valueTaken(conn, vendorId, 'urlSlug', body.urlSlug, exceptId))) {
    throw new AppError('PRODUCT_SLUG_TAKEN');
  }
}

/** A unique-index failure of a write as the SKU or slug error (checked before, raced after); others rethrown. */
export function uniqueFailure(err: unknown): never {
  const key = repo.takenProductKeyOf(err);
  if (key === 'sku') throw new AppError('PRODUCT_SKU_TAKEN');
  if (key === 'slug') throw new AppError('PRODUCT_SLUG_TAKEN');
  throw err;
}
