import type { BotStars } from '@app/contracts/billing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { billingKeys } from './billing-keys';

const starsPath = (botId: string) => vendorPath(`/bots/${encodeURIComponent(botId)}/stars`);

/** A bot's Stars: its balance at the last sync and its transactions, each matched to an order or flagged. */
export function useBotStars(botId: string) {
  return useQuery({
    queryKey: billingKeys.stars(botId),
    queryFn: ({ signal }) => api.get<BotStars>(starsPath(botId), { signal }),
  });
}

/** Asks Telegram now (the screen's refresh); Home's line follows. */
export function useSyncBotStars(botId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<BotStars>(`${starsPath(botId)}/sync`, {}),
    onSuccess: (stars) => {
      client.setQueryData(billingKeys.stars(botId), stars);
      void client.invalidateQueries({ queryKey: queryRoots.dashboard });
    },
  });
}
