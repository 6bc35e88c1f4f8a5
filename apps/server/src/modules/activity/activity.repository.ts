import { and, desc, eq } from 'drizzle-orm';
import { activityLog } from '../../db/schema/index';
import type { Conn } from '../../db/types';

// Interim: the domain-events table replaces this feed (ARCHITECTURE.md "Domain events"). Until then this file
// is the only one that writes or reads activity_log, so the swap touches it and its callers' one line each.

export type BotAction = 'bot.created' | 'bot.started' | 'bot.stopped' | 'bot.updated' | 'bot.deleted';

/** Something done to a bot: by whom (a Telegram user, or null for the system), to which bot, and its parameters. */
export type BotActivity = {
  vendorId: string;
  botId: string;
  actorTelegramId: number | null;
  action: BotAction;
  username: string;
  metadata?: Record<string, unknown>;
};

const TITLES: Record<BotAction, string> = {
  'bot.created': 'Bot created',
  'bot.started': 'Bot started',
  'bot.stopped': 'Bot stopped',
  'bot.updated': 'Bot updated',
  'bot.deleted': 'Bot deleted',
};

export type ActivityRow = typeof activityLog.$inferSelect;

/** Records a bot's activity; callers pass their transaction, so the row commits with the change it describes. */
export async function logActivity(db: Conn, a: BotActivity): Promise<void> {
  await db.insert(activityLog).values({
    vendorId: a.vendorId,
    botId: a.botId,
    actorTelegramId: a.actorTelegramId,
    type: 'bot',
    action: a.action,
    title: TITLES[a.action],
    description: `@${a.username}`,
    link: `/bots/${a.botId}`,
    metadata: { username: a.username, ...a.metadata },
  });
}

/** The vendor's latest activity, newest first; only one bot's when `botId` is given. */
export async function recentActivity(
  db: Conn,
  vendorId: string,
  opts: { botId?: string; limit?: number } = {},
): Promise<ActivityRow[]> {
  return db
    .select()
    .from(activityLog)
    .where(
      and(eq(activityLog.vendorId, vendorId), opts.botId ? eq(activityLog.botId, opts.botId) : undefined),
    )
    .orderBy(desc(activityLog.createdAt))
    .limit(opts.limit ?? 20);
}
