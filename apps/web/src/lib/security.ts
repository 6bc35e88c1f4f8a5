import type { SecurityOverview, StepUpResponse } from '@app/contracts/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from './api-client';
import { securityKey } from './query-keys';
import { getBiometry, releaseBiometricToken } from './telegram/biometry';

/**
 * The caller's security overview (`GET /vendors/{id}/security`): the Security screen's, and what every step-up
 * prompt reads to know whether this device is bound for Face ID / fingerprint (features do not import each other).
 */
export function securityQueryOptions() {
  return queryOptions({
    queryKey: securityKey(),
    queryFn: ({ signal }) => api.get<SecurityOverview>(vendorPath('/security'), { signal }),
  });
}

/** This device's biometrics as Telegram reports them (asked once); null where it offers none. */
export function useBiometryDevice() {
  return useQuery({
    queryKey: ['telegram', 'biometry'],
    queryFn: getBiometry,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The biometric prompt gave no secret (cancelled, refused, none saved): the code is the way on. */
export class BiometricNotConfirmed extends Error {}

/**
 * The step-up by Face ID / fingerprint, offered when this device is one the caller bound: the prompt releases the
 * device's secret, the server checks it and grants the same 10-minute step-up a code does.
 */
export function useBiometricStepUp(reason: string) {
  const queryClient = useQueryClient();
  const device = useBiometryDevice();
  const security = useQuery(securityQueryOptions());
  const deviceId = device.data?.deviceId;
  const offered = Boolean(deviceId && security.data?.biometricDevices.some((d) => d.deviceId === deviceId));
  const confirm = useMutation({
    mutationFn: async () => {
      const token = deviceId ? await releaseBiometricToken(reason) : null;
      if (!deviceId || !token) throw new BiometricNotConfirmed();
      return api.post<StepUpResponse>(vendorPath('/security/biometric/step-up'), { deviceId, token });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKey() }),
  });
  return { offered, confirm };
}
