import type { ImportResult } from '@app/contracts/products';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { productKeys } from './product-keys';

export type ImportProductsInput = { csv: string; dryRun: boolean };

/** POST /products/import: a dry run checks every row and stores nothing; a commit stores (or queues) them. */
export function importProducts({ csv, dryRun }: ImportProductsInput): Promise<ImportResult> {
  return api.post<ImportResult>(vendorPath('/products/import'), { csv }, { query: { dryRun } });
}

export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSuccess: (result) => {
      if (result.dryRun) return;
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: queryRoots.categories });
    },
  });
}

export function getImportProgress(importId: string, signal?: AbortSignal): Promise<ImportResult> {
  return api.get<ImportResult>(vendorPath(`/products/import/${encodeURIComponent(importId)}`), { signal });
}

const RUNNING = new Set(['queued', 'running']);

export function importProgressQueryOptions(importId: string) {
  return queryOptions({
    queryKey: productKeys.importJob(importId),
    queryFn: ({ signal }) => getImportProgress(importId, signal),
    // A queued or running import is asked again every second until it ends.
    refetchInterval: (query) => (query.state.data && RUNNING.has(query.state.data.status) ? 1000 : false),
  });
}

export function useImportProgress(importId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    ...importProgressQueryOptions(importId ?? ''),
    enabled: importId !== null,
    select: (result) => {
      if (result.status === 'completed')
        void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      return result;
    },
  });
}
