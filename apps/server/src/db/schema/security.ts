import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, telegramId, updatedAt } from './columns';
import { vendors } from './vendors';

/**
 * Two-step confirmation (TOTP, RFC 6238) of one person in one vendor's account: the secret sealed with the
 * app's key (never stored plain), the recovery codes as SHA-256 hashes (a used one is removed), and the wrong
 * codes counted in the current window (5 a quarter hour).
 */
export const twoStep = pgTable(
  'two_step',
  {
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    telegramId: telegramId('telegram_id').notNull(),
    /** Sealed (AES-256-GCM); a secret being set up until `enabledAt` is set. */
    secretSealed: text('secret_sealed').notNull(),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    recoveryHashes: jsonb('recovery_hashes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The last time step accepted: a code is good once (RFC 6238 §5.2). */
    lastStep: integer('last_step').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    failuresSince: timestamp('failures_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.telegramId] })],
);

/** A fresh two-step code given in a session (a refresh-token family): sensitive actions pass for 10 minutes. */
export const stepUps = pgTable(
  'step_ups',
  {
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.sessionId] })],
);
