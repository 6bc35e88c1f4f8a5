import { categoryListKey, queryRoots } from '../../../lib/query-keys';

export const categoryKeys = {
  all: queryRoots.categories,
  lists: () => [...categoryKeys.all, 'list'] as const,
  /** '' is the whole list (the product screens read it too, see features/products/api/get-category-options.ts). */
  list: categoryListKey,
};
