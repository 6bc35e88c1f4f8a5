import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * A device bound for biometric step-up (Telegram's BiometricManager): a random secret made by the server, kept
 * by the device in its biometric-protected storage and released only by Face ID / fingerprint. Only its
 * SHA-256 is stored. One per person and Telegram `deviceId` (binding again replaces the secret).
 */
export const biometricDevices = pgTable(
  'biometric_devices',
  {
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    telegramId: telegramId('telegram_id').notNull(),
    /** Telegram's BiometricManager.deviceId (per bot and device). */
    deviceId: text('device_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The client and operating system at binding (from the user agent), for the list in Security. */
    device: text('device').notNull(),
    platform: text('platform').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    uniqueIndex('biometric_devices_person_device_idx').on(t.vendorId, t.telegramId, t.deviceId),
  ],
);
