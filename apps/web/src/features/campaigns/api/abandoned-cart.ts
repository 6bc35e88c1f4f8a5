import type { AbandonedCartSettings } from '@app/contracts/campaigns';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, vendorPath } from '../../../lib/api-client';
import { campaignKeys } from './campaigns';

const abandonedCartPath = (botId: string) => vendorPath(`/bots/${encodeURIComponent(botId)}/abandoned-cart`);
const abandonedCartKey = (botId: string) => [...campaignKeys.all, 'abandoned-cart', botId] as const;

/** A bot's abandoned-cart reminder: on or off, and how many hours after a cart is left. */
export function useAbandonedCart(botId: string) {
  return useQuery(
    queryOptions({
      queryKey: abandonedCartKey(botId),
      queryFn: ({ signal }) => api.get<AbandonedCartSettings>(abandonedCartPath(botId), { signal }),
      // Another vendor's or a deleted bot stays missing: no point asking again.
      retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 1,
    }),
  );
}

export function useSaveAbandonedCart(botId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AbandonedCartSettings) =>
      api.put<AbandonedCartSettings>(abandonedCartPath(botId), body),
    onSuccess: (saved) => client.setQueryData(abandonedCartKey(botId), saved),
  });
}
