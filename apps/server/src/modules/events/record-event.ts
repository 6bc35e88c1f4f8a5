import type { ActorKind, EventType, SubjectKind } from '@app/contracts/events';
import type { Tx } from '../../db/client';
import { existsSince, insertEvent } from './events.repository';

/** Who made a change, as events record it. Services build it from the request's caller or a job's name. */
export type EventActor = { kind: ActorKind; id: string | null; name?: string | null };

export const SYSTEM_ACTOR: EventActor = { kind: 'system', id: null, name: null };

export type DomainEvent = {
  vendorId: string;
  botId?: string | null;
  type: EventType;
  actor: EventActor;
  subject: { kind: SubjectKind; id: string };
  /** Small and flat: ids, names, numbers and codes that consumers need, never a display sentence. */
  payload?: Record<string, string | number | boolean | null>;
  at?: Date;
};

/**
 * Records a domain event in the caller's transaction, so the event exists exactly when the change does.
 * Consumers (activity feed, webhooks, notifications) receive it later through the events.dispatch job.
 */
export async function recordEvent(tx: Tx, event: DomainEvent): Promise<string> {
  const row = await insertEvent(tx, {
    vendorId: event.vendorId,
    botId: event.botId ?? null,
    type: event.type,
    actorKind: event.actor.kind,
    actorId: event.actor.id,
    actorName: event.actor.name ?? null,
    subjectKind: event.subject.kind,
    subjectId: event.subject.id,
    payload: event.payload ?? {},
    ...(event.at ? { createdAt: event.at } : {}),
  });
  return row.id;
}

/**
 * Whether an event of this type about this subject was recorded since `since`: for events a service records
 * at most once a period (e.g. bot.order_limit_reached, once a month per bot).
 */
export function eventRecordedSince(
  tx: Tx,
  q: { vendorId: string; type: EventType; subject: { kind: SubjectKind; id: string }; since: Date },
): Promise<boolean> {
  return existsSince(tx, {
    vendorId: q.vendorId,
    type: q.type,
    subjectKind: q.subject.kind,
    subjectId: q.subject.id,
    since: q.since,
  });
}
