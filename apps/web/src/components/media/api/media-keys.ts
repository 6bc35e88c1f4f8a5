import { queryRoots } from '../../../lib/query-keys';

export const mediaKeys = {
  all: queryRoots.media,
  product: (productId: string) => [...mediaKeys.all, 'product', productId] as const,
};
