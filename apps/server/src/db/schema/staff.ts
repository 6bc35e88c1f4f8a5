import type { Permission } from '@app/contracts/permissions';
import { type AlertKind, type PickStaffBody, StaffRole, StaffStatus } from '@app/contracts/staff';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, enumValues, id, telegramId, updatedAt, vendorId } from './columns';
import { vendors } from './vendors';

/**
 * A vendor's team: one seat per person (Telegram id), with its role, permissions and bots. The seat is what the
 * server checks on every request of a staff caller (modules/staff); the person's sign-in identity
 * (`telegram_identities`, role STAFF) exists while the seat is active.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    telegramId: telegramId('telegram_id').notNull(),
    name: text('name').notNull(),
    username: text('username'),
    role: text('role', { enum: enumValues(StaffRole.options) }).notNull(),
    permissions: jsonb('permissions').$type<Permission[]>().notNull(),
    /** Null: every bot of the account; else these bot ids. */
    managedBots: jsonb('managed_bots').$type<string[] | null>(),
    status: text('status', { enum: enumValues(StaffStatus.options) })
      .notNull()
      .default('pending'),
    notes: text('notes'),
    /** The invite link's token, hashed; null once used (or for a seat never invited). */
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true, mode: 'date' }),
    addedBy: telegramId('added_by'),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }),
    /** The person's last request in this account (presence: online within 5 minutes). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }),
    /** The alert kinds the member muted for themselves (orders, stock, support, plan). */
    mutedAlerts: jsonb('muted_alerts').$type<AlertKind[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    uniqueIndex('staff_members_vendor_telegram_idx').on(t.vendorId, t.telegramId),
    uniqueIndex('staff_members_invite_idx').on(t.inviteTokenHash),
    index('staff_members_telegram_idx').on(t.telegramId),
  ],
);

/**
 * "Pick from Telegram": the Add Staff form without the person, waiting for the owner (or a Full Access member)
 * to choose someone with the platform bot's `request_users` keyboard. Telegram's `users_shared` update names
 * the request by (the chooser, `request_id`); the pick is used once and lasts an hour.
 */
export const staffPicks = pgTable(
  'staff_picks',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    requestedBy: telegramId('requested_by').notNull(),
    requestId: integer('request_id').notNull(),
    draft: jsonb('draft').$type<PickStaffBody>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.requestedBy, t.requestId] }),
    // The share names the chooser and the request, not the account.
    index('staff_picks_request_idx').on(t.requestedBy, t.requestId),
  ],
);
