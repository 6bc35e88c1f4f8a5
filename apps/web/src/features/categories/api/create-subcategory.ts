import type { CreateSubcategoryBody, Subcategory } from '@app/contracts/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { categoryKeys } from './category-keys';

export type CreateSubcategoryInput = { categoryId: string; body: CreateSubcategoryBody };

export function createSubcategory({ categoryId, body }: CreateSubcategoryInput): Promise<Subcategory> {
  return api.post<Subcategory>(
    vendorPath(`/categories/${encodeURIComponent(categoryId)}/subcategories`),
    body,
  );
}

export function useCreateSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubcategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
