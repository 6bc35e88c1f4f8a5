import type { LoginResponse } from '@app/contracts/auth';
import type { EventType } from '@app/contracts/events';
import { EVENT_TYPES } from '@app/contracts/events';
import type { Permission } from '@app/contracts/permissions';
import {
  type ActivityPeriod,
  type ActivityType,
  type AlertKind,
  type CreateStaffBody,
  type CreateStaffResponse,
  CreateStaffBody as CreateStaffSchema,
  INVITE_TTL_DAYS,
  type ManagedBots,
  type MyAlerts,
  type MyBots,
  PRESENCE_WINDOW_MS,
  type StaffActivityEntry,
  type StaffActivityPage,
  type StaffActivityQuery,
  StaffActivityQuery as StaffActivitySchema,
  type StaffInvite,
  type StaffListQuery,
  type StaffListResponse,
  type StaffMember,
  type StaffMetric,
  type StaffMetricsResponse,
  type UpdateStaffBody,
} from '@app/contracts/staff';
import type { Db, Tx } from '../../db/types';
import { type Actor, type BotScope, hasPermission, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256Hex } from '../../lib/secrets';
import type { InitDataUser } from '../../lib/telegram/init-data';
import type { PlatformBot } from '../../lib/telegram/platform-bot';
import { type AuthService, addStaffSeat, endStaffSeat, ownerContactOf, ownerOf } from '../auth/auth.service';
import type { BotsService } from '../bots/bots.service';
import { type EventRow, trail } from '../events/events.service';
import { type EventActor, recordEvent } from '../events/record-event';
import { eventActorOf } from '../orders/orders.service';
import { INVITE_MESSAGES } from './invite-message';
import type { StaffRow } from './staff.repository';
import * as repo from './staff.repository';

export type StaffDeps = {
  db: Db;
  bots: Pick<BotsService, 'namesOf'>;
  auth: Pick<AuthService, 'sessionFor' | 'verifiedUser' | 'vendorOf'>;
  platformBot: PlatformBot;
  /**
   * Sends a platform bot message with one link button; it fails for someone who never started the platform bot
   * (Telegram's 403), which is fine: the owner shares the link then.
   */
  sendInvite?: (chatId: number, text: string, button: { text: string; url: string }) => Promise<void>;
  /** Sends any platform bot message (`sendMessage` with `chat_id` filled in): the picker and its replies. */
  platformMessage?: (chatId: number, message: { text: string; reply_markup?: unknown }) => Promise<void>;
  now?: () => Date;
};

const nowOf = (deps: Pick<StaffDeps, 'now'>): Date => deps.now?.() ?? new Date();

// ---- The grant: what a staff caller may do, looked up on every request ----

/** What a staff member may do in one account (the actor resolver's `StaffGrant`). */
export type Grant = { permissions: readonly Permission[]; botIds: BotScope };

/**
 * The caller's grant in the vendor's account, from their seat: null unless the seat is active. Read on every
 * request of a staff caller (never cached), so a narrowed or revoked seat applies to the very next request.
 */
export async function findGrant(
  deps: StaffDeps,
  vendorId: string,
  telegramId: number,
): Promise<Grant | null> {
  const row = await repo.findByTelegramId(deps.db, vendorId, telegramId);
  if (row?.status !== 'active') return null;
  return { permissions: row.permissions, botIds: row.managedBots ?? 'all' };
}

/**
 * Presence (online = a request in the last 5 minutes): the seat's last request, written at most once a minute
 * per person and account, so a busy member costs one write a minute, not one a request.
 */
function presenceRecorder(deps: StaffDeps) {
  const written = new Map<string, number>();
  return async (vendorId: string, telegramId: number) => {
    const at = nowOf(deps);
    const key = `${vendorId}:${telegramId}`;
    if (at.getTime() - (written.get(key) ?? 0) < 60_000) return;
    written.set(key, at.getTime());
    await repo.touch(deps.db, vendorId, telegramId, at);
  };
}

/**
 * The active seats responsible for `botId` (null: the account): holding `permission` (or Full Access) with that
 * bot in their scope, with the alert kinds each muted for themselves.
 */
