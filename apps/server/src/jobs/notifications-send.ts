import type { Db } from '../db/client';
import type { Mailer } from '../lib/mailer';
import type { Secrets } from '../lib/secrets';
import type { BotApi } from '../lib/telegram/bot-api';
import type { PushSender } from '../lib/web-push';
import {
  createNotificationsService,
  type NotificationsLogger,
} from '../modules/notifications/notifications.service';

export type NotificationsSendDeps = {
  db: Db;
  botApi: BotApi;
  secrets: Pick<Secrets, 'decrypt'>;
  /** The platform bot that tells vendors; without it only customers are told. */
  platformBotToken?: string | undefined;
  now?: () => Date;
  log?: NotificationsLogger;
  /** Sends the e-mail notifications; without it they are skipped. */
  mailer?: Mailer | undefined;
  /** Sends the Web Push notifications; without it they are skipped. */
  push?: PushSender | undefined;
};

/**
 * The `notifications.send` handler: sends the notifications the events consumer queued. Built once per process,
 * so the platform bot's username (for the buttons' links) is asked once.
 */
export function notificationsSender(deps: NotificationsSendDeps): () => Promise<void> {
  const notifications = createNotificationsService(deps);
  return async () => {
    await notifications.sendDue();
  };
}
