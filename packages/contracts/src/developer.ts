import { z } from 'zod';
import { text } from './common';

/**
 * The developer surface (spec part 2 §2.3 "API Access", §3.8 "API key", §6, §9): API keys that open the public
 * API to a vendor's own programs.
 */

/** What a key may do (spec part 2 §6): read = GET, write = POST/PUT/PATCH, delete = DELETE. */
export const ApiKeyPermission = z.enum(['read', 'write', 'delete']);
export type ApiKeyPermission = z.infer<typeof ApiKeyPermission>;

/** The permission an HTTP method needs from a key. */
export function apiKeyPermissionFor(method: string): ApiKeyPermission {
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS') return 'read';
  if (m === 'DELETE') return 'delete';
  return 'write';
}

/** Every key's limits (spec part 2 §9: 60 a minute, 1,000 an hour, 10,000 a day). */
export const API_RATE_LIMITS = [
  { name: 'minute', limit: 60, windowS: 60 },
  { name: 'hour', limit: 1000, windowS: 3600 },
  { name: 'day', limit: 10_000, windowS: 86_400 },
] as const;

/** How every key begins: a leaked key is recognisable by its prefix, and checkable offline by its checksum. */
export const API_KEY_PREFIX = 'bsk_live_';

/** The plan feature that opens the public API (the plan catalogue's words). */
export const API_ACCESS_FEATURE = 'API access';

export const ApiKeyStatus = z.enum(['active', 'revoked', 'expired']);
export type ApiKeyStatus = z.infer<typeof ApiKeyStatus>;

export const CreateApiKeyBody = z.object({
  name: text().trim().min(1).max(64),
  /** Read is always part of it (default: read only). */
  permissions: z
    .array(ApiKeyPermission)
    .max(3)
    .default(['read'])
    .transform((ps) => [...new Set<ApiKeyPermission>(['read', ...ps])]),
  /** Only these bots; absent or null: every bot of the vendor. */
  botIds: z.array(z.uuid()).min(1).max(100).nullable().optional(),
  /** The key stops working then; absent or null: never. */
  expiresAt: z.iso.datetime().nullable().optional(),
  /** The account's two-step code, when it has two-step verification on (creating a key is a step-up action). */
  twoFactorCode: text().trim().max(16).optional(),
});
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBody>;
/** The body as the server reads it: defaults applied, read included. */
export type CreateApiKeyInput = z.output<typeof CreateApiKeyBody>;

export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's last four characters: the whole key is shown once, when it is made. */
  last4: z.string(),
  permissions: z.array(ApiKeyPermission),
  botIds: z.array(z.string()).nullable(),
  status: ApiKeyStatus,
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** A key as it is made: the only answer that holds the whole key. */
export const CreatedApiKey = ApiKey.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeyList = z.object({
  keys: z.array(ApiKey),
  limits: z.array(z.object({ name: z.string(), limit: z.number(), windowS: z.number() })),
  /** Whether any of the vendor's bots is on a plan with API access: a key acts on those bots only. */
  planIncludesApi: z.boolean(),
});
export type ApiKeyList = z.infer<typeof ApiKeyList>;

export const ApiKeyParams = z.object({ vendorId: text().min(1).max(64), keyId: z.uuid() });
