import { DAY_MS } from '@app/contracts/common';
import type { Tx } from '../../db/client';
import { categories, productBots, productCodes, products, subcategories } from '../../db/schema/index';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, type DemoProduct } from './demo-catalogue';
import type { PickRow } from './generate-orders';
import { HOUR_MS } from './seed-time';
import type { BotTimeline, SeededBots } from './seed-vendor';
import { seededRandom, seededUuid } from './sql-random';

// The catalogue (demo-catalogue.ts) as rows: categories, subcategories, products with their bot assignments
// and the code pools of code products; and what each bot sells, for the order generator.

export type SeededProduct = {
  id: string;
  name: string;
  sku: string;
  stock: number;
  type: string;
  active: boolean;
};

/** Categories, subcategories, products and their bot assignments; returns what the order generator sells. */
export async function insertCatalogue(
  tx: Tx,
  vendorId: string,
  seed: number,
  now: Date,
  seeded: SeededBots,
): Promise<{ picks: PickRow[]; products: SeededProduct[] }> {
  const { bots: allBots, timelines, ids: botIds } = seeded;
  const nowMs = now.getTime();
  const catalogueStart = new Date(nowMs - 400 * DAY_MS - 4 * HOUR_MS);
  const categoryIds = new Map(DEMO_CATEGORIES.map((c) => [c.key, seededUuid(seed, 'category', c.key)]));
  const subcategoryId = (category: string, name: string) => seededUuid(seed, 'subcategory', category, name);
  await tx.insert(categories).values(
    DEMO_CATEGORIES.map((c, i) => ({
      vendorId,
      id: categoryIds.get(c.key),
      name: c.name,
      icon: c.icon,
      status: c.status,
      sortOrder: i,
      createdAt: catalogueStart,
      updatedAt: catalogueStart,
    })),
  );
  await tx.insert(subcategories).values(
    DEMO_CATEGORIES.flatMap((c) =>
      c.subcategories.map((name) => ({
        vendorId,
        id: subcategoryId(c.key, name),
        categoryId: categoryIds.get(c.key) as string,
        name,
        createdAt: catalogueStart,
        updatedAt: catalogueStart,
      })),
    ),
  );

  // The bots (positions in allBots) that sell a product: every one, or those selling the listed demo bots' goods.
  const botsOf = (p: DemoProduct) =>
    allBots.flatMap((b, i) => (p.bots === 'all' || p.bots.includes(b.sells) ? [i] : []));
  const skuCounters = new Map<string, number>();
  const rows = DEMO_PRODUCTS.map((p, i) => {
    const category = DEMO_CATEGORIES.find((c) => c.key === p.category);
    if (!category?.subcategories.includes(p.subcategory)) throw new Error(`bad category for ${p.name}`);
    const seq = (skuCounters.get(category.key) ?? 100) + 1;
    skuCounters.set(category.key, seq);
    // A product exists before the first order any of its bots could take for it.
    const firstBot = Math.min(...botsOf(p).map((b) => (timelines[b] as BotTimeline).createdAt.getTime()));
    const createdMs =
      p.status === 'draft'
        ? nowMs - (6 - (i % 5)) * DAY_MS
        : p.status === 'archived'
          ? nowMs - 300 * DAY_MS
          : firstBot - HOUR_MS - i * 7 * 60_000;
    const updatedMs =
      p.status === 'archived'
        ? nowMs - 40 * DAY_MS
        : createdMs + seededRandom(0, 'updated', p.name) * (nowMs - createdMs);
    const costShare =
      p.type === 'digital' ? 0.1 : p.type === 'service' ? 0.4 : 0.35 + 0.25 * seededRandom(0, 'cost', p.name);
    return {
      vendorId,
      id: seededUuid(seed, 'product', i),
      name: p.name,
      description: `${p.blurb} ${TYPE_NOTE[p.type]}`,
      shortDescription: p.blurb,
      sku: `${category.skuPrefix}-${seq}`,
      barcode: p.type === 'physical' ? ean13(`20${String(4_000_000_000 + i * 7919).slice(-10)}`) : null,
      productType: p.type,
      priceMinor: p.priceMinor,
      comparePriceMinor: p.comparePriceMinor ?? null,
      costPriceMinor: Math.round(p.priceMinor * costShare),
      categoryId: categoryIds.get(category.key),
      subcategoryId: subcategoryId(category.key, p.subcategory),
      brand: p.brand ?? null,
      tags: p.tags,
      // A code product's stock is its unissued codes: the seed stocks each pool with up to CODES_PER_POOL.
      stock: isCodeProduct(p) ? Math.min(p.stock, CODES_PER_POOL) : p.stock,
      minStock: p.type === 'physical' ? 5 : 0,
      trackInventory: p.type === 'physical',
      status: p.status ?? ('active' as const),
      isFeatured: p.featured ?? false,
      allBots: p.bots === 'all',
      details: p.details,
      digitalType: p.type === 'digital' ? String(p.details.digitalType ?? 'downloadable') : null,
      createdAt: new Date(createdMs),
      updatedAt: new Date(updatedMs),
    };
  });
  await tx.insert(products).values(rows);
  const assignments = DEMO_PRODUCTS.flatMap((p, i) =>
    p.bots === 'all'
      ? []
      : botsOf(p).map((b) => ({
          vendorId,
          productId: (rows[i] as (typeof rows)[number]).id,
          botId: botIds[b] as string,
        })),
  );
  await tx.insert(productBots).values(assignments);
  const codes = rows.flatMap((r, i) => {
    const p = DEMO_PRODUCTS[i] as DemoProduct;
    if (!isCodeProduct(p)) return [];
    return Array.from({ length: r.stock }, (_, k) => ({
      vendorId,
      productId: r.id,
      code: demoCode(p, seededUuid(seed, 'code', i, k), now),
      createdAt: r.createdAt,
    }));
  });
  for (let i = 0; i < codes.length; i += 500) await tx.insert(productCodes).values(codes.slice(i, i + 500));

  // What each bot sells, its own products first: the generator favours the first ones (bestsellers).
  const picks: PickRow[] = [];
  allBots.forEach((bot, b) => {
    for (const type of ['physical', 'digital', 'service'] as const) {
      const sellable = DEMO_PRODUCTS.map((p, i) => ({ p, i })).filter(
        ({ p }) => p.type === type && !p.status && (p.bots === 'all' || p.bots.includes(bot.sells)),
      );
      const ordered = [
        ...sellable.filter(({ p }) => p.bots !== 'all'),
        ...sellable.filter(({ p }) => p.bots === 'all'),
      ];
      if (ordered.length === 0) throw new Error(`@${bot.username} has no ${type} product to sell`);
      ordered.forEach(({ p, i }, k) => {
        picks.push({
          bot: b,
          type,
          k,
          productId: (rows[i] as (typeof rows)[number]).id,
          name: p.name,
          priceMinor: p.priceMinor,
          duration: type === 'service' ? Number(p.details.duration) : null,
          durationType: type === 'service' ? String(p.details.durationUnit) : null,
        });
      });
    }
  });
  return {
    picks,
    products: rows.map((r) => ({
      id: r.id,
      name: r.name,
      sku: r.sku,
      stock: r.stock,
      type: r.productType,
      active: r.status === 'active',
    })),
  };
}

