import type { ApiKey, ApiKeyList, CreateApiKeyBody, CreatedApiKey } from '@app/contracts/developer';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { developerKeys } from './developer-keys';

export function getApiKeys(signal?: AbortSignal): Promise<ApiKeyList> {
  return api.get<ApiKeyList>(vendorPath('/api-keys'), { signal });
}

export function useApiKeys() {
  return useQuery(
    queryOptions({ queryKey: developerKeys.apiKeys(), queryFn: ({ signal }) => getApiKeys(signal) }),
  );
}

/** Makes a key; the answer is the one time the whole key is seen. */
export function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return api.post<CreatedApiKey>(vendorPath('/api-keys'), body);
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.apiKeys() }),
  });
}

export function revokeApiKey(keyId: string): Promise<ApiKey> {
  return api.delete<ApiKey>(vendorPath(`/api-keys/${encodeURIComponent(keyId)}`));
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.apiKeys() }),
  });
}
