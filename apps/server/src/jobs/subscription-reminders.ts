import type { Db } from '../db/client';
import { createSubscriptionsService } from '../modules/subscriptions/subscriptions.service';
import type { BotApi } from '../telegram/bot-api';
import type { ExpiryLogger } from './subscription-expiry';

export type ReminderDeps = {
  db: Db;
  botApi: BotApi;
  /** The platform bot that tells vendors; without it the reminders are only recorded as events. */
  platformBotToken?: string;
  publicUrl?: string;
  now?: () => Date;
  log?: ExpiryLogger;
};

/**
 * Reminds vendors 3 days and 1 day before a trial or paid period ends (each once per period): the event is
 * recorded first (so the activity feed shows it), then the platform bot messages the vendor's owner, with a
 * button to the plan picker when the app's address can open as a Mini App (https).
 */
export async function remindSubscriptions(deps: ReminderDeps): Promise<{ reminded: number }> {
  const due = await createSubscriptionsService(deps).takeReminders();
  for (const r of due) {
    if (!deps.platformBotToken || r.ownerTelegramId === null) continue;
    const date = r.endsAt.slice(0, 10);
    const what = r.status === 'trial' ? 'free trial' : `${r.plan} subscription`;
    const url = `${deps.publicUrl ?? ''}/subscription-plans/${r.botId}`;
    try {
      await deps.botApi.call(deps.platformBotToken, 'sendMessage', {
        chat_id: r.ownerTelegramId,
        // Server-side English: Telegram messages have no client to word them (see modules/payments/README.md).
        text: `The ${what} of @${r.botUsername ?? 'your bot'} ends on ${date}. Renew it to keep the bot selling.`,
        ...(url.startsWith('https://') && {
          reply_markup: { inline_keyboard: [[{ text: 'Renew', web_app: { url } }]] },
        }),
      });
    } catch (err) {
      // The event is recorded either way; a blocked bot or a network failure must not fail the others.
      deps.log?.warn(
        { botId: r.botId, err: err instanceof Error ? err.message : String(err) },
        'subscription reminder not sent',
      );
    }
  }
  return { reminded: due.length };
}
