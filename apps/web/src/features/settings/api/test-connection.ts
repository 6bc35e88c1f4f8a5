import type { ConnectionTest } from '@app/contracts/settings';
import { useMutation } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botPath } from './settings-keys';

/** Telegram's getMe with the stored token, reported rather than thrown. */
export function testConnection(botId: string): Promise<ConnectionTest> {
  return api.post<ConnectionTest>(vendorPath(botPath(botId, 'token/test')), {});
}

export function useTestConnection(botId: string) {
  return useMutation({ mutationFn: () => testConnection(botId) });
}
