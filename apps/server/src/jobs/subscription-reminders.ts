import type { Db } from '../db/client';
import type { BotApi } from '../lib/telegram/bot-api';
import { createVendorNotifier } from '../modules/notifications/notifications.service';
import { createSubscriptionsService } from '../modules/subscriptions/subscriptions.service';
import type { ExpiryLogger } from './subscription-expiry';

export type ReminderDeps = {
  db: Db;
  botApi: BotApi;
  /** The platform bot that tells vendors; without it the reminders are only recorded as events. */
  platformBotToken?: string;
  now?: () => Date;
  log?: ExpiryLogger;
};

/**
 * Reminds vendors 3 days and 1 day before a trial or paid period ends (each once per period): the event is
 * recorded first (so the activity feed shows it), then the platform bot messages the vendor's owner in their
 * language, with a button that opens the plan picker for the bot.
 */
export async function remindSubscriptions(deps: ReminderDeps): Promise<{ reminded: number }> {
  const due = await createSubscriptionsService(deps).takeReminders();
  const notifier = createVendorNotifier(deps);
  for (const r of due) {
    const outcome = await notifier
      .tell(r.vendorId, r.status === 'trial' ? 'trial_ending' : 'subscription_ending', {
        subjectId: r.subscriptionId,
        botId: r.botId,
        params: { botUsername: r.botUsername, plan: r.plan, endsAt: r.endsAt },
      })
      .catch((err: unknown) => ({ status: 'failed' as const, error: errorText(err) }));
    // The event is recorded either way; a blocked bot or a network failure must not fail the others.
    if (outcome.status !== 'sent' && outcome.status !== 'skipped') {
      deps.log?.warn({ botId: r.botId, err: outcome.error }, 'subscription reminder not sent');
    }
  }
  return { reminded: due.length };
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
