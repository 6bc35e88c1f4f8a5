import type { PushStatus, PushSubscriptionBody } from '@app/contracts/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function getPushStatus(signal?: AbortSignal): Promise<PushStatus> {
  return api.get<PushStatus>(vendorPath('/notifications/push'), { signal });
}

export function subscribePush(body: PushSubscriptionBody): Promise<PushStatus> {
  return api.post<PushStatus>(vendorPath('/notifications/push'), body);
}

export function unsubscribePush(endpoint: string): Promise<PushStatus> {
  return api.delete<PushStatus>(vendorPath(`/notifications/push?endpoint=${encodeURIComponent(endpoint)}`));
}

/** The server's VAPID key and the caller's subscribed browsers. */
export function usePushStatus(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: accountKeys.push(),
      queryFn: ({ signal }) => getPushStatus(signal),
      enabled,
    }),
  );
}

/** Turns Web Push on (a subscription to send) or off (the endpoint to forget) for this browser. */
export function useSetPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { on: PushSubscriptionBody } | { off: string }) =>
      'on' in change ? subscribePush(change.on) : unsubscribePush(change.off),
    onSuccess: (status) => queryClient.setQueryData(accountKeys.push(), status),
  });
}
