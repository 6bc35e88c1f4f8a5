import type { Bot, CreateBotBody } from '@app/contracts/bots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { botKeys } from './bot-keys';

export function createBot(body: CreateBotBody): Promise<Bot> {
  return api.post<Bot>(vendorPath('/bots'), body);
}

export function useCreateBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBot,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: botKeys.list() });
      void queryClient.invalidateQueries({ queryKey: queryRoots.dashboard });
    },
  });
}
