export const mediaKeys = {
  all: ['media'] as const,
  product: (productId: string) => [...mediaKeys.all, 'product', productId] as const,
};

/**
 * The catalogue caches products (with their images) under this prefix; shared components do not import
 * features, so the prefix is named here. A media change refreshes them.
 */
export const PRODUCTS_KEY_PREFIX = ['products'] as const;