export async function staffResponsible(
  db: Db,
  vendorId: string,
  permission: Permission,
  botId: string | null,
): Promise<{ telegramId: number; mutedAlerts: readonly AlertKind[] }[]> {
  const seats = await repo.activeSeats(db, vendorId);
  return seats
    .filter((s) => hasPermission(s, permission))
    .filter((s) => s.managedBots === null || (botId !== null && s.managedBots.includes(botId)));
}

/**
 * The staff members an alert about `botId` (null: the account) goes to: active seats holding `permission`
 * (or Full Access) with that bot in their scope, unless they muted its kind. The platform bot tells them as it
 * tells the owner.
 */
export async function staffToTell(
  db: Db,
  vendorId: string,
  permission: Permission,
  botId: string | null,
  kind: AlertKind,
): Promise<number[]> {
  return (await staffResponsible(db, vendorId, permission, botId))
    .filter((s) => !s.mutedAlerts.includes(kind))
    .map((s) => s.telegramId);
}

// ---- The team ----

function toMember(row: StaffRow, now: Date): StaffMember {
  const online =
    row.status === 'active' &&
    row.lastActiveAt !== null &&
    now.getTime() - row.lastActiveAt.getTime() < PRESENCE_WINDOW_MS;
  return {
    id: row.id,
    telegramId: row.telegramId,
    name: row.name,
    username: row.username,
    role: row.role,
    permissions: row.permissions,
    managedBots: row.managedBots ?? 'all',
    status: row.status,
    notes: row.notes,
    avatar: null,
    joinDate: row.joinedAt?.toISOString() ?? null,
    lastActive: row.lastActiveAt?.toISOString() ?? null,
    presence: online ? 'online' : 'offline',
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listStaff(
  deps: StaffDeps,
  actor: Actor,
  q: StaffListQuery,
): Promise<StaffListResponse> {
  const now = nowOf(deps);
  const rows = await repo.list(deps.db, actor.vendorId, q);
  return { staff: rows.map((r) => toMember(r, now)), total: rows.length };
}

async function mustFind(conn: Db | Tx, vendorId: string, staffId: string, forUpdate = false) {
  const row = await repo.findById(conn, vendorId, staffId, forUpdate);
  if (!row) throw new AppError('STAFF_NOT_FOUND');
  return row;
}

export async function getStaff(deps: StaffDeps, actor: Actor, staffId: string): Promise<StaffMember> {
  return toMember(await mustFind(deps.db, actor.vendorId, staffId), nowOf(deps));
}

/**
 * The Full Access rule (`all` alone), at least one permission, and no escalation: the caller grants only
 * permissions they hold themselves.
 */
export function checkedPermissions(actor: Actor, permissions: readonly Permission[]): Permission[] {
  const unique = [...new Set(permissions)];
  if (unique.length === 0) throw new AppError('STAFF_NO_PERMISSIONS');
  if (unique.includes('all') && unique.length > 1) throw new AppError('STAFF_FULL_ACCESS_ALONE');
  const beyond = unique.filter((p) => !hasPermission(actor, p));
  if (beyond.length > 0) throw new AppError('PERMISSION_DENIED', { permission: beyond[0] ?? null });
  return unique;
}

/**
 * The bots of a seat: each one the vendor's (else 404, as for another vendor's bot) and within the caller's
 * own scope (a member limited to some bots cannot hand out others, nor every bot).
 */
export async function checkedBots(
  deps: StaffDeps,
  actor: Actor,
  bots: ManagedBots,
): Promise<string[] | null> {
  if (bots === 'all') {
    if (actor.botIds !== 'all') throw new AppError('STAFF_GRANT_EXCEEDS_OWN', { botScope: 'all' });
    return null;
  }
  const unique = [...new Set(bots)];
  const vendorBots = new Set((await deps.bots.namesOf({ ...actor, botIds: 'all' })).map((b) => b.id));
  if (unique.some((id) => !vendorBots.has(id))) throw new AppError('BOT_NOT_FOUND');
  const outside = unique.filter((id) => !inBotScope(actor.botIds, id));
  if (outside.length > 0) throw new AppError('STAFF_GRANT_EXCEEDS_OWN', { botScope: outside.join(',') });
  return unique;
}

/** A new invite token: the link carries it, the seat keeps its hash until it is used. */
function newInvite(deps: StaffDeps) {
  const token = randomToken(24);
  const expiresAt = new Date(nowOf(deps).getTime() + INVITE_TTL_DAYS * 24 * 3600 * 1000);
  return { token, hash: sha256Hex(token), expiresAt };
}

async function inviteOf(deps: StaffDeps, invite: { token: string; expiresAt: Date }): Promise<StaffInvite> {
  const url = await deps.platformBot.miniAppLink(`invite_${invite.token}`).catch(() => null);
  return { url, token: invite.token, expiresAt: invite.expiresAt.toISOString() };
}

/**
 * Adds a person to the team: a pending seat and a single-use invite link. The seat becomes active when the
 * person accepts the link from their own Telegram account, or at their next sign-in.
 */
export async function addStaff(
  deps: StaffDeps,
  actor: Actor,
  input: CreateStaffBody,
): Promise<CreateStaffResponse> {
  const body = CreateStaffSchema.parse(input);
  const permissions = checkedPermissions(actor, body.permissions);
  const managedBots = await checkedBots(deps, actor, body.managedBots);
  const invite = newInvite(deps);
  const row = await deps.db.transaction(async (tx) => {
    if ((await ownerOf(tx, actor.vendorId)) === body.telegramId) throw new AppError('STAFF_IS_OWNER');
    const inserted = await repo.insert(tx, {
      vendorId: actor.vendorId,
      telegramId: body.telegramId,
      name: body.name,
      username: body.username ?? null,
      role: body.role,
      permissions,
      managedBots,
      status: 'pending',
      notes: body.notes ?? null,
      inviteTokenHash: invite.hash,
      inviteExpiresAt: invite.expiresAt,
      addedBy: actor.telegramId,
    });
    if (!inserted) throw new AppError('STAFF_ALREADY_ADDED');
    await recordEvent(tx, {
      vendorId: actor.vendorId,
      type: 'staff.added',
      actor: await eventActorOf(tx, actor),
      subject: { kind: 'staff', id: inserted.id },
      payload: staffPayload(inserted),
      at: nowOf(deps),
    });
    return inserted;
  });
  const link = await inviteOf(deps, invite);
  await tellInvitee(deps, row, link);
  return { member: toMember(row, nowOf(deps)), invite: link };
}

/** The platform bot tells the person, when they have started it before (best effort: never fails the add). */
async function tellInvitee(deps: StaffDeps, row: StaffRow, invite: StaffInvite): Promise<void> {
  if (!deps.sendInvite || !invite.url) return;
  try {
    const owner = await ownerContactOf(deps.db, row.vendorId);
    const store = (await deps.auth.vendorOf(row.vendorId))?.vendor.storeName ?? '';
    const words = INVITE_MESSAGES[owner?.language ?? 'en'];
    await deps.sendInvite(row.telegramId, words.text(store, row.name), {
      text: words.button,
      url: invite.url,
    });
  } catch {
    // Not started, blocked, or Telegram unreachable: the link on the screen is the way.
  }
}

const staffPayload = (row: StaffRow) => ({
  name: row.name,
  telegramId: row.telegramId,
  role: row.role,
  permissions: row.permissions.join(','),
  managedBots: row.managedBots === null ? 'all' : row.managedBots.join(','),
  status: row.status,
});

/**
 * A Full Access member may not take Full Access away from themselves (revoke, remove, narrow) while nobody else
 * on the team holds it: the owner aside, the team would be left without anyone to manage it.
 */
async function guardLastFullAccess(tx: Tx, actor: Actor, row: StaffRow, keepsFullAccess: boolean) {
  if (actor.kind !== 'staff' || actor.telegramId !== row.telegramId || keepsFullAccess) return;
  if (!row.permissions.includes('all')) return;
  if ((await repo.countOtherFullAccess(tx, actor.vendorId, row.id)) === 0) {
    throw new AppError('STAFF_LAST_FULL_ACCESS');
  }
}

/** Edit Permissions (role, permissions, bots), notes and names, and revoke/restore through `status`. */
export async function updateStaff(
  deps: StaffDeps,
  actor: Actor,
  staffId: string,
  body: UpdateStaffBody,
): Promise<StaffMember> {
  const permissions = body.permissions && checkedPermissions(actor, body.permissions);
  const managedBots =
    body.managedBots === undefined ? undefined : await checkedBots(deps, actor, body.managedBots);
  const row = await deps.db.transaction(async (tx) => {
    const current = await mustFind(tx, actor.vendorId, staffId, true);
    const revoking = body.status === 'inactive' && current.status !== 'inactive';
    const restoring = body.status === 'active' && current.status === 'inactive';
    const keepsFullAccess = !revoking && (permissions ?? current.permissions).includes('all');
    await guardLastFullAccess(tx, actor, current, keepsFullAccess);

    const patch: Partial<repo.NewStaffRow> = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.username !== undefined) patch.username = body.username;
    if (body.role !== undefined) patch.role = body.role;
    if (body.notes !== undefined) patch.notes = body.notes;
    if (permissions) patch.permissions = permissions;
    if (managedBots !== undefined) patch.managedBots = managedBots;
    if (revoking) {
      patch.status = 'inactive';
      patch.inviteTokenHash = null;
      await endStaffSeat(tx, actor.vendorId, current.telegramId);
    }
    if (restoring) {
      // Someone who had joined gets their seat back at once; someone who never did is invited again.
      patch.status = current.joinedAt ? 'active' : 'pending';
      if (current.joinedAt) {
        await addStaffSeat(tx, actor.vendorId, {
          telegramId: current.telegramId,
          name: body.name ?? current.name,
          username: current.username,
        });
      }
    }
    const updated = await repo.update(tx, actor.vendorId, staffId, patch);
    await recordEvent(tx, {
      vendorId: actor.vendorId,
      type: 'staff.updated',
      actor: await eventActorOf(tx, actor),
      subject: { kind: 'staff', id: staffId },
      payload: { ...staffPayload(updated), change: Object.keys(body).sort().join(',') },
      at: nowOf(deps),
    });
    return updated;
  });
  return toMember(row, nowOf(deps));
}

/** Revokes and removes a seat: the person's sessions in the account end, their next request is refused. */
export async function removeStaff(deps: StaffDeps, actor: Actor, staffId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await mustFind(tx, actor.vendorId, staffId, true);
    await guardLastFullAccess(tx, actor, row, false);
    await endStaffSeat(tx, actor.vendorId, row.telegramId);
    await repo.remove(tx, actor.vendorId, staffId);
    await recordEvent(tx, {
      vendorId: actor.vendorId,
      type: 'staff.removed',
      actor: await eventActorOf(tx, actor),
      subject: { kind: 'staff', id: staffId },
      payload: staffPayload(row),
      at: nowOf(deps),
    });
  });
}

