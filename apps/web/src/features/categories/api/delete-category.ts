import type { DeleteCategoryBody, DeleteCategoryResponse } from '@app/contracts/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { categoryKeys } from './category-keys';

export type DeleteCategoryInput = { categoryId: string; moveTo?: DeleteCategoryBody };

/**
 * Deletes a category. While it holds products the server refuses (409 CATEGORY_NOT_EMPTY, details.productCount)
 * unless `moveTo` names the category (and optionally subcategory) they move to first.
 */
export function deleteCategory({ categoryId, moveTo }: DeleteCategoryInput): Promise<DeleteCategoryResponse> {
  return apiRequest<DeleteCategoryResponse>(vendorPath(`/categories/${encodeURIComponent(categoryId)}`), {
    method: 'DELETE',
    ...(moveTo ? { body: moveTo } : {}),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryRoots.products });
      return queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}
