import { sql } from 'drizzle-orm';
import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every table shares. Tenant tables lead their keys with vendor_id (ARCHITECTURE.md "Data"). */
export const id = () => uuid('id').notNull().default(sql`gen_random_uuid()`);
export const vendorId = () => uuid('vendor_id').notNull();
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** Telegram ids can need 52 bits (SECURITY.md): 64-bit, read as JS numbers (safe up to 2^53). */
export const telegramId = (name: string) => bigint(name, { mode: 'number' });
/** Money in integer minor units (cents); the currency sits in its own column. */
export const money = (name: string) => bigint(name, { mode: 'number' });
/** A reference to another tenant row, joined on (vendor_id, <name>). */
export const ref = (name: string) => uuid(name).notNull();
/** A contracts enum's values as the tuple drizzle's `text(name, { enum })` wants: one list for API and database. */
export const enumValues = <T extends string>(values: readonly T[]) => values as readonly [T, ...T[]];
