import type { ApiKeyPermission } from '@app/contracts/developer';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, telegramId, vendorId } from './columns';

/**
 * A vendor's API keys (modules/api-keys). The key itself is never stored: its SHA-256 (a 256-bit random key
 * needs no slow hash) is looked up with the vendor of the URL it is used on, and its last four characters are
 * kept to tell keys apart in the list.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    vendorId: vendorId(),
    id: id(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    last4: text('last4').notNull(),
    permissions: jsonb('permissions').$type<ApiKeyPermission[]>().notNull(),
    /** Null: every bot of the vendor. */
    botIds: jsonb('bot_ids').$type<string[]>(),
    /** Who made it: the key acts in their name where a change records a person. */
    createdBy: telegramId('created_by').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    uniqueIndex('api_keys_hash_idx').on(t.vendorId, t.keyHash),
    index('api_keys_created_idx').on(t.vendorId, t.createdAt),
  ],
);
