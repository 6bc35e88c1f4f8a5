import type { BotApi } from '../../lib/telegram/bot-api';
import type { WebhookRow } from './webhooks.repository';

/**
 * Tells the vendor (who added the webhook) in the platform bot's chat that it was disabled after 10 failed
 * deliveries in a row, with a button that opens its screen to switch it on again. English for now.
 */
export function webhookDisabledNotice(deps: {
  botApi: BotApi;
  token: string | undefined;
  publicUrl: string;
}) {
  return async (webhook: WebhookRow): Promise<void> => {
    if (!deps.token) return;
    await deps.botApi.call(deps.token, 'sendMessage', {
      chat_id: webhook.createdBy,
      text: `Your webhook to ${webhook.url} failed 10 times in a row and was disabled. Check the endpoint, then switch it on again.`,
      link_preview_options: { is_disabled: true },
      reply_markup: {
        inline_keyboard: [
          [
            {
              text: 'Re-enable webhook',
              web_app: { url: `${deps.publicUrl}/bots/${webhook.botId}/webhooks` },
            },
          ],
        ],
      },
    });
  };
}
