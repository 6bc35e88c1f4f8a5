import type { VerifyTokenBody, VerifyTokenResponse } from '@app/contracts/bots';
import { useMutation } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';

/** Asks the server (which asks Telegram's getMe) whether a token belongs to a live bot. */
export function verifyToken(body: VerifyTokenBody): Promise<VerifyTokenResponse> {
  return api.post<VerifyTokenResponse>(vendorPath('/bots/verify-token'), body);
}

export function useVerifyToken() {
  return useMutation({ mutationFn: verifyToken });
}