/** Resend: a new link with a new token (the old one stops working), for a seat still waiting. */
export async function resendInvite(deps: StaffDeps, actor: Actor, staffId: string): Promise<StaffInvite> {
  const invite = newInvite(deps);
  await deps.db.transaction(async (tx) => {
    const row = await mustFind(tx, actor.vendorId, staffId, true);
    if (row.status !== 'pending') throw new AppError('STAFF_ALREADY_JOINED');
    await repo.update(tx, actor.vendorId, staffId, {
      inviteTokenHash: invite.hash,
      inviteExpiresAt: invite.expiresAt,
    });
  });
  return inviteOf(deps, invite);
}

// ---- Taking a seat ----

/** Makes a waiting seat active for the person who proved to be its Telegram account. */
async function activate(deps: StaffDeps, tx: Tx, row: StaffRow, user: InitDataUser): Promise<void> {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim() || row.name;
  await repo.update(tx, row.vendorId, row.id, {
    status: 'active',
    joinedAt: nowOf(deps),
    inviteTokenHash: null,
    username: user.username ?? row.username,
  });
  await addStaffSeat(tx, row.vendorId, {
    telegramId: user.id,
    name: user.first_name || row.name,
    username: user.username ?? row.username,
  });
  const who: EventActor = { kind: 'staff', id: String(user.id), name };
  await recordEvent(tx, {
    vendorId: row.vendorId,
    type: 'staff.updated',
    actor: who,
    subject: { kind: 'staff', id: row.id },
    payload: { ...staffPayload({ ...row, status: 'active' }), change: 'joined' },
    at: nowOf(deps),
  });
}

