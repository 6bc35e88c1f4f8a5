import type { Db } from '../db/client';
import type { Secrets } from '../lib/secrets';
import type { BotApi } from '../lib/telegram/bot-api';
import { stopExpiredBot } from '../modules/bots/bot-lifecycle.service';
import { createSubscriptionsService } from '../modules/subscriptions/subscriptions.service';

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
 * several server processes can share the work), then stops each affected bot the way the stop button does:
 * marked inactive with its webhook secret forgotten, then its webhook removed on Telegram (best effort).
 */
export async function expireSubscriptions(deps: SubscriptionExpiryDeps): Promise<{ expired: number }> {
  const expired = await createSubscriptionsService(deps).expireDue();
  for (const { vendorId, botId } of expired) {
    try {
      await stopExpiredBot(deps, vendorId, botId);
    } catch (err) {
      // Its period is marked expired either way, so `start` refuses it; the other bots still get stopped.
      deps.log?.error(
        { botId, err: err instanceof Error ? err.message : String(err) },
        'could not stop an expired bot',
      );
    }
  }
  if (expired.length > 0) deps.log?.info({ expired: expired.length }, 'subscriptions expired');
  return { expired: expired.length };
}
