import type { CreateExportBody, DataExport, DataExportList } from '@app/contracts/developer';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { developerKeys } from './developer-keys';

export function getExports(signal?: AbortSignal): Promise<DataExportList> {
  return api.get<DataExportList>(vendorPath('/exports'), { signal });
}

/** The vendor's exports; polled every 2 s while one is being written, so its progress moves on screen. */
export function useExports() {
  return useQuery(
    queryOptions({
      queryKey: developerKeys.exports(),
      queryFn: ({ signal }) => getExports(signal),
      refetchInterval: (query) =>
        query.state.data?.exports.some((e) => e.status === 'queued' || e.status === 'running') ? 2000 : false,
    }),
  );
}

export function requestExport(body: CreateExportBody): Promise<DataExport> {
  return api.post<DataExport>(vendorPath('/exports'), body);
}

export function useRequestExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestExport,
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.exports() }),
  });
}
