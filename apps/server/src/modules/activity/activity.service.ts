import type { ActivityItem } from '@app/contracts/events';
import type { Db } from '../../db/types';
import type { BotScope } from '../../lib/actor';
import { type ActivityRow, listActivity } from './activity.repository';

function toItem(row: ActivityRow): ActivityItem {
  return {
    id: row.eventId,
    event: row.event,
    category: row.category,
    botId: row.botId,
    actor: { kind: row.actorKind, name: row.actorName },
    subject: { kind: row.subjectKind, id: row.subjectId },
    params: row.params,
    timestamp: row.occurredAt.toISOString(),
  };
}

/** What the activity service is built from. */
export type ActivityDeps = { db: Db };

/** The newest items over the bots the caller may see (`'all'`, or a list). */
export async function recentActivity(
  deps: ActivityDeps,
  vendorId: string,
  botIds: BotScope,
  limit: number,
): Promise<ActivityItem[]> {
  return (await listActivity(deps.db, vendorId, { botIds, limit })).map(toItem);
}

/** The activity feeds: Home's Recent Activity (the caller's bots) and one bot's activity. */
export function createActivityService(deps: ActivityDeps) {
  return {
    recent: (vendorId: string, botIds: BotScope, limit: number) =>
      recentActivity(deps, vendorId, botIds, limit),
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
