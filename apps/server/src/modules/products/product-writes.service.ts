import { randomUUID } from 'node:crypto';
import type { NewProduct, Product, ProductChanges } from '@app/contracts/products';
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from '@app/contracts/products';
import type { Tx } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import {
  checkCategory,
  checkPlanLimits,
  checkUnique,
  type PlanLookup,
  type ProductChecksDeps,
  planLookup,
  resolveBots,
  uniqueFailure,
} from './product-checks.service';
import { type ChangedBy, changedBy, productEvent, stockEvents } from './product-events';
import { type ProductReadsDeps, productViewOf, visibleProduct } from './product-reads.service';
import { digitalOf, sellsCodes } from './product-view';
import * as repo from './products.repository';

// Creating, editing, archiving, copying and deleting products. Each write checks (product-checks) and stores in
// one transaction with its events, then answers the product's view.

/** What writing products needs: what reading them needs, and the subscriptions for plan limits. */
export type ProductWritesDeps = ProductReadsDeps & ProductChecksDeps;

/** The columns a body sets. Stock: variations' sum, a pool's unissued codes (set after), or as given. */
function rowValues(body: NewProduct, all: boolean): Omit<repo.NewProductRow, 'vendorId'> {
  let details: Record<string, unknown> = {};
  let stock = body.stock ?? 0;
  if (body.productType === 'physical' && body.physical) {
    const variations = body.physical.variations.map((v) => ({
      ...v,
      values: v.values.map((value) => ({ ...value, id: value.id ?? randomUUID() })),
    }));
    const combinations = (body.physical.combinations ?? []).map((c) => ({ ...c, id: c.id ?? randomUUID() }));
    details = { ...body.physical, variations, combinations };
    if (combinations.length > 0) {
      // Size × colour: the stock is the combinations' (the values' own stock is not used).
      stock = combinations.reduce((sum, c) => sum + c.stock, 0);
    } else if (variations.length > 0) {
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
    galleryAutoPlay: body.galleryAutoPlay,
    bulkPricing: body.bulkPricing,
    seo: body.seo ?? {},
    taxRate: body.taxRate ?? null,
    taxInclusive: body.taxInclusive,
  };
}

/** Sets the body's images (when it names them), in its order; NOT_FOUND when one is not the vendor's. */
async function setImages(
  tx: Tx,
  vendorId: string,
  productId: string,
  body: Pick<NewProduct, 'imageIds' | 'mainImageId'>,
) {
  if (
    body.imageIds &&
    !(await repo.setProductImages(tx, vendorId, productId, body.imageIds, body.mainImageId))
  ) {
    throw new AppError('IMAGE_NOT_FOUND');
  }
}

/** Adds a body's codes to a pool product's pool (those already there are skipped); answers its unissued codes. */
async function storePoolCodes(tx: Tx, vendorId: string, productId: string, codes: string[]) {
  await repo.insertCodes(tx, vendorId, productId, codes);
  return repo.availableCodeCount(tx, vendorId, productId);
}

/** Creates a product inside the caller's transaction (the API and the CSV import): checks, row, bots, images, codes. */
export async function createProductIn(
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
  await setImages(tx, actor.vendorId, row.id, body);
  if (sellsCodes(row)) {
    const available = await storePoolCodes(tx, actor.vendorId, row.id, body.codes ?? []);
    row = (await repo.updateProduct(tx, actor.vendorId, row.id, { stock: available })) ?? row;
  }
  await productEvent(tx, by, row, 'product.created');
  await stockEvents(tx, by, null, row);
  return row;
}

/** Replaces a product's fields inside the caller's transaction (the API and the CSV import), as createProductIn. */
export async function updateProductIn(
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
  await checkPlanLimits(tx, actor.vendorId, target, body.status, { row: before, botIds: currentBots }, plans);
  const values = rowValues(body, target.all);
  let row = await repo.updateProduct(tx, actor.vendorId, before.id, values);
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
  await repo.setProductBots(tx, actor.vendorId, row.id, target.all ? [] : target.ids);
  await setImages(tx, actor.vendorId, row.id, body);
  if (sellsCodes(row)) {
    const available = await storePoolCodes(tx, actor.vendorId, row.id, body.codes ?? []);
    const digitalType = digitalOf(row)?.digitalType;
    if (
      digitalType === 'product_key' &&
      available === 0 &&
      (await repo.codeCounts(tx, actor.vendorId, [row.id])).size === 0
    ) {
      throw new AppError('VALIDATION_FAILED', [
        { path: 'body.codes', message: PRODUCT_MESSAGES.keysRequired },
      ]);
    }
    row = (await repo.updateProduct(tx, actor.vendorId, row.id, { stock: available })) ?? row;
  }
  await productEvent(tx, by, row, 'product.updated');
  await stockEvents(tx, by, before, row);
  return row;
}

/** Creates a product in one transaction and answers its view. */
export async function createProduct(
  deps: ProductWritesDeps,
  actor: Actor,
  body: NewProduct,
): Promise<Product> {
  const plans = await planLookup(deps, actor.vendorId);
  const row = await deps.db
    .transaction((tx) => createProductIn(tx, actor, changedBy(actor), body, plans))
    .catch(uniqueFailure);
  return productViewOf(deps, actor.vendorId, row);
}

/** Replaces a product the caller may see in one transaction and answers its view. */
export async function updateProduct(
  deps: ProductWritesDeps,
  actor: Actor,
  productId: string,
  body: ProductChanges,
): Promise<Product> {
  const plans = await planLookup(deps, actor.vendorId);
  const row = await deps.db
    .transaction(async (tx) => {
      const before = await visibleProduct(deps, actor, productId, tx);
      return updateProductIn(tx, actor, changedBy(actor), before, body, plans);
    })
    .catch(uniqueFailure);
  return productViewOf(deps, actor.vendorId, row);
}

/** Deletes a product with its images, codes and bookings (orders keep their own copy of what was sold). */
export async function removeProduct(deps: ProductWritesDeps, actor: Actor, productId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await visibleProduct(deps, actor, productId, tx);
    await productEvent(tx, changedBy(actor), row, 'product.updated', { change: 'deleted' });
    await repo.deleteProduct(tx, actor.vendorId, productId);
  });
}

/** Archives or restores a product; a restored product must fit its bots' plan limits again. */
export async function setProductStatus(
  deps: ProductWritesDeps,
  actor: Actor,
  productId: string,
  status: 'archived' | 'active',
): Promise<Product> {
  const plans = await planLookup(deps, actor.vendorId);
  const row = await deps.db.transaction(async (tx) => {
    const before = await visibleProduct(deps, actor, productId, tx);
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
  return productViewOf(deps, actor.vendorId, row);
}

/**
 * A copy as a draft: '(Copy)' after the name, no SKU or slug (both unique), the same images, bots and
 * details; never the codes (secrets sold once) nor the figures.
 */
export async function duplicateProduct(
  deps: ProductWritesDeps,
  actor: Actor,
  productId: string,
): Promise<Product> {
  const row = await deps.db.transaction(async (tx) => {
    const source = await visibleProduct(deps, actor, productId, tx);
    const {
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      soldCount: _s,
      revenueMinor: _r,
      viewCount: _v,
      ratingSum: _rs,
      reviewCount: _rc,
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
  return productViewOf(deps, actor.vendorId, row);
}
