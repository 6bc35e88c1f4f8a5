import type { Bot, CreateBotBody } from '@app/contracts/bots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botKeys, DASHBOARD_KEY_PREFIX } from './bot-keys';

export function createBot(body: CreateBotBody): Promise<Bot> {
  return api.post<Bot>(vendorPath('/bots'), body);
}

export function useCreateBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBot,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: botKeys.list() });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY_PREFIX });
    },
  });
}
