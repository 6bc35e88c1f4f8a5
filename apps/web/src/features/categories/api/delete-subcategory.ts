import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { categoryKeys } from './category-keys';

export type DeleteSubcategoryInput = { categoryId: string; subcategoryId: string };

/** Refused (409 SUBCATEGORY_NOT_EMPTY) while it still holds products. */
export function deleteSubcategory({ categoryId, subcategoryId }: DeleteSubcategoryInput): Promise<void> {
  return api.delete<void>(
    vendorPath(
      `/categories/${encodeURIComponent(categoryId)}/subcategories/${encodeURIComponent(subcategoryId)}`,
    ),
  );
}

export function useDeleteSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubcategory,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryRoots.products });
      return queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}
