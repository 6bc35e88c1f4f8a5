import type { Subcategory, UpdateSubcategoryBody } from '@app/contracts/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { categoryKeys } from './category-keys';

export type UpdateSubcategoryInput = {
  categoryId: string;
  subcategoryId: string;
  body: UpdateSubcategoryBody;
};

export function updateSubcategory({
  categoryId,
  subcategoryId,
  body,
}: UpdateSubcategoryInput): Promise<Subcategory> {
  return api.put<Subcategory>(
    vendorPath(
      `/categories/${encodeURIComponent(categoryId)}/subcategories/${encodeURIComponent(subcategoryId)}`,
    ),
    body,
  );
}

export function useUpdateSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubcategory,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryRoots.products });
      return queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}
