import type { AlertKind, PickStaffBody, StaffListQuery } from '@app/contracts/staff';
import { and, asc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { staffMembers, staffPicks } from '../../db/schema/index';

type Conn = Db | Tx;
export type StaffRow = typeof staffMembers.$inferSelect;
export type NewStaffRow = typeof staffMembers.$inferInsert;

/** A person's seat in a vendor's team (the grant lookup of every staff request: one index read). */
export async function findByTelegramId(conn: Conn, vendorId: string, telegramId: number) {
  const [row] = await conn
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.vendorId, vendorId), eq(staffMembers.telegramId, telegramId)))
    .limit(1);
  return row;
}

export async function findById(conn: Conn, vendorId: string, id: string, forUpdate = false) {
  const query = conn
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.vendorId, vendorId), eq(staffMembers.id, id)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The team, oldest seat first: search by name, username or Telegram id; role and status filters. */
export async function list(db: Db, vendorId: string, q: StaffListQuery): Promise<StaffRow[]> {
  const where: SQL[] = [eq(staffMembers.vendorId, vendorId)];
  if (q.role) where.push(eq(staffMembers.role, q.role));
  if (q.status) where.push(eq(staffMembers.status, q.status));
  const search = q.search?.replace(/^@/, '');
  if (search) {
    const like = `%${escapeLike(search)}%`;
    const match = or(
      ilike(staffMembers.name, like),
      ilike(staffMembers.username, like),
      sql`${staffMembers.telegramId}::text like ${like}`,
    );
    if (match) where.push(match);
  }
  return db
    .select()
    .from(staffMembers)
    .where(and(...where))
    .orderBy(asc(staffMembers.createdAt), asc(staffMembers.id));
}

/** Inserts a seat; undefined when the person already has one in this team (the unique index). */
export async function insert(tx: Tx, values: NewStaffRow): Promise<StaffRow | undefined> {
  const [row] = await tx.insert(staffMembers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function update(
  tx: Tx,
  vendorId: string,
  id: string,
  patch: Partial<NewStaffRow>,
): Promise<StaffRow> {
  const [row] = await tx
    .update(staffMembers)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(staffMembers.vendorId, vendorId), eq(staffMembers.id, id)))
    .returning();
  if (!row) throw new Error('staff update returned nothing');
  return row;
}

export async function remove(tx: Tx, vendorId: string, id: string): Promise<void> {
  await tx.delete(staffMembers).where(and(eq(staffMembers.vendorId, vendorId), eq(staffMembers.id, id)));
}

/** The seat an invite link names, locked: accepting it twice at once makes one seat active, once. */
export async function findByInviteForUpdate(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(staffMembers)
    .where(eq(staffMembers.inviteTokenHash, tokenHash))
    .for('update');
  return row;
}

/** Every seat waiting for this person, in any team. */
export async function pendingOf(tx: Tx, telegramId: number): Promise<StaffRow[]> {
  return tx
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.telegramId, telegramId), eq(staffMembers.status, 'pending')))
    .for('update');
}

/** Active members with Full Access other than this one. */
export async function countOtherFullAccess(tx: Tx, vendorId: string, exceptId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(staffMembers)
    .where(
      and(
        eq(staffMembers.vendorId, vendorId),
        ne(staffMembers.id, exceptId),
        eq(staffMembers.status, 'active'),
        sql`${staffMembers.permissions} @> '["all"]'::jsonb`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Presence: the person's last request in this account. */
export async function touch(db: Db, vendorId: string, telegramId: number, at: Date): Promise<void> {
  await db
    .update(staffMembers)
    .set({ lastActiveAt: at })
    .where(and(eq(staffMembers.vendorId, vendorId), eq(staffMembers.telegramId, telegramId)));
}

/** The active seats of a vendor (the alerts pick who is told among them). */
export async function activeSeats(db: Db, vendorId: string) {
  return db
    .select({
      telegramId: staffMembers.telegramId,
      permissions: staffMembers.permissions,
      managedBots: staffMembers.managedBots,
      mutedAlerts: staffMembers.mutedAlerts,
    })
    .from(staffMembers)
    .where(and(eq(staffMembers.vendorId, vendorId), eq(staffMembers.status, 'active')));
}

/** The member's own muted alert kinds. */
export async function setMutedAlerts(
  db: Db,
  vendorId: string,
  id: string,
  muted: AlertKind[],
): Promise<void> {
  await db
    .update(staffMembers)
    .set({ mutedAlerts: muted })
    .where(and(eq(staffMembers.vendorId, vendorId), eq(staffMembers.id, id)));
}

/** A pick waiting for the chooser's answer (one per chooser and request id; a clash is simply refused). */
export async function insertPick(
  db: Db,
  pick: { vendorId: string; requestedBy: number; requestId: number; draft: PickStaffBody; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(staffPicks)
    .values(pick)
    .onConflictDoNothing()
    .returning({ id: staffPicks.requestId });
  return rows.length > 0;
}

/** Takes the chooser's pick (used once: deleted as it is read); undefined when there is none. */
export async function takePick(db: Db, requestedBy: number, requestId: number) {
  const [row] = await db
    .delete(staffPicks)
    .where(and(eq(staffPicks.requestedBy, requestedBy), eq(staffPicks.requestId, requestId)))
    .returning();
  return row;
}
