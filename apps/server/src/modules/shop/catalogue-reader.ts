import { ListProductsQuery } from '@app/contracts/products';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { CategoriesService } from '../categories/categories.service';
import type { ProductsService } from '../products/products.service';
import type { CatalogueReader } from './features/catalogue';

/**
 * The catalogue as a shop bot's customers see it, read through the same services as the back-office: the shop
 * acts as a caller held to its own bot, so only products sold through it are found, and only active ones shown.
 */
export function createCatalogueReader(deps: {
  products: ProductsService;
  categories: CategoriesService;
}): CatalogueReader {
  const shopActor = (vendorId: string, botId: string): Actor => ({
    vendorId,
    telegramId: 0,
    kind: 'staff',
    permissions: ['products'],
    botIds: [botId],
  });

  return {
    async categories(vendorId) {
      const all: Actor = { vendorId, telegramId: 0, kind: 'staff', permissions: ['products'], botIds: 'all' };
      const { categories } = await deps.categories.list(all);
      return categories.filter((c) => c.status === 'active' && c.productCount > 0);
    },
    async products(vendorId, botId, query) {
      const q = ListProductsQuery.parse({
        status: 'active',
        botId,
        page: query.page,
        limit: 8,
        // The vendor's featured products come first in the shop.
        featuredFirst: 'true',
        ...(query.categoryId ? { category: query.categoryId } : {}),
        ...(query.search ? { search: query.search } : {}),
      });
      const result = await deps.products.list(shopActor(vendorId, botId), q);
      return { products: result.products, hasMore: result.hasMore };
    },
    async product(vendorId, botId, productId) {
      try {
        const product = await deps.products.get(shopActor(vendorId, botId), productId);
        return product.status === 'active' ? product : null;
      } catch (err) {
        if (err instanceof AppError && err.code === 'PRODUCT_NOT_FOUND') return null;
        throw err;
      }
    },
  };
}
