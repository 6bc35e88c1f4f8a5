import { Role } from '@app/contracts/auth';
import { Language } from '@app/contracts/common';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enumValues, id, telegramId, updatedAt } from './columns';

export const vendors = pgTable('vendors', {
  id: id().primaryKey(),
  storeName: text('store_name').notNull(),
  email: text('email'),
  /** When the profile's e-mail was proven by the 6-digit code sent to it; null: not (yet) used for any mail. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  phone: text('phone'),
  company: text('company'),
  website: text('website'),
  timezone: text('timezone').notNull().default('UTC'),
  /** The profile's language for the back-office; null until the vendor picks one (then Telegram's is used). */
  language: text('language', { enum: enumValues(Language.options) }),
  isDemo: boolean('is_demo').notNull().default(false),
  /** The profile's name (first and last joined); null until saved: the owner's Telegram name shows. */
  name: text('name'),
  address: text('address'),
  city: text('city'),
  country: text('country'),
  postalCode: text('postal_code'),
  /** The uploaded profile photo's address (a media upload's medium size); null: Telegram's photo shows. */
  profileImageUrl: text('profile_image_url'),
  /** Set while the account's deletion is scheduled (the purge runs 30 days later); cleared by a sign-in. */
  deletionScheduledAt: timestamp('deletion_scheduled_at', { withTimezone: true }),
  /** When the purge erased the account's personal data; the row stays for bookkeeping. */
  purgedAt: timestamp('purged_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The code that proves the profile's new e-mail address (modules/profile): one per vendor, for the address it was
 * sent to, stored as a SHA-256 hash, good for 15 minutes and 5 wrong tries.
 */
export const emailVerifications = pgTable('email_verifications', {
  vendorId: uuid('vendor_id')
    .primaryKey()
    .references(() => vendors.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull().default(0),
});

/** A Telegram user who signs in, and the vendor they act for (as its owner, or later as staff). */
export const telegramIdentities = pgTable(
  'telegram_identities',
  {
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    telegramId: telegramId('telegram_id').notNull(),
    role: text('role', { enum: enumValues(Role.options) }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    username: text('username'),
    photoUrl: text('photo_url'),
    languageCode: text('language_code'),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.telegramId] }),
    index('telegram_identities_telegram_id_idx').on(t.telegramId),
  ],
);

/**
 * Sessions: opaque refresh tokens, stored as SHA-256 hashes. Each use rotates the token inside its family;
 * presenting a used one again revokes the family (RFC 9700 §4.14.2).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    familyId: uuid('family_id').notNull(),
    telegramId: telegramId('telegram_id').notNull(),
    role: text('role', { enum: enumValues(Role.options) }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The device's user agent at sign-in, carried to every rotation of the family (the sessions list). */
    userAgent: text('user_agent'),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.vendorId, t.familyId),
    index('refresh_tokens_expires_idx').on(t.expiresAt).where(sql`revoked_at is null`),
    // The revocation list: families revoked within an access token's lifetime (modules/auth/sessions.service.ts).
    index('refresh_tokens_revoked_idx').on(t.revokedAt).where(sql`revoked_at is not null`),
  ],
);
