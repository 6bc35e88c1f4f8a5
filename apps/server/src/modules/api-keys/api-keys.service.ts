import {
  API_ACCESS_FEATURE,
  API_RATE_LIMITS,
  type ApiKey,
  type ApiKeyList,
  type ApiKeyPermission,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@app/contracts/developer';
import { PLANS } from '@app/contracts/plans';
import type { Db } from '../../db/types';
import { type Actor, eventActorOf } from '../../lib/actor';
import { generateApiKey } from '../../lib/api-key-format';
import { AppError } from '../../lib/app-error';
import { sha256Hex } from '../../lib/secrets';
import type { BotsService } from '../bots/bots.service';
import { recordEvent } from '../events/record-event';
import { queueSecurityNotice } from '../notifications/notifications.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import * as repo from './api-keys.repository';

export type ApiKeysDeps = {
  db: Db;
  bots: Pick<BotsService, 'namesOf'>;
  subscriptions: Pick<SubscriptionsService, 'currentOf'>;
  now?: () => Date;
};

const nowOf = (deps: ApiKeysDeps) => deps.now?.() ?? new Date();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A key's last-used time is written at most this often: not one write per API call. */
const LAST_USED_EVERY_MS = 60_000;

function statusOf(row: repo.ApiKeyRow, now: Date): ApiKey['status'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function toApiKey(row: repo.ApiKeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    last4: row.last4,
    permissions: row.permissions,
    botIds: row.botIds,
    status: statusOf(row, now),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

const everyBot = (actor: Pick<Actor, 'vendorId' | 'telegramId'>): Actor => ({
  vendorId: actor.vendorId,
  telegramId: actor.telegramId,
  kind: 'owner',
  permissions: ['all'],
  botIds: 'all',
});

/** The bots among `botIds` (null: all of the vendor's) whose live plan lists API access (the plan catalogue). */
async function botsWithApiAccess(
  deps: ApiKeysDeps,
  owner: Pick<Actor, 'vendorId' | 'telegramId'>,
  botIds: readonly string[] | null,
): Promise<string[]> {
  const bots = (await deps.bots.namesOf(everyBot(owner))).map((b) => b.id);
  const wanted = botIds === null ? bots : bots.filter((id) => botIds.includes(id));
  if (wanted.length === 0) return [];
  const planOf = await deps.subscriptions.currentOf(owner.vendorId, wanted);
  return wanted.filter((id) => {
    const sub = planOf(id);
    const live = sub.status === 'trial' || sub.status === 'active';
    return live && PLANS[sub.plan].features.includes(API_ACCESS_FEATURE);
  });
}

export async function listKeys(deps: ApiKeysDeps, actor: Actor): Promise<ApiKeyList> {
  const now = nowOf(deps);
  const rows = await repo.listApiKeys(deps.db, actor.vendorId);
  return {
    keys: rows.map((r) => toApiKey(r, now)),
    limits: API_RATE_LIMITS.map((l) => ({ ...l })),
    planIncludesApi: (await botsWithApiAccess(deps, actor, null)).length > 0,
  };
}

/** Makes a key and answers it whole, the one time it is ever shown; only its hash and last four are kept. */
export async function createKey(
  deps: ApiKeysDeps,
  actor: Actor,
  body: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  const now = nowOf(deps);
  if (body.botIds) {
    // Only the vendor's own bots: another vendor's bot id is as unknown as a made-up one.
    const own = new Set((await deps.bots.namesOf(everyBot(actor))).map((b) => b.id));
    if (body.botIds.some((id) => !own.has(id))) throw new AppError('BOT_NOT_FOUND');
  }
  const key = generateApiKey();
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertApiKey(tx, {
      vendorId: actor.vendorId,
      name: body.name,
      keyHash: sha256Hex(key),
      last4: key.slice(-4),
      permissions: body.permissions as ApiKeyPermission[],
      botIds: body.botIds ? [...new Set(body.botIds)] : null,
      createdBy: actor.telegramId,
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      createdAt: now,
    });
    await recordEvent(tx, {
      vendorId: actor.vendorId,
      type: 'api_key.created',
      actor: eventActorOf(actor),
      subject: { kind: 'apiKey', id: row.id },
      payload: { keyName: row.name, last4: row.last4, permissions: row.permissions.join(',') },
      at: now,
    });
    // A new key is a security notification (Telegram and e-mail, never held by quiet hours).
    await queueSecurityNotice(tx, actor.vendorId, 'security_api_key', { name: row.name });
    return { ...toApiKey(row, now), key };
  });
}

/** Revokes a key for good (spec part 2 §4: active → revoked, irreversible). */
export async function revokeKey(deps: ApiKeysDeps, actor: Actor, keyId: string): Promise<ApiKey> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const row = await repo.revokeApiKey(tx, actor.vendorId, keyId, now);
    if (!row) {
      const existing = await repo.findApiKey(tx, actor.vendorId, keyId);
      if (!existing) throw new AppError('API_KEY_NOT_FOUND');
      return toApiKey(existing, now);
    }
    await recordEvent(tx, {
      vendorId: actor.vendorId,
      type: 'api_key.revoked',
      actor: eventActorOf(actor),
      subject: { kind: 'apiKey', id: row.id },
      payload: { keyName: row.name, last4: row.last4 },
      at: now,
    });
    return toApiKey(row, now);
  });
}

/**
 * The caller an API key stands for on `vendorId`'s routes: null when the vendor has no such active key. The key
 * acts on the bots of its scope whose plan includes API access (403 API_PLAN_REQUIRED when none does), with
 * every route permission: what it may do is its read/write/delete permissions, checked by method.
 */
export async function resolveKey(
  deps: ApiKeysDeps,
  vendorId: string,
  key: string,
  lastTouched: Map<string, number>,
): Promise<{ actor: Actor; permissions: readonly ApiKeyPermission[] } | null> {
  if (!UUID.test(vendorId)) return null;
  const row = await repo.findByHash(deps.db, vendorId, sha256Hex(key));
  const now = nowOf(deps);
  if (!row || statusOf(row, now) !== 'active') return null;
  const botIds = await botsWithApiAccess(deps, { vendorId, telegramId: row.createdBy }, row.botIds);
  if (botIds.length === 0) throw new AppError('API_PLAN_REQUIRED');
  if (now.getTime() - (lastTouched.get(row.id) ?? 0) >= LAST_USED_EVERY_MS) {
    lastTouched.set(row.id, now.getTime());
    await repo.touchLastUsed(deps.db, vendorId, row.id, now);
  }
  return {
    actor: {
      vendorId,
      telegramId: row.createdBy,
      kind: 'apiKey',
      permissions: ['all'],
      botIds,
      apiKey: { id: row.id, name: row.name },
    },
    permissions: row.permissions,
  };
}

/** The API keys module as its routes and app.ts call it. */
export function createApiKeysService(deps: ApiKeysDeps) {
  const lastTouched = new Map<string, number>();
  return {
    list: (actor: Actor) => listKeys(deps, actor),
    create: (actor: Actor, body: CreateApiKeyInput) => createKey(deps, actor, body),
    revoke: (actor: Actor, keyId: string) => revokeKey(deps, actor, keyId),
    resolve: (vendorId: string, key: string) => resolveKey(deps, vendorId, key, lastTouched),
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
