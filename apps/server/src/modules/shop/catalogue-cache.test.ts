import { describe, expect, it, vi } from 'vitest';
import { cachedCatalogue } from './catalogue-cache';
import type { CatalogueReader } from './features/catalogue';

function countingReader() {
  return {
    categories: vi.fn<CatalogueReader['categories']>(async () => []),
    products: vi.fn<CatalogueReader['products']>(async () => ({ products: [], hasMore: false })),
    product: vi.fn<CatalogueReader['product']>(async () => null),
  };
}

describe('the catalogue cache of a shop bot', () => {
  it('reuses a read for its time, then reads again', async () => {
    vi.useFakeTimers();
    try {
      const reader = countingReader();
      const cached = cachedCatalogue(reader, 2000);
      await cached.products('v', 'b', { categoryId: 'c', page: 1 });
      await cached.products('v', 'b', { categoryId: 'c', page: 1 });
      expect(reader.products).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(2001);
      await cached.products('v', 'b', { categoryId: 'c', page: 1 });
      expect(reader.products).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads again at once after a change of the vendor's data, in whichever process it was made", async () => {
    const reader = countingReader();
    const generations = new Map<string, number>();
    const cached = cachedCatalogue(reader, 60_000, { generationOf: (v) => generations.get(v) ?? 0 });
    await cached.categories('v');
    await cached.categories('other');
    generations.set('v', 1);
    await cached.categories('v');
    await cached.categories('other');
    expect(reader.categories.mock.calls.map(([vendorId]) => vendorId)).toEqual(['v', 'other', 'v']);
  });

  it('keeps each page, search and product apart', async () => {
    const reader = countingReader();
    const cached = cachedCatalogue(reader, 60_000);
    await cached.products('v', 'b', { categoryId: 'c', page: 1 });
    await cached.products('v', 'b', { categoryId: 'c', page: 2 });
    await cached.products('v', 'b', { search: 'c', page: 1 });
    await cached.product('v', 'b', 'p1');
    await cached.product('v', 'b', 'p2');
    expect(reader.products).toHaveBeenCalledTimes(3);
    expect(reader.product).toHaveBeenCalledTimes(2);
  });

  it('shares one read between the updates that ask at the same time', async () => {
    const reader = countingReader();
    const cached = cachedCatalogue(reader, 60_000);
    await Promise.all([cached.categories('v'), cached.categories('v'), cached.categories('v')]);
    expect(reader.categories).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed read', async () => {
    const reader = countingReader();
    reader.product.mockRejectedValueOnce(new Error('database down'));
    const cached = cachedCatalogue(reader, 60_000);
    await expect(cached.product('v', 'b', 'p')).rejects.toThrow('database down');
    await expect(cached.product('v', 'b', 'p')).resolves.toBeNull();
    expect(reader.product).toHaveBeenCalledTimes(2);
  });

  it('keeps its most recently used reads only', async () => {
    const reader = countingReader();
    const cached = cachedCatalogue(reader, 60_000, { maxEntries: 2 });
    await cached.product('v', 'b', 'p1');
    await cached.product('v', 'b', 'p2');
    await cached.product('v', 'b', 'p1');
    await cached.product('v', 'b', 'p3');
    await cached.product('v', 'b', 'p1');
    await cached.product('v', 'b', 'p2');
    expect(reader.product.mock.calls.map((call) => call[2])).toEqual(['p1', 'p2', 'p3', 'p2']);
  });

  it('keeps nothing with a time of 0', async () => {
    const reader = countingReader();
    const cached = cachedCatalogue(reader, 0);
    await cached.categories('v');
    await cached.categories('v');
    expect(reader.categories).toHaveBeenCalledTimes(2);
  });
});
