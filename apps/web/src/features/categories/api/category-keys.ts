export const categoryKeys = {
  all: ['categories'] as const,
  lists: () => [...categoryKeys.all, 'list'] as const,
  /** '' is the whole list (the product screens read it too, see features/products/api/get-category-options.ts). */
  list: (search: string) => [...categoryKeys.lists(), search] as const,
};

/** The product list shows category names: a rename or delete refreshes it (features do not import each other). */
export const PRODUCTS_KEY_PREFIX = ['products'] as const;
