import { createHmac } from 'node:crypto';
import type { BotApi } from './bot-api';

/** The platform bot's webhook secret_token, derived from APP_SECRET (never stored). */
export const platformWebhookSecret = (appSecret: string) =>
  createHmac('sha256', appSecret).update('platform-webhook:v1').digest('base64url');

/** The platform bot's updates: plan payments (pre-checkout, successful_payment) and messages. */
export const PLATFORM_ALLOWED_UPDATES = ['message', 'pre_checkout_query', 'callback_query'];

/** Points the platform bot's webhook at this server (called at start-up). */
export async function setPlatformWebhook(
  botApi: BotApi,
  opts: { token: string; publicUrl: string; appSecret: string },
): Promise<void> {
  await botApi.setWebhook(opts.token, {
    url: `${opts.publicUrl}/telegram/platform-webhook`,
    secret_token: platformWebhookSecret(opts.appSecret),
    allowed_updates: PLATFORM_ALLOWED_UPDATES,
  });
}
