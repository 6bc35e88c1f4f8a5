import type { CatalogueReader } from './features/catalogue';

type Entry = { at: number; generation: number; value: Promise<unknown> };

/**
 * A built bot's reads of the catalogue, each kept for `ttlMs` and shared by the updates that ask for it at the
 * same time: a shop browsed by many customers reads a page once per period, not once per tap. What a customer
 * sees may lag a change in the back-office by up to `ttlMs` (checkout reads the database itself); "clear cache"
 * rebuilds the bot, and with it this cache. With `generationOf` (the vendor's data generation, moved on by any change
 * of theirs in any server process), a read kept from an older generation is read again at once. Bounded: the
 * least recently used read goes first. `ttlMs` 0 keeps nothing.
 */
export function cachedCatalogue(
  reader: CatalogueReader,
  ttlMs: number,
  opts: { maxEntries?: number; generationOf?: (vendorId: string) => number } = {},
): CatalogueReader {
  if (ttlMs <= 0) return reader;
  const maxEntries = opts.maxEntries ?? 256;
  const generationOf = opts.generationOf ?? (() => 0);
  const entries = new Map<string, Entry>();

  function read<T>(vendorId: string, key: string, load: () => Promise<T>): Promise<T> {
    const now = performance.now();
    const generation = generationOf(vendorId);
    const hit = entries.get(key);
    entries.delete(key);
    if (hit && now - hit.at < ttlMs && hit.generation === generation) {
      entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    const value = load();
    const entry = { at: now, generation, value };
    entries.set(key, entry);
    // A failed read is not kept: the next update tries again.
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(oldest);
    }
    return value;
  }

  return {
    categories: (vendorId) =>
      read(vendorId, JSON.stringify(['categories', vendorId]), () => reader.categories(vendorId)),
    products: (vendorId, botId, query) =>
      read(vendorId, JSON.stringify(['products', botId, query.categoryId, query.search, query.page]), () =>
        reader.products(vendorId, botId, query),
      ),
    product: (vendorId, botId, productId) =>
      read(vendorId, JSON.stringify(['product', botId, productId]), () =>
        reader.product(vendorId, botId, productId),
      ),
  };
}
