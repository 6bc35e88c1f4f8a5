import type { Profile, VerifyEmailBody } from '@app/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function verifyEmail(body: VerifyEmailBody): Promise<Profile> {
  return api.post<Profile>(vendorPath('/profile/email/verify'), body);
}

export function resendEmailCode(): Promise<Profile> {
  return api.post<Profile>(vendorPath('/profile/email/resend'), {});
}

/** Proves the profile's new e-mail with the code sent to it. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.profile(), saved),
  });
}

/** Sends the unproven e-mail a new code. */
export function useResendEmailCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmailCode,
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.profile(), saved),
  });
}
