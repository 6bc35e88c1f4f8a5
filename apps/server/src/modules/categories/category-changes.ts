import type { Db, Tx } from '../../db/types';
import { type Actor, eventActorOf } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordEvent } from '../events/record-event';
import * as repo from './categories.repository';

// What every change to a category goes through: its event, the refusal of others' products, and the creates
// the API and the products' CSV import run in their transaction.

/** What the categories service is built from. */
export type CategoriesDeps = { db: Db };

type CategoryEvent = 'category.created' | 'category.updated' | 'category.deleted';

/** Who changes a category: a caller (owner or staff), or the system (a job acting for nobody in particular). */
export type CategoryChanger = Pick<Actor, 'vendorId' | 'apiKey'> & {
  kind: Actor['kind'] | 'system';
  telegramId: number | null;
};

/** Records a change to a category (subcategory changes are the category's updates), for the feed and the audit. */
export async function categoryEvent(
  tx: Tx,
  by: CategoryChanger,
  type: CategoryEvent,
  category: Pick<repo.CategoryRow, 'id' | 'name'>,
  payload: Record<string, string | number | null> = {},
) {
  await recordEvent(tx, {
    vendorId: by.vendorId,
    type,
    actor:
      by.kind === 'system' || by.telegramId === null
        ? { kind: 'system', id: null }
        : eventActorOf({ kind: by.kind, telegramId: by.telegramId, apiKey: by.apiKey }),
    subject: { kind: 'category', id: category.id },
    payload: { categoryName: category.name, ...payload },
  });
}

/** Creates a category in the caller's transaction, with its event (the CSV import makes the ones a file names). */
export async function createCategoryIn(tx: Tx, by: CategoryChanger, name: string) {
  const row = await repo.insertCategory(tx, { vendorId: by.vendorId, name });
  await categoryEvent(tx, by, 'category.created', row);
  return row;
}

/** Adds a subcategory in the caller's transaction, recorded as its category's update. */
export async function createSubcategoryIn(
  tx: Tx,
  by: CategoryChanger,
  category: Pick<repo.CategoryRow, 'id' | 'name'>,
  name: string,
) {
  const [row] = await repo.insertSubcategories(tx, by.vendorId, category.id, [name]);
  if (!row) throw new Error('insert returned no row');
  await categoryEvent(tx, by, 'category.updated', category, {
    change: 'subcategory_added',
    subcategoryId: row.id,
    subcategoryName: row.name,
  });
  return row;
}

/** The refusal when a bot-scoped caller would delete or move products sold only through other bots. */
export const othersProducts = () => new AppError('CATEGORY_HOLDS_OTHERS_PRODUCTS');

/** The vendor's category, or CATEGORY_NOT_FOUND. */
export async function mustFindCategory(deps: CategoriesDeps, vendorId: string, categoryId: string) {
  const row = await repo.findCategory(deps.db, vendorId, categoryId);
  if (!row) throw new AppError('CATEGORY_NOT_FOUND');
  return row;
}
