import type { ProfileImageResponse } from '@app/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** POST /upload/vendors/{id}/profile/image, multipart field `file` (spec part 2 §7.3). */
export function uploadProfilePhoto(file: File): Promise<ProfileImageResponse> {
  const form = new FormData();
  form.append('file', file);
  return api.upload<ProfileImageResponse>(`/upload${vendorPath('/profile/image')}`, form);
}

export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile() }),
  });
}
