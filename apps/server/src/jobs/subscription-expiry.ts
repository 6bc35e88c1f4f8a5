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

/** Runs the expiry now, then every `everyMs`; the timer does not keep the process alive. Answers stop(). */
export function startSubscriptionExpiryJob(
  deps: SubscriptionExpiryDeps,
  { everyMs = 60_000 }: { everyMs?: number } = {},
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  // One run at a time per process: a tick that finds the previous run still going skips.
  const tick = () => {
    if (stopped || running) return;
    running = expireSubscriptions(deps)
      .then(
        () => undefined,
        (err: unknown) => {
          deps.log?.error(
            { err: err instanceof Error ? err.message : String(err) },
            'subscription expiry failed',
          );
        },
      )
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
