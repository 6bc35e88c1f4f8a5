import { PRODUCT_CSV_COLUMNS } from '@app/contracts/products';
import type { Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { formatCsv } from './csv';
import { digitalOf, physicalOf, serviceOf } from './product-view';
import * as repo from './products.repository';
import type { ProductsService } from './products.service';

// The catalogue CSV export: PRODUCT_CSV_COLUMNS, one line per product the caller may see.

/** What the export reads with: the products service gives the names of categories and bots. */
export type ProductsCsvExportDeps = { db: Db; products: ProductsService };

type Column = (typeof PRODUCT_CSV_COLUMNS)[number];

const money = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));

/** The caller's products as CSV (amounts in major units, details as JSON, bots by @username). */
export async function exportCsv(deps: ProductsCsvExportDeps, actor: Actor): Promise<string> {
  const { db, products } = deps;
  const rows = await repo.allProducts(db, actor.vendorId);
  const ctx = await products.internal.context(actor.vendorId, rows);
  const visibleRows = rows.filter((r) => actor.botIds === 'all' || !r.allBots || actor.botIds.length > 0);
  const lines: string[][] = [[...PRODUCT_CSV_COLUMNS]];
  for (const r of visibleRows) {
    const { botIds, bots } = ctx.botsOf(r);
    if (actor.botIds !== 'all' && botIds !== 'all' && !bots.some((b) => actor.botIds.includes(b.id)))
      continue;
    const details = physicalOf(r) ?? digitalOf(r) ?? serviceOf(r) ?? {};
    const cells: Record<Column, string> = {
      id: r.id,
      name: r.name,
      productType: r.productType,
      sku: r.sku ?? '',
      barcode: r.barcode ?? '',
      price: money(r.priceMinor),
      comparePrice: money(r.comparePriceMinor),
      costPrice: money(r.costPriceMinor),
      currency: r.currency,
      category: ctx.categoryName(r.categoryId)?.name ?? '',
      subcategory: ctx.subcategoryName(r.subcategoryId)?.name ?? '',
      brand: r.brand ?? '',
      tags: r.tags.join(';'),
      stock: String(r.stock),
      minStock: String(r.minStock),
      trackInventory: String(r.trackInventory),
      status: r.status,
      isFeatured: String(r.isFeatured),
      shortDescription: r.shortDescription ?? '',
      description: r.description ?? '',
      urlSlug: r.urlSlug ?? '',
      bots: botIds === 'all' ? 'all' : bots.map((b) => b.username).join(';'),
      details: JSON.stringify(details),
    };
    lines.push(PRODUCT_CSV_COLUMNS.map((c) => cells[c]));
  }
  return formatCsv(lines);
}
