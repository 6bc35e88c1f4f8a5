import type { Db } from '../db/client';
import type { Secrets } from '../lib/secrets';
import type { BotApi } from '../lib/telegram/bot-api';
import { type BotsLogger, resumeBotAfterPayment } from '../modules/bots/bot-lifecycle.service';
import { createSubscriptionsService } from '../modules/subscriptions/subscriptions.service';

export type BotResumeDeps = {
  db: Db;
  botApi: BotApi;
  secrets: Pick<Secrets, 'encrypt' | 'decrypt'>;
  /** The public address the bot's webhook points at. */
  publicUrl: string;
  now?: () => Date;
  log?: BotsLogger & { info(obj: object, msg: string): void };
};

/**
 * The `bots.resume` handler: a payment made a bot's subscription live again, so a bot the expiry stopped starts
 * the way the start button does (bots.service). Safe to run twice: a bot already running is left alone. Throws
 * when Telegram refuses, so the queue retries.
 */
export async function resumeBot(deps: BotResumeDeps, job: { vendorId: string; botId: string }) {
  const subscriptions = createSubscriptionsService(deps);
  const started = await resumeBotAfterPayment({ ...deps, subscriptions }, job.vendorId, job.botId);
  if (started) deps.log?.info({ botId: job.botId }, 'a paid bot started again');
}
