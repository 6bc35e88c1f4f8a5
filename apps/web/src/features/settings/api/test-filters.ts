import type { FilterTestResult } from '@app/contracts/settings';
import { useMutation } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botPath } from './settings-keys';

/** Which rule would fire for a message, as the shop decides it. */
export function testFilters(botId: string, text: string): Promise<FilterTestResult> {
  return api.post<FilterTestResult>(vendorPath(botPath(botId, 'filters/test')), { text });
}

export function useTestFilters(botId: string) {
  return useMutation({ mutationFn: (text: string) => testFilters(botId, text) });
}
