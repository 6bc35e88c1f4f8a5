import type { MyAlerts } from '@app/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** The caller's own muted alert kinds in this account (`GET /me/alerts`: a staff seat's, any permissions). */
export function useMyAlerts(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.myAlerts(),
    queryFn: ({ signal }) => api.get<MyAlerts>('/me/alerts', { signal }),
    enabled,
  });
}

/** Saves the muted kinds (`PUT /me/alerts`); the switch shows the change at once and goes back on failure. */
export function useSaveMyAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MyAlerts) => api.put<MyAlerts>('/me/alerts', body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: accountKeys.myAlerts() });
      const before = queryClient.getQueryData<MyAlerts>(accountKeys.myAlerts());
      queryClient.setQueryData(accountKeys.myAlerts(), body);
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(accountKeys.myAlerts(), context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.myAlerts(), saved),
  });
}