/**
 * Opening an invite link: the init data's Telegram user must be the one the seat was made for. The seat
 * becomes active and the answer is a session in that account (no store of the person's own is made).
 */
export async function acceptInvite(
  deps: StaffDeps,
  initData: string | undefined,
  token: string,
): Promise<LoginResponse> {
  const user = deps.auth.verifiedUser(initData);
  const vendorId = await deps.db.transaction(async (tx) => {
    const row = await repo.findByInviteForUpdate(tx, sha256Hex(token));
    if (row?.status !== 'pending') throw new AppError('INVITE_NOT_FOUND');
    if (!row.inviteExpiresAt || row.inviteExpiresAt <= nowOf(deps)) throw new AppError('INVITE_EXPIRED');
    if (row.telegramId !== user.id) throw new AppError('INVITE_WRONG_ACCOUNT');
    await activate(deps, tx, row, user);
    return row.vendorId;
  });
  return deps.auth.sessionFor(user.id, vendorId);
}

/** At sign-in: every seat waiting for this person becomes active (they were added by their Telegram id). */
export async function activatePendingSeats(deps: StaffDeps, tx: Tx, user: InitDataUser): Promise<void> {
  for (const row of await repo.pendingOf(tx, user.id)) await activate(deps, tx, row, user);
}

