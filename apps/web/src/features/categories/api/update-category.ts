import type { Category, UpdateCategoryBody } from '@app/contracts/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { categoryKeys } from './category-keys';

export type UpdateCategoryInput = { categoryId: string; body: UpdateCategoryBody };

export function updateCategory({ categoryId, body }: UpdateCategoryInput): Promise<Category> {
  return api.put<Category>(vendorPath(`/categories/${encodeURIComponent(categoryId)}`), body);
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryRoots.products });
      return queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}
