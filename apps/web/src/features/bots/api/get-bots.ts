import type { BotListResponse } from '@app/contracts/bots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botKeys } from './bot-keys';

export function getBots(signal?: AbortSignal): Promise<BotListResponse> {
  return api.get<BotListResponse>(vendorPath('/bots'), { signal });
}

export function botsQueryOptions() {
  return queryOptions({ queryKey: botKeys.list(), queryFn: ({ signal }) => getBots(signal) });
}

export function useBots() {
  return useQuery(botsQueryOptions());
}
