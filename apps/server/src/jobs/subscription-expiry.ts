import type { Db } from '../db/client';
import type { Secrets } from '../lib/secrets';
import { deactivateBot, expireDueSubscriptions } from '../modules/bots/bots.repository';
import type { BotApi } from '../telegram/bot-api';

export type ExpiryLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type SubscriptionExpiryDeps = {
  db: Db;
  botApi: BotApi;
  secrets: Pick<Secrets, 'decrypt'>;
  now?: () => Date;
  log?: ExpiryLogger;
};

/**
 * Expires every current trial or paid period whose end has passed (one statement, FOR UPDATE SKIP LOCKED, so
 * several server processes can share the work), then stops each affected bot: its webhook is removed on
 * Telegram (best effort) and it is marked inactive.
 */
export async function expireSubscriptions(deps: SubscriptionExpiryDeps): Promise<{ expired: number }> {
  const expired = await expireDueSubscriptions(deps.db, deps.now?.() ?? new Date());
  for (const { vendorId, botId } of expired) {
    const bot = await deactivateBot(deps.db, vendorId, botId);
    if (!bot || bot.deletedAt) continue;
    try {
      await deps.botApi.deleteWebhook(deps.secrets.decrypt(bot.tokenCiphertext));
    } catch (err) {
      // The bot is inactive either way; a webhook Telegram still holds only meets a 401 from us.
      deps.log?.warn(
        { botId, err: err instanceof Error ? err.message : String(err) },
        'could not delete the webhook of an expired bot',
      );
    }
  }
  if (expired.length > 0) deps.log?.info({ expired: expired.length }, 'subscriptions expired');
  return { expired: expired.length };
}
