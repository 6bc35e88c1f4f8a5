import type { VerifyTokenResponse } from '@app/contracts/bots';
import { useMutation } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';

export type VerifyBotTokenInput = { botId: string; token: string };

/** The bot page's token test: is this token valid, and for this bot? */
export function verifyBotToken({ botId, token }: VerifyBotTokenInput): Promise<VerifyTokenResponse> {
  return api.post<VerifyTokenResponse>(vendorPath(`/bot-details/${encodeURIComponent(botId)}/verify`), {
    token,
  });
}

export function useVerifyBotToken() {
  return useMutation({ mutationFn: verifyBotToken });
}
