import type { AuditEntry, AuditPage, AuditQuery } from '@app/contracts/events';
import type { Db } from '../../db/types';
import type { BotScope } from '../../lib/actor';
import {
  type AuditFilter,
  countEvents,
  type EventRow,
  firstActionsOnOrders,
  listEvents,
} from './events.repository';

export type { AuditFilter, EventRow } from './events.repository';

function toEntry(row: EventRow): AuditEntry {
  return {
    id: row.id,
    type: row.type,
    botId: row.botId,
    actor: { kind: row.actorKind, id: row.actorId, name: row.actorName },
    subject: { kind: row.subjectKind, id: row.subjectId },
    payload: row.payload,
    timestamp: row.createdAt.toISOString(),
  };
}

/** What the audit service is built from. */
export type AuditDeps = { db: Db };

/** A page of the audit trail, newest first, within the bots the caller may see; `hasMore` when older ones exist. */
export async function listAudit(
  deps: AuditDeps,
  vendorId: string,
  botIds: BotScope,
  query: AuditQuery,
): Promise<AuditPage> {
  const rows = await listEvents(deps.db, vendorId, {
    botIds,
    limit: query.limit + 1,
    ...(query.botId ? { botId: query.botId } : {}),
    ...(query.actorId ? { actorId: query.actorId } : {}),
    ...(query.subjectKind ? { subjectKind: query.subjectKind } : {}),
    ...(query.subjectId ? { subjectId: query.subjectId } : {}),
    ...(query.before ? { before: new Date(query.before) } : {}),
  });
  return { entries: rows.slice(0, query.limit).map(toEntry), hasMore: rows.length > query.limit };
}

/** The audit trail: the events table read newest first, within the bots the caller may see. */
export function createAuditService(deps: AuditDeps) {
  return {
    list: (vendorId: string, botIds: BotScope, query: AuditQuery) => listAudit(deps, vendorId, botIds, query),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

/**
 * The trail as other modules read it (a staff member's activity log and metrics): rows, newest first, and the
 * per-order response figures.
 */
export const trail = {
  list: (db: Db, vendorId: string, filter: AuditFilter): Promise<EventRow[]> =>
    listEvents(db, vendorId, filter),
  firstActionsOnOrders,
  count: countEvents,
};
