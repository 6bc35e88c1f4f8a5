import type { DownloadLink } from '@app/contracts/common';
import { api, vendorPath } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/telegram/bridge';

/**
 * A customer's file in a conversation through its signed link (POST …/messages/{id}/file/link), which Telegram's
 * downloadFile fetches without the session. False when the user declined Telegram's prompt.
 */
export async function downloadCustomerFile(
  conversationId: string,
  messageId: string,
  name: string,
): Promise<boolean> {
  const link = await api.post<DownloadLink>(
    vendorPath(
      `/support/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/file/link`,
    ),
  );
  return downloadFile(link.url, name);
}
