import type { Category, CreateCategoryBody } from '@app/contracts/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { categoryKeys } from './category-keys';

export function createCategory(body: CreateCategoryBody): Promise<Category> {
  return api.post<Category>(vendorPath('/categories'), body);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
