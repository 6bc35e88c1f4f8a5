import type { RevokedSessions } from '@app/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function revokeSession(sessionId: string): Promise<{ success: true }> {
  return api.delete(vendorPath(`/security/sessions/${encodeURIComponent(sessionId)}`));
}

export function revokeOtherSessions(): Promise<RevokedSessions> {
  return api.post<RevokedSessions>(vendorPath('/security/sessions/revoke-others'), {});
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.security() }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.security() }),
  });
}
