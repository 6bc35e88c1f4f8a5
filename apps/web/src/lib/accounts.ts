import type { AccountsResponse, LoginResponse } from '@app/contracts/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, scheduleTokenRefresh } from './api-client';
import { saveLogin } from './session';

const accountsKey = () => ['accounts'] as const;

/** The accounts the signed-in person may act for: their own store, their seats in others' (`GET /auth/accounts`). */
export function useAccounts() {
  return useQuery({
    queryKey: accountsKey(),
    queryFn: ({ signal }) => api.get<AccountsResponse>('/auth/accounts', { signal }),
  });
}

/**
 * Switches to another account: a token is for one account at a time, so the server answers new tokens; every
 * cached answer belonged to the old account and goes.
 */
export function useSwitchAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vendorId: string) => api.post<LoginResponse>('/auth/switch', { vendorId }),
    onSuccess: (response) => {
      saveLogin(response);
      scheduleTokenRefresh();
      queryClient.clear();
    },
  });
}
