import type { StepUpResponse, TwoStepEnabled, TwoStepSetup } from '@app/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export const setUpTwoStep = () => api.post<TwoStepSetup>(vendorPath('/security/two-step/setup'), {});
export const enableTwoStep = (code: string) =>
  api.post<TwoStepEnabled>(vendorPath('/security/two-step/enable'), { code });
export const disableTwoStep = (code: string) =>
  api.post<{ success: true }>(vendorPath('/security/two-step/disable'), { code });
/** A fresh code for this session: sensitive actions pass for 10 minutes (modules/security on the server). */
export const stepUp = (code: string) => api.post<StepUpResponse>(vendorPath('/security/step-up'), { code });

export function useSetUpTwoStep() {
  return useMutation({ mutationFn: setUpTwoStep });
}

export function useEnableTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoStep,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.security() }),
  });
}

export function useDisableTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoStep,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.security() }),
  });
}

export function useStepUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stepUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.security() }),
  });
}
