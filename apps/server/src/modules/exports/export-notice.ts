import { Api, InputFile } from 'grammy';
import type { ExportsDeps } from './exports.service';

/** Telegram's largest upload a bot may send: a larger file is sent as its link. */
export const TELEGRAM_UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024;

/**
 * Tells the vendor in the platform bot's chat that their export is ready: the file itself when Telegram takes it,
 * otherwise the link (valid 7 days). English for now, like the webhook notice.
 */
export function exportReadyNotice(deps: {
  apiRoot: string;
  token: string | undefined;
  publicUrl: string;
}): NonNullable<ExportsDeps['notifyDone']> {
  return async (done) => {
    if (!deps.token) return;
    const api = new Api(deps.token, { apiRoot: deps.apiRoot });
    const link = `${deps.publicUrl}${done.url}`;
    if (done.sizeBytes < TELEGRAM_UPLOAD_LIMIT_BYTES) {
      const stream = await done.open();
      if (stream) {
        await api.sendDocument(done.chatId, new InputFile(stream, done.fileName), {
          caption: 'Your data export is ready.',
        });
        return;
      }
    }
    await api.sendMessage(done.chatId, `Your data export is ready. Download it within 7 days: ${link}`, {
      link_preview_options: { is_disabled: true },
    });
  };
}