// ---- The activity log and metrics: read from the audit trail ----

/** The Activity Log's type chips, as event types. */
const GROUPS: Record<Exclude<ActivityType, 'all'>, (type: EventType) => boolean> = {
  orders: (t) => t.startsWith('order.') || t.startsWith('payment.') || t.startsWith('refund.'),
  customers: (t) => t.startsWith('customer.'),
  // Support conversations come with the support issue; flagged messages are what support reviews today.
  support: (t) => t === 'bot.message_flagged',
  products: (t) => t.startsWith('product.') || t.startsWith('category.'),
  system: () => true,
};

function groupOf(type: EventType): Exclude<ActivityType, 'all'> {
  for (const group of ['orders', 'customers', 'support', 'products'] as const) {
    if (GROUPS[group](type)) return group;
  }
  return 'system';
}

const typesOf = (type: ActivityType): EventType[] | undefined =>
  type === 'all' ? undefined : EVENT_TYPES.filter((t) => groupOf(t) === type);

const DAY_MS = 24 * 3600 * 1000;
const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** A period chip as [since, until) (UTC days). */
function periodRange(period: ActivityPeriod, now: Date): { since?: Date; until?: Date } {
  const today = startOfDay(now);
  switch (period) {
    case 'today':
      return { since: today };
    case 'yesterday':
      return { since: new Date(today.getTime() - DAY_MS), until: today };
    case 'week':
      return { since: new Date(today.getTime() - 6 * DAY_MS) };
    case 'month':
      return { since: new Date(today.getTime() - 29 * DAY_MS) };
    case 'all':
      return {};
  }
}

const encodeCursor = (row: EventRow) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(date.getTime())) {
    throw new AppError('VALIDATION_FAILED', { field: 'cursor' });
  }
  return { at: date, id };
}

function toEntry(row: EventRow): StaffActivityEntry {
  return {
    id: row.id,
    type: row.type,
    group: groupOf(row.type),
    actor: { kind: row.actorKind, name: row.actorName },
    subject: { kind: row.subjectKind, id: row.subjectId },
    botId: row.botId,
    payload: row.payload,
    timestamp: row.createdAt.toISOString(),
  };
}

