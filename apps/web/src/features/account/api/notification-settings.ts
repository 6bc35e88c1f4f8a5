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

export function useNotificationSettings() {
  return useQuery(
    queryOptions({
      queryKey: accountKeys.notifications(),
      queryFn: ({ signal }) => getNotificationSettings(signal),
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
