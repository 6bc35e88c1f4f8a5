import type { NotificationSettings } from '@app/contracts/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return api.get<NotificationSettings>(vendorPath('/notifications'), { signal });
}

export function saveNotificationSettings(body: NotificationSettings): Promise<NotificationSettings> {
  return api.put<NotificationSettings>(vendorPath('/notifications'), body);
}

/** The account's grid (`all` only: a staff member without it is not asked for it). */
export function useNotificationSettings(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: accountKeys.notifications(),
      queryFn: ({ signal }) => getNotificationSettings(signal),
      enabled,
    }),
  );
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.notifications(), saved),
  });
}
