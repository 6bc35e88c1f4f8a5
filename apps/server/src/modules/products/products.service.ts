import { randomUUID } from 'node:crypto';
import { PLANS, type Plan } from '@app/contracts/plans';
import type {
  AddCodesResponse,
  CodeListResponse,
  ImportCodesBody,
  NewProduct,
  Product,
  ProductChanges,
  ProductListResponse,
  ProductShare,
  ServiceDetails,
  ServiceSlot,
  SlotsResponse,
} from '@app/contracts/products';
import {
  type ListProductsQuery as ListQuerySchema,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  type PreviewCodesBody as PreviewSchema,
} from '@app/contracts/products';
import { shopProductLink } from '@app/contracts/shop-links';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/types';
import { type Actor, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { type EventActor, recordEvent } from '../events/record-event';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { type CodeFormat, generateCodes, maskCode, parseCodeLines } from './codes';
import {
  defaultImageUrls,
  digitalOf,
  type ImageUrls,
  listItemView,
  productBots,
  productView,
  sellsCodes,
  serviceOf,
  type ViewContext,
} from './product-view';
import * as repo from './products.repository';
import { openSlots } from './slots';

export type ProductsDeps = {
  db: Db;
  subscriptions?: Pick<SubscriptionsService, 'currentOf'>;
  now?: () => Date;
  imageUrls?: ImageUrls;
};

/** Who a change is recorded for. */
export type ChangedBy = { vendorId: string; kind: 'owner' | 'staff' | 'system'; telegramId: number | null };
const eventActor = (by: ChangedBy): EventActor =>
  by.kind === 'system' || by.telegramId === null
    ? { kind: 'system', id: null }
    : { kind: by.kind, id: String(by.telegramId) };

type EventPayload = Record<string, string | number | boolean | null>;

/** A bot's plan and its product limit (null: unlimited). */
export type PlanLookup = (botId: string) => { plan: Plan; limit: number | null };

/** The bot an event about a product belongs to: its only bot, or none when it sells through several or all. */
async function productEvent(
  tx: Tx,
  by: ChangedBy,
  row: repo.ProductRow,
  type: 'product.created' | 'product.updated' | 'product.outofstock' | 'product.lowstock',
  payload: EventPayload = {},
) {
  const botIds = row.allBots
    ? []
    : ((await repo.productBotIds(tx, row.vendorId, [row.id])).get(row.id) ?? []);
  await recordEvent(tx, {
    vendorId: row.vendorId,
    botId: botIds.length === 1 ? (botIds[0] ?? null) : null,
    type,
    actor: eventActor(by),
    subject: { kind: 'product', id: row.id },
    payload: { productName: row.name, sku: row.sku, stock: row.stock, ...payload },
  });
}

const isLow = (p: repo.ProductRow) => p.stock > 0 && p.stock < p.minStock;

/**
 * Records product.outofstock when a tracked product's stock (or a code pool) has just reached 0, and
 * product.lowstock when it has just fallen below its minimum (a sale or an edit, not a restock from 0).
 */
export async function stockEvents(
  tx: Tx,
  by: ChangedBy,
  before: repo.ProductRow | null,
  after: repo.ProductRow,
) {
  const tracked = after.productType === 'physical' ? after.trackInventory : sellsCodes(after);
  if (!tracked || after.status === 'archived') return;
  if (after.stock <= 0 && (before === null || before.stock > 0))
    await productEvent(tx, by, after, 'product.outofstock');
  if (isLow(after) && before !== null && !isLow(before) && before.stock > after.stock)
    await productEvent(tx, by, after, 'product.lowstock');
}

/**
 * Issues `quantity` unissued codes of a product to an order, atomically: two concurrent buyers never receive
 * the same code (UPDATE … FOR UPDATE SKIP LOCKED). Fewer left than asked: CODES_UNAVAILABLE and nothing is
 * issued (the caller's transaction rolls back). Keeps the product's stock equal to its unissued codes and
 * records product.outofstock when the last one goes. For the orders module and the shop runtime.
 */
export async function claimCodes(
  tx: Tx,
  vendorId: string,
  productId: string,
  quantity: number,
  orderId: string,
  at: Date = new Date(),
): Promise<Array<{ id: string; code: string }>> {
  if (!Number.isInteger(quantity) || quantity < 1)
    throw new AppError('VALIDATION_FAILED', 'Quantity must be at least 1');
  // The product row lock orders the claims of one product, so each claim's stock count sees the others' claims
  // (SKIP LOCKED alone keeps the codes apart, not the counts).
  const product = await repo.lockProduct(tx, vendorId, productId);
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  if (!sellsCodes(product)) throw new AppError('PRODUCT_NOT_CODE_POOL');
  const claimed = await repo.claimCodes(tx, vendorId, productId, quantity, orderId, at);
  if (claimed.length < quantity) {
    throw new AppError('CODES_UNAVAILABLE', undefined, { requested: quantity, available: claimed.length });
  }
  await syncCodeStock(tx, { vendorId, kind: 'system', telegramId: null }, product);
  return claimed;
}

/** Returns an order's codes of a product to the pool (the order was cancelled); answers how many. */
export async function releaseCodes(
  tx: Tx,
  vendorId: string,
  productId: string,
  orderId: string,
): Promise<number> {
  const product = await repo.lockProduct(tx, vendorId, productId);
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  const released = await repo.releaseCodes(tx, vendorId, productId, orderId);
  if (released > 0) await syncCodeStock(tx, { vendorId, kind: 'system', telegramId: null }, product);
  return released;
}

/** Sets a code product's stock to its unissued codes (events for the change). */
async function syncCodeStock(tx: Tx, by: ChangedBy, before: repo.ProductRow): Promise<repo.ProductRow> {
  const available = await repo.availableCodeCount(tx, before.vendorId, before.id);
  if (available === before.stock) return before;
  const after = await repo.updateProduct(tx, before.vendorId, before.id, { stock: available });
  if (!after) throw new AppError('PRODUCT_NOT_FOUND');
  await stockEvents(tx, by, before, after);
  return after;
}

/** A service's open slots on the days `from`..`to` (inclusive): its availability minus its bookings. */
export async function openSlotsOf(
  conn: Db | Tx,
  row: repo.ProductRow,
  service: ServiceDetails,
  range: { from: string; to: string },
  at: Date,
): Promise<ServiceSlot[]> {
  // A day either side covers every time zone's local days.
  const booked = await repo.bookedPlaces(
    conn,
    row.vendorId,
    row.id,
    new Date(Date.parse(range.from) - 86_400_000),
    new Date(Date.parse(range.to) + 2 * 86_400_000),
  );
  return openSlots(service, range, booked, at);
}

const formatOf = (d: {
  digitalType: string;
  passType?: string | undefined;
  billingCycle?: string | undefined;
}) => d as CodeFormat;

export function createProductsService(deps: ProductsDeps) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  const imageUrls = deps.imageUrls ?? defaultImageUrls;

  const changedBy = (actor: Actor): ChangedBy => ({
    vendorId: actor.vendorId,
    kind: actor.kind,
    telegramId: actor.telegramId,
  });

  async function context(vendorId: string, rows: repo.ProductRow[]) {
    const ids = rows.map((r) => r.id);
    const named = (pick: (r: repo.ProductRow) => string | null) => [
      ...new Set(rows.flatMap((r) => pick(r) ?? [])),
    ];
    const [names, bots, linked] = await Promise.all([
      repo.categoryNames(
        db,
        vendorId,
        named((r) => r.categoryId),
        named((r) => r.subcategoryId),
      ),
      repo.vendorBots(db, vendorId),
      repo.productBotIds(db, vendorId, ids),
    ]);
    const cats = new Map(names.categories.map((c) => [c.id, c]));
    const subs = new Map(names.subcategories.map((s) => [s.id, s]));
    return {
      categoryName: (id: string | null) => (id ? (cats.get(id) ?? null) : null),
      subcategoryName: (id: string | null) => (id ? (subs.get(id) ?? null) : null),
      botsOf: (row: repo.ProductRow) => productBots(row.allBots ? null : (linked.get(row.id) ?? []), bots),
      imageUrls,
      linked,
    };
  }

  async function views(vendorId: string, rows: repo.ProductRow[]): Promise<Product[]> {
    const ids = rows.map((r) => r.id);
    const [ctx, images, counts] = await Promise.all([
      context(vendorId, rows),
      repo.imagesOf(db, vendorId, ids),
      repo.codeCounts(db, vendorId, ids),
    ]);
    const full: ViewContext = {
      ...ctx,
      images: (id) => images.filter((i) => i.productId === id),
      codeCounts: (id) => counts.get(id),
    };
    return rows.map((r) => productView(r, full));
  }

  async function viewOne(vendorId: string, row: repo.ProductRow): Promise<Product> {
    const [v] = await views(vendorId, [row]);
    if (!v) throw new AppError('PRODUCT_NOT_FOUND');
    return v;
  }

  /** A product the caller may see: the vendor's, and for bot-scoped staff sold through one of their bots. */
  async function visible(actor: Actor, productId: string, conn: Db | Tx = db): Promise<repo.ProductRow> {
    const row = await repo.findProduct(conn, actor.vendorId, productId);
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    if (actor.botIds !== 'all' && !row.allBots) {
      const botIds = (await repo.productBotIds(conn, actor.vendorId, [row.id])).get(row.id) ?? [];
      if (!botIds.some((b) => inBotScope(actor.botIds, b))) throw new AppError('PRODUCT_NOT_FOUND');
    } else if (actor.botIds !== 'all' && row.allBots && actor.botIds.length === 0) {
      throw new AppError('PRODUCT_NOT_FOUND');
    }
    return row;
  }

  /** The bots a product body names, checked: the vendor's own, and 'all' only for callers on every bot. */
  async function resolveBots(
    actor: Pick<Actor, 'vendorId' | 'botIds'>,
    botIds: 'all' | string[],
    conn: Db | Tx,
  ) {
    const bots = await repo.vendorBots(conn, actor.vendorId);
    if (botIds === 'all') {
      if (actor.botIds !== 'all') {
        throw new AppError('FORBIDDEN', 'Choose the bots you manage: you cannot sell through every bot.');
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
  async function planLookup(vendorId: string): Promise<PlanLookup> {
    if (!deps.subscriptions) return () => ({ plan: 'ENTERPRISE', limit: null });
    const bots = await repo.vendorBots(db, vendorId);
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
  async function checkPlanLimits(
    tx: Tx,
    vendorId: string,
    target: { all: boolean; ids: string[]; bots: Array<{ id: string; username: string }> },
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
        throw new AppError(
          'PRODUCT_LIMIT_REACHED',
          `@${username} is on the ${plan} plan, which allows up to ${limit.toLocaleString('en-US')} products. Upgrade the bot's plan in Subscriptions to add more.`,
          { botId, botUsername: username, plan, limit, upgradePath: '/subscriptions' },
        );
      }
    }
  }

  async function checkCategory(
    conn: Db | Tx,
    vendorId: string,
    body: Pick<NewProduct, 'categoryId' | 'subcategoryId'>,
  ) {
    if (!(await repo.categoryExists(conn, vendorId, body.categoryId)))
      throw new AppError('CATEGORY_NOT_FOUND');
    if (
      body.subcategoryId &&
      !(await repo.subcategoryExists(conn, vendorId, body.categoryId, body.subcategoryId))
    ) {
      throw new AppError('SUBCATEGORY_NOT_FOUND');
    }
  }

  async function checkUnique(conn: Db | Tx, vendorId: string, body: NewProduct, exceptId?: string) {
    if (body.sku && (await repo.valueTaken(conn, vendorId, 'sku', body.sku, exceptId)))
      throw new AppError('PRODUCT_SKU_TAKEN');
    if (body.urlSlug && (await repo.valueTaken(conn, vendorId, 'urlSlug', body.urlSlug, exceptId))) {
      throw new AppError('PRODUCT_SLUG_TAKEN');
    }
  }

  /** The columns a body sets. Stock: variations' sum, a pool's unissued codes (set after), or as given. */
  function rowValues(body: NewProduct, all: boolean): Omit<repo.NewProductRow, 'vendorId'> {
    let details: Record<string, unknown> = {};
    let stock = body.stock ?? 0;
    if (body.productType === 'physical' && body.physical) {
      const variations = body.physical.variations.map((v) => ({
        ...v,
        values: v.values.map((value) => ({ ...value, id: value.id ?? randomUUID() })),
      }));
      details = { ...body.physical, variations };
      if (variations.length > 0) {
        stock = variations.reduce((sum, v) => sum + v.values.reduce((s, x) => s + x.stock, 0), 0);
      }
    }
    if (body.productType === 'digital') details = { ...(body.digital ?? { digitalType: 'downloadable' }) };
    if (body.productType === 'service' && body.service) details = { ...body.service };
    return {
      name: body.name,
      description: body.description ?? null,
      shortDescription: body.shortDescription ?? null,
      sku: body.sku || null,
      barcode: body.barcode || null,
      productType: body.productType,
      priceMinor: body.price,
      comparePriceMinor: body.comparePrice ?? null,
      costPriceMinor: body.costPrice ?? null,
      currency: body.currency,
      categoryId: body.categoryId,
      subcategoryId: body.subcategoryId ?? null,
      brand: body.brand || null,
      tags: body.tags,
      stock,
      minStock: body.minStock,
      trackInventory: body.trackInventory,
      allowBackorder: body.allowBackorder,
      status: body.status,
      isFeatured: body.isFeatured,
      allBots: all,
      details,
      digitalType: body.productType === 'digital' ? String(details.digitalType ?? 'downloadable') : null,
      urlSlug: body.urlSlug || null,
      videos: body.videos,
      bulkPricing: body.bulkPricing,
      seo: body.seo ?? {},
      taxRate: body.taxRate ?? null,
      taxInclusive: body.taxInclusive,
    };
  }

  function uniqueFailure(err: unknown): never {
    const key = repo.takenProductKeyOf(err);
    if (key === 'sku') throw new AppError('PRODUCT_SKU_TAKEN');
    if (key === 'slug') throw new AppError('PRODUCT_SLUG_TAKEN');
    throw err;
  }

  /** Create inside a transaction (the API and the CSV import). */
  async function createIn(
    tx: Tx,
    actor: Pick<Actor, 'vendorId' | 'botIds'>,
    by: ChangedBy,
    body: NewProduct,
    plans: PlanLookup,
  ) {
    await checkCategory(tx, actor.vendorId, body);
    await checkUnique(tx, actor.vendorId, body);
    const target = await resolveBots(actor, body.botIds, tx);
    await checkPlanLimits(tx, actor.vendorId, target, body.status, null, plans);
    let row = await repo.insertProduct(tx, { vendorId: actor.vendorId, ...rowValues(body, target.all) });
    if (!target.all) await repo.setProductBots(tx, actor.vendorId, row.id, target.ids);
    if (
      body.imageIds &&
      !(await repo.setProductImages(tx, actor.vendorId, row.id, body.imageIds, body.mainImageId))
    ) {
      throw new AppError('NOT_FOUND', 'An image was not found.');
    }
    if (sellsCodes(row)) {
      await repo.insertCodes(tx, actor.vendorId, row.id, body.codes ?? []);
      const available = await repo.availableCodeCount(tx, actor.vendorId, row.id);
      row = (await repo.updateProduct(tx, actor.vendorId, row.id, { stock: available })) ?? row;
    }
    await productEvent(tx, by, row, 'product.created');
    await stockEvents(tx, by, null, row);
    return row;
  }

  async function updateIn(
    tx: Tx,
    actor: Pick<Actor, 'vendorId' | 'botIds'>,
    by: ChangedBy,
    before: repo.ProductRow,
    body: ProductChanges,
    plans: PlanLookup,
  ) {
    await checkCategory(tx, actor.vendorId, body);
    await checkUnique(tx, actor.vendorId, body, before.id);
    const target = await resolveBots(actor, body.botIds, tx);
    const currentBots = (await repo.productBotIds(tx, actor.vendorId, [before.id])).get(before.id) ?? [];
    await checkPlanLimits(
      tx,
      actor.vendorId,
      target,
      body.status,
      { row: before, botIds: currentBots },
      plans,
    );
    const values = rowValues(body, target.all);
    let row = await repo.updateProduct(tx, actor.vendorId, before.id, values);
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    await repo.setProductBots(tx, actor.vendorId, row.id, target.all ? [] : target.ids);
    if (
      body.imageIds &&
      !(await repo.setProductImages(tx, actor.vendorId, row.id, body.imageIds, body.mainImageId))
    ) {
      throw new AppError('NOT_FOUND', 'An image was not found.');
    }
    if (sellsCodes(row)) {
      await repo.insertCodes(tx, actor.vendorId, row.id, body.codes ?? []);
      const available = await repo.availableCodeCount(tx, actor.vendorId, row.id);
      const digitalType = digitalOf(row)?.digitalType;
      if (
        digitalType === 'product_key' &&
        available === 0 &&
        (await repo.codeCounts(tx, actor.vendorId, [row.id])).size === 0
      ) {
        throw new AppError('VALIDATION_FAILED', PRODUCT_MESSAGES.keysRequired, [
          { path: 'body.codes', message: PRODUCT_MESSAGES.keysRequired },
        ]);
      }
      row = (await repo.updateProduct(tx, actor.vendorId, row.id, { stock: available })) ?? row;
    }
    await productEvent(tx, by, row, 'product.updated');
    await stockEvents(tx, by, before, row);
    return row;
  }

  async function setStatus(actor: Actor, productId: string, status: 'archived' | 'active') {
    const plans = await planLookup(actor.vendorId);
    const row = await db.transaction(async (tx) => {
      const before = await visible(actor, productId, tx);
      if (before.status === status) return before;
      if (status === 'active') {
        const target = before.allBots
          ? { all: true, ids: [], bots: await repo.vendorBots(tx, actor.vendorId) }
          : {
              all: false,
              ids: (await repo.productBotIds(tx, actor.vendorId, [before.id])).get(before.id) ?? [],
              bots: await repo.vendorBots(tx, actor.vendorId),
            };
        await checkPlanLimits(tx, actor.vendorId, target, status, null, plans);
      }
      const after = await repo.updateProduct(tx, actor.vendorId, productId, { status });
      if (!after) throw new AppError('PRODUCT_NOT_FOUND');
      await productEvent(tx, changedBy(actor), after, 'product.updated', {
        change: status === 'archived' ? 'archived' : 'restored',
      });
      return after;
    });
    return viewOne(actor.vendorId, row);
  }

  async function poolProduct(actor: Actor, productId: string) {
    const row = await visible(actor, productId);
    if (!sellsCodes(row)) throw new AppError('PRODUCT_NOT_CODE_POOL');
    return row;
  }

  async function addCodes(
    actor: Actor,
    row: repo.ProductRow,
    codes: string[],
    knownDuplicates: string[] = [],
  ) {
    const tooLong = codes.find((c) => c.length > PRODUCT_LIMITS.codeMax);
    if (tooLong)
      throw new AppError(
        'VALIDATION_FAILED',
        `Each code must be at most ${PRODUCT_LIMITS.codeMax} characters`,
      );
    const inserted = await db.transaction(async (tx) => {
      const locked = await repo.lockProduct(tx, actor.vendorId, row.id);
      if (!locked) throw new AppError('PRODUCT_NOT_FOUND');
      const added = await repo.insertCodes(tx, actor.vendorId, row.id, codes);
      if (added.length > 0) {
        const after = await syncCodeStock(tx, changedBy(actor), locked);
        await productEvent(tx, changedBy(actor), after, 'product.updated', {
          change: 'codes',
          added: added.length,
        });
      }
      return added;
    });
    const addedSet = new Set(inserted);
    const counts = (await repo.codeCounts(db, actor.vendorId, [row.id])).get(row.id) ?? {
      total: 0,
      issued: 0,
      available: 0,
    };
    return {
      added: inserted.length,
      duplicates: [...knownDuplicates, ...codes.filter((c) => !addedSet.has(c))].map(maskCode),
      counts,
    } satisfies AddCodesResponse;
  }

  return {
    /** Live products each bot sells (those for every bot included); every bot given is in the map. */
    countsByBot: (vendorId: string, botIds: string[]) => repo.productCounts(db, vendorId, botIds),

    /** A page of the list and its figures: two statements whatever the page holds (see listProducts). */
    async list(actor: Actor, q: z.output<typeof ListQuerySchema>): Promise<ProductListResponse> {
      const result = await repo.listProducts(
        db,
        actor.vendorId,
        {
          search: q.search || undefined,
          categoryId: q.category,
          subcategoryId: q.subcategory,
          botId: q.botId,
          productType: q.productType,
          status: q.status,
        },
        actor.botIds,
        { limit: q.limit, offset: (q.page - 1) * q.limit },
      );
      return {
        products: result.rows.map((r) => listItemView(r, imageUrls)),
        total: result.total,
        page: q.page,
        limit: q.limit,
        hasMore: q.page * q.limit < result.total,
        stats: result.stats,
        typeCounts: result.typeCounts,
      };
    },

    async get(actor: Actor, productId: string): Promise<Product> {
      return viewOne(actor.vendorId, await visible(actor, productId));
    },

    async create(actor: Actor, body: NewProduct): Promise<Product> {
      const plans = await planLookup(actor.vendorId);
      const row = await db
        .transaction((tx) => createIn(tx, actor, changedBy(actor), body, plans))
        .catch(uniqueFailure);
      return viewOne(actor.vendorId, row);
    },

    async update(actor: Actor, productId: string, body: ProductChanges): Promise<Product> {
      const plans = await planLookup(actor.vendorId);
      const row = await db
        .transaction(async (tx) => {
          const before = await visible(actor, productId, tx);
          return updateIn(tx, actor, changedBy(actor), before, body, plans);
        })
        .catch(uniqueFailure);
      return viewOne(actor.vendorId, row);
    },

    /** Deletes a product with its images, codes and bookings (orders keep their own copy of what was sold). */
    async remove(actor: Actor, productId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await visible(actor, productId, tx);
        await productEvent(tx, changedBy(actor), row, 'product.updated', { change: 'deleted' });
        await repo.deleteProduct(tx, actor.vendorId, productId);
      });
    },

    archive: (actor: Actor, productId: string) => setStatus(actor, productId, 'archived'),
    restore: (actor: Actor, productId: string) => setStatus(actor, productId, 'active'),

    /**
     * A copy as a draft: '(Copy)' after the name, no SKU or slug (both unique), the same images, bots and
     * details; never the codes (secrets sold once) nor the figures.
     */
    async duplicate(actor: Actor, productId: string): Promise<Product> {
      const row = await db.transaction(async (tx) => {
        const source = await visible(actor, productId, tx);
        const {
          id: _id,
          createdAt: _c,
          updatedAt: _u,
          soldCount: _s,
          revenueMinor: _r,
          viewCount: _v,
          ...rest
        } = source;
        const copy = await repo.insertProduct(tx, {
          ...rest,
          name: `${source.name} (Copy)`.slice(0, PRODUCT_LIMITS.nameMax),
          sku: null,
          urlSlug: null,
          status: 'draft',
          stock: sellsCodes(source) ? 0 : source.stock,
        });
        if (!source.allBots) {
          const botIds = (await repo.productBotIds(tx, actor.vendorId, [source.id])).get(source.id) ?? [];
          await repo.setProductBots(tx, actor.vendorId, copy.id, botIds);
        }
        await repo.copyImages(tx, actor.vendorId, source.id, copy.id);
        await productEvent(tx, changedBy(actor), copy, 'product.created', { duplicatedFrom: source.id });
        return copy;
      });
      return viewOne(actor.vendorId, row);
    },

    // ------------------------------------------------------------ code pools

    async listCodes(
      actor: Actor,
      productId: string,
      q: { status?: 'available' | 'issued' | undefined; page: number; limit: number },
    ): Promise<CodeListResponse> {
      const row = await poolProduct(actor, productId);
      const [page, counts] = await Promise.all([
        repo.listCodes(db, actor.vendorId, row.id, q.status, {
          limit: q.limit,
          offset: (q.page - 1) * q.limit,
        }),
        repo.codeCounts(db, actor.vendorId, [row.id]),
      ]);
      return {
        codes: page.rows.map((c) => ({
          id: c.id,
          code: maskCode(c.code),
          status: c.issuedAt ? 'issued' : 'available',
          orderId: c.orderId,
          issuedAt: c.issuedAt?.toISOString() ?? null,
          createdAt: c.createdAt.toISOString(),
        })),
        counts: counts.get(row.id) ?? { total: 0, issued: 0, available: 0 },
        total: page.total,
        page: q.page,
        limit: q.limit,
        hasMore: q.page * q.limit < page.total,
      };
    },

    /** One code in full, on the vendor's explicit request. */
    async revealCode(actor: Actor, productId: string, codeId: string) {
      const row = await poolProduct(actor, productId);
      const code = await repo.findCode(db, actor.vendorId, row.id, codeId);
      if (!code) throw new AppError('NOT_FOUND', 'Code not found.');
      return { id: code.id, code: code.code };
    },

    async deleteCode(actor: Actor, productId: string, codeId: string): Promise<void> {
      const row = await poolProduct(actor, productId);
      await db.transaction(async (tx) => {
        const locked = await repo.lockProduct(tx, actor.vendorId, row.id);
        if (!locked) throw new AppError('PRODUCT_NOT_FOUND');
        // An issued code belongs to its order: only unissued ones may go.
        if (!(await repo.deleteAvailableCode(tx, actor.vendorId, row.id, codeId))) {
          throw new AppError('NOT_FOUND', 'Code not found.');
        }
        await syncCodeStock(tx, changedBy(actor), locked);
      });
    },

    /** Generates `count` (1–1000) codes in the product's format (§9) and adds them to its pool. */
    async generateCodes(actor: Actor, productId: string, count: number): Promise<AddCodesResponse> {
      const row = await poolProduct(actor, productId);
      const digital = digitalOf(row);
      if (!digital) throw new AppError('PRODUCT_NOT_CODE_POOL');
      return addCodes(actor, row, generateCodes(formatOf(digital), count, now()));
    },

    /** Codes in a format before the product exists (the add form); nothing is stored. */
    previewCodes(body: z.output<typeof PreviewSchema>): { codes: string[] } {
      return { codes: generateCodes(formatOf(body), body.count, now()) };
    },

    /** Adds pasted or imported codes (.txt/.csv lines): trimmed, blanks dropped, duplicates reported and skipped. */
    async importCodes(actor: Actor, productId: string, body: ImportCodesBody): Promise<AddCodesResponse> {
      const row = await poolProduct(actor, productId);
      const parsed = parseCodeLines([body.text ?? '', ...(body.codes ?? [])].join('\n'));
      return addCodes(actor, row, parsed.codes, parsed.duplicates);
    },

    // ------------------------------------------------------------ services

    /** Open slots of a service between two days (inclusive): availability minus bookings. */
    async slots(actor: Actor, productId: string, from: string, to: string): Promise<SlotsResponse> {
      const row = await visible(actor, productId);
      const service = serviceOf(row);
      if (!service) throw new AppError('PRODUCT_NOT_SERVICE');
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (!(days >= 0) || days > PRODUCT_LIMITS.slotsRangeMaxDays) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Ask for 0 to ${PRODUCT_LIMITS.slotsRangeMaxDays} days: 'to' must not be before 'from'.`,
        );
      }
      return {
        timezone: service.availability.timezone,
        slots: await openSlotsOf(db, row, service, { from, to }, now()),
      };
    },

    // ------------------------------------------------------------ share

    /** Deep links into the product's shop bots: https://t.me/{botUsername}?start=product_{id}. */
    async share(actor: Actor, productId: string, botId?: string): Promise<ProductShare> {
      const row = await visible(actor, productId);
      const ctx = await context(actor.vendorId, [row]);
      let bots = ctx.botsOf(row).bots.filter((b) => inBotScope(actor.botIds, b.id));
      if (botId) {
        bots = bots.filter((b) => b.id === botId);
        if (bots.length === 0) throw new AppError('BOT_NOT_FOUND');
      }
      return {
        links: bots.map((b) => ({
          botId: b.id,
          botUsername: b.username,
          url: shopProductLink(b.username, row.id),
        })),
      };
    },

    /** The share link as a QR code (PNG or SVG) of the product's first bot, or the bot given. */
    async qr(actor: Actor, productId: string, botId: string | undefined, format: 'png' | 'svg') {
      const { links } = await this.share(actor, productId, botId);
      const link = links[0];
      if (!link) throw new AppError('BOT_NOT_FOUND', 'The product is not sold through any bot yet.');
      if (format === 'svg') {
        return {
          contentType: 'image/svg+xml',
          body: await QRCode.toString(link.url, { type: 'svg', margin: 2 }),
        };
      }
      return {
        contentType: 'image/png',
        body: await QRCode.toBuffer(link.url, { type: 'png', margin: 2, width: 512 }),
      };
    },

    // ------------------------------------------------------------ for the CSV import and export

    internal: { createIn, updateIn, views, context, visible, planLookup },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
