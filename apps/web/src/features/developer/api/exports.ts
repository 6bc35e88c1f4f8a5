import type {
  CreateExportBody,
  DataExport,
  DataExportList,
  ExportEstimate,
  ExportEstimateQuery,
} from '@app/contracts/developer';
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

export function getExportEstimate(query: ExportEstimateQuery, signal?: AbortSignal): Promise<ExportEstimate> {
  return api.get<ExportEstimate>(vendorPath('/exports/estimate'), {
    signal,
    query: { range: query.range ?? 'all', from: query.from, to: query.to },
  });
}

/**
 * Each data type's rows and estimated size for the chosen range (counted by the server). A custom range waits
 * for both days, the first not after the last.
 */
export function useExportEstimate(query: ExportEstimateQuery) {
  const ready = query.range !== 'custom' || (!!query.from && !!query.to && query.from <= query.to);
  return useQuery(
    queryOptions({
      queryKey: developerKeys.exportEstimate(query.range ?? 'all', query.from ?? '', query.to ?? ''),
      queryFn: ({ signal }) => getExportEstimate(query, signal),
      enabled: ready,
      staleTime: 60_000,
    }),
  );
}
