import type { Profile } from '@app/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function removeProfilePhoto(): Promise<Profile> {
  return api.delete<Profile>(vendorPath('/profile/image'));
}

export function useRemoveProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProfilePhoto,
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.profile(), saved),
  });
}