/** What the member did (their own entries in the trail), within the caller's bots, newest first. */
async function readLog(
  deps: StaffDeps,
  actor: Actor,
  member: StaffRow,
  q: { period: ActivityPeriod; type: ActivityType; cursor?: string | undefined; limit: number },
): Promise<EventRow[]> {
  const types = typesOf(q.type);
  const range = periodRange(q.period, nowOf(deps));
  return trail.list(deps.db, actor.vendorId, {
    // Who sees every bot sees the whole log, account-wide entries too; a caller limited to bots, those bots'.
    botIds: actor.botIds,
    actorKind: 'staff',
    actorId: String(member.telegramId),
    limit: q.limit,
    ...(types ? { types } : {}),
    ...(range.since ? { since: range.since } : {}),
    ...(range.until ? { until: range.until } : {}),
    ...(q.cursor ? { after: decodeCursor(q.cursor) } : {}),
  });
}

export async function staffActivity(
  deps: StaffDeps,
  actor: Actor,
  staffId: string,
  input: StaffActivityQuery,
): Promise<StaffActivityPage> {
  const q = StaffActivitySchema.parse(input);
  const member = await mustFind(deps.db, actor.vendorId, staffId);
  const rows = await readLog(deps, actor, member, { ...q, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    entries: page.map(toEntry),
    nextCursor: rows.length > q.limit && last ? encodeCursor(last) : null,
  };
}

const CSV_MAX_ROWS = 10_000;

const csvCell = (value: unknown): string => {
  const s = value === null || value === undefined ? '' : String(value);
  // A leading = + - @ makes a spreadsheet run the cell as a formula: quote it as text.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The Activity Report: the filtered log as CSV (up to 10,000 rows). */
export async function staffActivityCsv(
  deps: StaffDeps,
  actor: Actor,
  staffId: string,
  input: StaffActivityQuery,
): Promise<string> {
  const q = StaffActivitySchema.parse(input);
  const member = await mustFind(deps.db, actor.vendorId, staffId);
  const rows = await readLog(deps, actor, member, { ...q, cursor: undefined, limit: CSV_MAX_ROWS });
  const header = ['timestamp', 'type', 'group', 'bot_id', 'subject_kind', 'subject_id', 'detail'];
  const lines = rows.map((row) =>
    [
      row.createdAt.toISOString(),
      row.type,
      groupOf(row.type),
      row.botId,
      row.subjectKind,
      row.subjectId,
      Object.entries(row.payload)
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([k, v]) => `${k}=${String(v)}`)
        .join('; '),
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\n')}\n`;
}

/** A reply within this long after the order was placed counts as on time. */
const ON_TIME_MS = 24 * 3600 * 1000;

const percent = (value: number, total: number) =>
  total > 0 ? Math.round((value / total) * 1000) / 10 : null;

/**
 * §3.7 metrics from the trail: orders handled (of the orders placed in the member's bots), orders handled on
 * time (first action within 24 hours of the order), and the average response time in minutes.
 */
export async function staffMetrics(
  deps: StaffDeps,
  actor: Actor,
  staffId: string,
  period: ActivityPeriod,
): Promise<StaffMetricsResponse> {
  const member = await mustFind(deps.db, actor.vendorId, staffId);
  const since = periodRange(period, nowOf(deps)).since ?? null;
  const handled = await trail.firstActionsOnOrders(
    deps.db,
    actor.vendorId,
    { kind: 'staff', id: String(member.telegramId) },
    since,
  );
  const placed = await trail.count(deps.db, actor.vendorId, {
    types: ['order.created'],
    botIds: member.managedBots ?? 'all',
    since,
  });
  const timed = handled.filter((h) => h.createdAt !== null);
  const delays = timed.map((h) => h.firstActionAt.getTime() - (h.createdAt as Date).getTime());
  const onTime = delays.filter((d) => d <= ON_TIME_MS).length;
  const avgMinutes = delays.length
    ? Math.round(delays.reduce((a, b) => a + b, 0) / delays.length / 60_000)
    : 0;
  const metrics: StaffMetric[] = [
    {
      metric: 'orders_handled',
      value: handled.length,
      total: placed,
      percentage: percent(handled.length, Math.max(placed, handled.length)),
    },
    {
      metric: 'orders_on_time',
      value: onTime,
      total: timed.length,
      percentage: percent(onTime, timed.length),
    },
    { metric: 'avg_response_minutes', value: avgMinutes, total: null, percentage: null },
  ];
  return { period, metrics };
}

/** The staff module: the team, invites, the grant lookup, the log and metrics, bound to `deps`. */
// ---- The member's own alert settings ----

/** The caller's seat in the account (an owner has none: they are told everything). */
async function ownSeat(deps: StaffDeps, actor: Actor): Promise<StaffRow> {
  const row =
    actor.kind === 'staff' ? await repo.findByTelegramId(deps.db, actor.vendorId, actor.telegramId) : null;
  if (!row) throw new AppError('STAFF_NOT_FOUND');
  return row;
}

export async function myAlerts(deps: StaffDeps, actor: Actor): Promise<MyAlerts> {
  return { muted: (await ownSeat(deps, actor)).mutedAlerts };
}

/** Any member sets their own mutes (no permission needed: it changes only what they are told). */
export async function setMyAlerts(deps: StaffDeps, actor: Actor, body: MyAlerts): Promise<MyAlerts> {
  const seat = await ownSeat(deps, actor);
  const muted = [...new Set(body.muted)];
  await repo.setMutedAlerts(deps.db, actor.vendorId, seat.id, muted);
  return { muted };
}

export function createStaffService(deps: StaffDeps) {
  const recordPresence = presenceRecorder(deps);
  return {
    /** The actor resolver's `findStaffGrant`: also notes the request for presence. */
    findGrant: async (vendorId: string, telegramId: number) => {
      const grant = await findGrant(deps, vendorId, telegramId);
      if (grant) await recordPresence(vendorId, telegramId);
      return grant;
    },
    /** An active seat's name, permissions and bots by Telegram id (support assigns to it); null otherwise. */
    seatOf: async (vendorId: string, telegramId: number) => {
      const row = await repo.findByTelegramId(deps.db, vendorId, telegramId);
      if (row?.status !== 'active') return null;
      return { name: row.name, permissions: row.permissions, botIds: row.managedBots ?? ('all' as const) };
    },
    list: (actor: Actor, q: StaffListQuery) => listStaff(deps, actor, q),
    myAlerts: (actor: Actor) => myAlerts(deps, actor),
    /** The caller's bots by name, in their scope: what pickers show (any member may read it). */
    myBots: async (actor: Actor): Promise<MyBots> => ({ bots: await deps.bots.namesOf(actor) }),
    setMyAlerts: (actor: Actor, body: MyAlerts) => setMyAlerts(deps, actor, body),
    get: (actor: Actor, staffId: string) => getStaff(deps, actor, staffId),
    add: (actor: Actor, body: CreateStaffBody) => addStaff(deps, actor, body),
    update: (actor: Actor, staffId: string, body: UpdateStaffBody) => updateStaff(deps, actor, staffId, body),
    remove: (actor: Actor, staffId: string) => removeStaff(deps, actor, staffId),
    resendInvite: (actor: Actor, staffId: string) => resendInvite(deps, actor, staffId),
    acceptInvite: (initData: string | undefined, token: string) => acceptInvite(deps, initData, token),
    activatePendingSeats: (tx: Tx, user: InitDataUser) => activatePendingSeats(deps, tx, user),
    activity: (actor: Actor, staffId: string, q: StaffActivityQuery) =>
      staffActivity(deps, actor, staffId, q),
    activityCsv: (actor: Actor, staffId: string, q: StaffActivityQuery) =>
      staffActivityCsv(deps, actor, staffId, q),
    metrics: (actor: Actor, staffId: string, period: ActivityPeriod) =>
      staffMetrics(deps, actor, staffId, period),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
