import type { BiometricBound } from '@app/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { forgetBiometricToken, saveBiometricToken } from '../../../lib/telegram/biometry';
import { accountKeys } from './account-keys';

/** The device's biometric storage did not take the secret (access refused): the binding is undone. */
export class BiometricNotSaved extends Error {}

/**
 * Binds this device: the server makes the secret (after a fresh step-up), the device saves it behind Face ID /
 * fingerprint. If the device does not save it, the server's binding is removed again.
 */
export async function bindBiometric(deviceId: string, reason: string): Promise<BiometricBound> {
  const bound = await api.post<BiometricBound>(vendorPath('/security/biometric/devices'), { deviceId });
  if (!(await saveBiometricToken(bound.token, reason))) {
    await unbindBiometric(bound.device.id).catch(() => undefined);
    throw new BiometricNotSaved();
  }
  return bound;
}

export function unbindBiometric(id: string): Promise<{ success: true }> {
  return api.delete(vendorPath(`/security/biometric/devices/${encodeURIComponent(id)}`));
}

export function useBindBiometric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, reason }: { deviceId: string; reason: string }) =>
      bindBiometric(deviceId, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.security() }),
  });
}

/** Unbinds a device; when it is this one, its saved secret is removed too. */
export function useUnbindBiometric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, thisDevice }: { id: string; thisDevice: boolean }) => {
      await unbindBiometric(id);
      if (thisDevice) await forgetBiometricToken();
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.security() }),
  });
}
