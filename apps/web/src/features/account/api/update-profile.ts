import type { Profile, UpdateProfileBody } from '@app/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setLocale } from '../../../i18n/i18n';
import { api, vendorPath } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function updateProfile(body: UpdateProfileBody): Promise<Profile> {
  return api.patch<Profile>(vendorPath('/profile'), body);
}

/** Saves the profile; the chosen language becomes the app's at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (saved) => {
      queryClient.setQueryData(accountKeys.profile(), saved);
      if (saved.language) await setLocale(saved.language);
    },
  });
}
