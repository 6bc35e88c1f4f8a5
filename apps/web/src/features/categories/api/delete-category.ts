import type { DeleteCategoryResponse } from '@app/contracts/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { categoryKeys, PRODUCTS_KEY_PREFIX } from './category-keys';

/** Refused (409 CATEGORY_NOT_EMPTY, details.productCount) while the category still holds products. */
export function deleteCategory(categoryId: string): Promise<DeleteCategoryResponse> {
  return api.delete<DeleteCategoryResponse>(vendorPath(`/categories/${encodeURIComponent(categoryId)}`));
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY_PREFIX });
      return queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}
