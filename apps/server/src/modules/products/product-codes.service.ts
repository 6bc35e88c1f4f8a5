import type { AddCodesResponse, CodeListResponse, ImportCodesBody } from '@app/contracts/products';
import { PRODUCT_LIMITS, type PreviewCodesBody as PreviewSchema } from '@app/contracts/products';
import type { z } from 'zod';
import type { Tx } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { type CodeFormat, generateCodes, maskCode, parseCodeLines } from './codes';
import { type ChangedBy, changedBy, productEvent, stockEvents } from './product-events';
import { nowOf, type ProductReadsDeps, visibleProduct } from './product-reads.service';
import { digitalOf, sellsCodes } from './product-view';
import * as repo from './products.repository';

// Code pools (spec part 2 §5, §9): a digital product that sells codes holds a pool of them; its stock is always
// its unissued codes. The vendor lists, reveals, deletes, generates and imports them; an order claims them and
// a cancelled one releases them (in the caller's transaction). codes.ts holds the pure code helpers.

/** Sets a code product's stock to its unissued codes (events for the change). */
async function syncCodeStock(tx: Tx, by: ChangedBy, before: repo.ProductRow): Promise<repo.ProductRow> {
  const available = await repo.availableCodeCount(tx, before.vendorId, before.id);
  if (available === before.stock) return before;
  const after = await repo.updateProduct(tx, before.vendorId, before.id, { stock: available });
  if (!after) throw new AppError('PRODUCT_NOT_FOUND');
  await stockEvents(tx, by, before, after);
  return after;
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
  if (!Number.isInteger(quantity) || quantity < 1) throw new AppError('QUANTITY_INVALID');
  // The product row lock orders the claims of one product, so each claim's stock count sees the others' claims
  // (SKIP LOCKED alone keeps the codes apart, not the counts).
  const product = await repo.lockProduct(tx, vendorId, productId);
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  if (!sellsCodes(product)) throw new AppError('PRODUCT_NOT_CODE_POOL');
  const claimed = await repo.claimCodes(tx, vendorId, productId, quantity, orderId, at);
  if (claimed.length < quantity) {
    throw new AppError('CODES_UNAVAILABLE', { requested: quantity, available: claimed.length });
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

/** A product the caller may see that sells codes; PRODUCT_NOT_CODE_POOL for any other. */
async function poolProduct(deps: ProductReadsDeps, actor: Actor, productId: string) {
  const row = await visibleProduct(deps, actor, productId);
  if (!sellsCodes(row)) throw new AppError('PRODUCT_NOT_CODE_POOL');
  return row;
}

/** Adds codes to a pool (those already in it are skipped and reported, masked) and answers the new counts. */
async function addCodes(
  deps: ProductReadsDeps,
  actor: Actor,
  row: repo.ProductRow,
  codes: string[],
  knownDuplicates: string[] = [],
): Promise<AddCodesResponse> {
  const tooLong = codes.find((c) => c.length > PRODUCT_LIMITS.codeMax);
  if (tooLong) throw new AppError('CODE_TOO_LONG', { max: PRODUCT_LIMITS.codeMax });
  const inserted = await deps.db.transaction(async (tx) => {
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
  const counts = (await repo.codeCounts(deps.db, actor.vendorId, [row.id])).get(row.id) ?? {
    total: 0,
    issued: 0,
    available: 0,
  };
  return {
    added: inserted.length,
    duplicates: [...knownDuplicates, ...codes.filter((c) => !addedSet.has(c))].map(maskCode),
    counts,
  };
}

/** Which codes of a pool to list, a page at a time. */
export type CodesPage = { status?: 'available' | 'issued' | undefined; page: number; limit: number };

/** A page of a pool's codes, masked, with the pool's counts. */
export async function listCodes(
  deps: ProductReadsDeps,
  actor: Actor,
  productId: string,
  q: CodesPage,
): Promise<CodeListResponse> {
  const row = await poolProduct(deps, actor, productId);
  const [page, counts] = await Promise.all([
    repo.listCodes(deps.db, actor.vendorId, row.id, q.status, {
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    }),
    repo.codeCounts(deps.db, actor.vendorId, [row.id]),
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
}

/** One code in full, on the vendor's explicit request. */
export async function revealCode(deps: ProductReadsDeps, actor: Actor, productId: string, codeId: string) {
  const row = await poolProduct(deps, actor, productId);
  const code = await repo.findCode(deps.db, actor.vendorId, row.id, codeId);
  if (!code) throw new AppError('CODE_NOT_FOUND');
  return { id: code.id, code: code.code };
}

/** Deletes an unissued code (an issued one belongs to its order) and keeps the stock equal to the pool. */
export async function deleteCode(
  deps: ProductReadsDeps,
  actor: Actor,
  productId: string,
  codeId: string,
): Promise<void> {
  const row = await poolProduct(deps, actor, productId);
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockProduct(tx, actor.vendorId, row.id);
    if (!locked) throw new AppError('PRODUCT_NOT_FOUND');
    // An issued code belongs to its order: only unissued ones may go.
    if (!(await repo.deleteAvailableCode(tx, actor.vendorId, row.id, codeId))) {
      throw new AppError('CODE_NOT_FOUND');
    }
    await syncCodeStock(tx, changedBy(actor), locked);
  });
}

const formatOf = (d: {
  digitalType: string;
  passType?: string | undefined;
  billingCycle?: string | undefined;
  keyFormat?: string | undefined;
}) => d as CodeFormat;

/** Generates `count` (1–1000) codes in the product's format (§9) and adds them to its pool. */
export async function generatePoolCodes(
  deps: ProductReadsDeps,
  actor: Actor,
  productId: string,
  count: number,
): Promise<AddCodesResponse> {
  const row = await poolProduct(deps, actor, productId);
  const digital = digitalOf(row);
  if (!digital) throw new AppError('PRODUCT_NOT_CODE_POOL');
  return addCodes(deps, actor, row, generateCodes(formatOf(digital), count, nowOf(deps)));
}

/** Codes in a format before the product exists (the add form); nothing is stored. */
export function previewCodes(
  deps: ProductReadsDeps,
  body: z.output<typeof PreviewSchema>,
): { codes: string[] } {
  return { codes: generateCodes(formatOf(body), body.count, nowOf(deps)) };
}

/** Adds pasted or imported codes (.txt/.csv lines): trimmed, blanks dropped, duplicates reported and skipped. */
export async function importCodes(
  deps: ProductReadsDeps,
  actor: Actor,
  productId: string,
  body: ImportCodesBody,
): Promise<AddCodesResponse> {
  const row = await poolProduct(deps, actor, productId);
  const parsed = parseCodeLines([body.text ?? '', ...(body.codes ?? [])].join('\n'));
  return addCodes(deps, actor, row, parsed.codes, parsed.duplicates);
}