const CODES_PER_POOL = 120;
const CODE_TYPES = ['product_key', 'ticket', 'pass', 'subscription'];
const isCodeProduct = (p: DemoProduct) =>
  p.type === 'digital' && CODE_TYPES.includes(String(p.details.digitalType));

/** A demo code in the format of spec part 2 §9, derived from a seeded uuid (the same seed, the same codes). */
function demoCode(p: DemoProduct, uuid: string, now: Date): string {
  const hex = uuid.replace(/-/g, '').toUpperCase();
  switch (p.details.digitalType) {
    case 'ticket':
      return `TKT-${hex.slice(0, 8)}`;
    case 'pass':
      return `${String(p.details.passType ?? 'vip')
        .slice(0, 3)
        .toUpperCase()}${now.getUTCFullYear()}-${hex.slice(0, 8)}`;
    case 'subscription':
      return `SUB${String(p.details.billingCycle ?? 'monthly')
        .charAt(0)
        .toUpperCase()}${hex.slice(0, 8)}-${hex.slice(8, 14)}`;
    default:
      return [hex.slice(0, 4), hex.slice(4, 8), hex.slice(8, 12), hex.slice(12, 16)].join('-');
  }
}

const TYPE_NOTE: Record<DemoProduct['type'], string> = {
  physical: 'Ships within 1-2 business days.',
  digital: 'Delivered instantly after payment.',
  service: 'Pick a time slot after checkout.',
};

/** A 13-digit EAN with its check digit, from 12 digits. */
function ean13(digits12: string): string {
  const sum = [...digits12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${digits12}${(10 - (sum % 10)) % 10}`;
}
