import type { BotListResponse } from '@app/contracts/bots';
import type {
  Campaign,
  CampaignList,
  CampaignMessage,
  CampaignTargets,
  CreateCampaignBody,
} from '@app/contracts/campaigns';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: () => [...campaignKeys.all, 'list'] as const,
  bots: () => [...campaignKeys.all, 'bots'] as const,
  targets: (botId: string, search: string) => [...campaignKeys.all, 'targets', botId, search] as const,
};

const isRunning = (c: Campaign) => c.status === 'sending' || c.status === 'scheduled';

/** The vendor's campaigns; polled every 2 s while one sends, so its progress bar moves. */
export function useCampaigns() {
  return useQuery(
    queryOptions({
      queryKey: campaignKeys.list(),
      queryFn: ({ signal }) => api.get<CampaignList>(vendorPath('/campaigns'), { signal }),
      refetchInterval: (query) => (query.state.data?.campaigns.some(isRunning) ? 2000 : false),
    }),
  );
}

/** The bots a campaign can go through (the audience's first choice). */
export function useCampaignBots() {
  return useQuery(
    queryOptions({
      queryKey: campaignKeys.bots(),
      queryFn: ({ signal }) => api.get<BotListResponse>(vendorPath('/bots'), { signal }),
      select: (data) => data.bots.map((b) => ({ id: b.id, name: b.name, username: b.username })),
    }),
  );
}

export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCampaignBody) => api.post<Campaign>(vendorPath('/campaigns'), body),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.list() }),
  });
}

export function useCancelCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Campaign>(vendorPath(`/campaigns/${id}/cancel`), {}),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.list() }),
  });
}

export function useTestCampaign() {
  return useMutation({
    mutationFn: (body: CampaignMessage) => api.post<{ sent: true }>(vendorPath('/campaigns/test'), body),
  });
}

/** What the bot's buttons can open: its products (narrowed by `search`) and the shop's categories. */
export function useCampaignTargets(botId: string, search: string) {
  return useQuery(
    queryOptions({
      queryKey: campaignKeys.targets(botId, search),
      queryFn: ({ signal }) => {
        const q = new URLSearchParams({ botId, ...(search ? { search } : {}) });
        return api.get<CampaignTargets>(vendorPath(`/campaigns/targets?${q}`), { signal });
      },
      enabled: botId !== '',
      placeholderData: keepPreviousData,
    }),
  );
}
