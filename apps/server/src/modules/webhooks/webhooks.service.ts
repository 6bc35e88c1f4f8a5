import {
  type RotatedSecret,
  type UpdateWebhookInput,
  WEBHOOK_RULES,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  WebhookEvent,
  type WebhookInput,
  type WebhookList,
  type WebhookWithSecret,
} from '@app/contracts/developer';
import type { Db, Tx } from '../../db/types';
import { type Actor, eventActorOf } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { isPrivateAddress, SafePostError, type SafePostResult, safePost } from '../../lib/safe-post';
import type { Secrets } from '../../lib/secrets';
import { newWebhookSecret, signWebhook } from '../../lib/webhook-signature';
import type { BotsService } from '../bots/bots.service';
import type { EventRow } from '../events/events.dispatcher';
import { recordEvent, SYSTEM_ACTOR } from '../events/record-event';
import * as repo from './webhooks.repository';

/** What delivery runs need (the jobs build these without the rest of the module's deps). */
export type WebhookRunDeps = {
  db: Db;
  secrets: Pick<Secrets, 'encrypt' | 'decrypt'>;
  /** WEBHOOKS_ALLOW_PRIVATE: loopback/private addresses and plain http allowed (demo mode, tests). */
  allowPrivate: boolean;
  /** Asks for a delivery run of a webhook soon (the webhooks.deliver job); without it the run starts here. */
  enqueueRun?: (run: { vendorId: string; webhookId: string }) => Promise<unknown>;
  /** Tells the vendor in Telegram that a webhook was disabled after failures. */
  notifyDisabled?: (webhook: repo.WebhookRow) => Promise<void>;
  /** The HTTP POST (tests may wrap it); by default the SSRF-guarded one. */
  post?: typeof safePost;
  log?: { error(obj: object, msg: string): void };
  now?: () => Date;
};

export type WebhooksDeps = WebhookRunDeps & { bots: Pick<BotsService, 'basics'> };

const nowOf = (deps: WebhookRunDeps) => deps.now?.() ?? new Date();
const MAX_RESPONSE_BYTES = 64 * 1024;
const KEPT_RESPONSE_CHARS = 4096;
const LEASE_MS = 5 * 60_000;
/** Deliveries one run sends before it hands over to a new run (10 s each at most: well inside the lease). */
const RUN_MAX = 20;

function statusOf(row: repo.WebhookRow): Webhook['status'] {
  if (row.enabled) return 'active';
  return row.disabledAt ? 'error' : 'inactive';
}

export function toWebhook(row: repo.WebhookRow): Webhook {
  const finished = row.successCount + row.failureCount;
  return {
    id: row.id,
    botId: row.botId,
    url: row.url,
    events: row.events,
    status: statusOf(row),
    lastTriggeredAt: row.lastTriggeredAt?.toISOString() ?? null,
    successRate: finished === 0 ? 100 : Math.round((row.successCount * 100) / finished),
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDelivery(row: repo.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    event: row.event,
    status: row.status,
    httpStatus: row.httpStatus,
    durationMs: row.durationMs,
    attempts: row.attempts,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Refuses a URL a webhook may not have (400 WEBHOOK_URL_NOT_ALLOWED, field `url`): plain http, and an address
 * that is loopback or private by its very name, unless WEBHOOKS_ALLOW_PRIVATE. A name resolving to a private
 * address is refused again at every delivery (lib/safe-post.ts).
 */
function checkUrl(deps: WebhooksDeps, url: string): void {
  if (deps.allowPrivate) return;
  const target = new URL(url);
  if (target.protocol !== 'https:')
    throw new AppError('WEBHOOK_URL_NOT_ALLOWED', { field: 'url', reason: 'https required' });
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const literal = /^[\d.]+$/.test(host) || host.includes(':');
  if (host === 'localhost' || host.endsWith('.localhost') || (literal && isPrivateAddress(host))) {
    throw new AppError('WEBHOOK_URL_NOT_ALLOWED', { field: 'url', reason: 'private address' });
  }
}

async function mustFind(deps: WebhooksDeps, actor: Actor, botId: string, webhookId: string) {
  const row = await repo.findWebhook(deps.db, actor.vendorId, botId, webhookId);
  if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
  return row;
}

async function recordChange(
  tx: Tx,
  actor: Actor,
  row: repo.WebhookRow,
  type: 'webhook.created' | 'webhook.updated' | 'webhook.deleted',
  at: Date,
) {
  await recordEvent(tx, {
    vendorId: row.vendorId,
    botId: row.botId,
    type,
    actor: eventActorOf(actor),
    subject: { kind: 'webhook', id: row.id },
    payload: { url: row.url, events: row.events.join(',') },
    at,
  });
}

export async function listWebhooks(deps: WebhooksDeps, actor: Actor, botId: string): Promise<WebhookList> {
  await deps.bots.basics(actor.vendorId, botId);
  const [rows, recent] = await Promise.all([
    repo.listWebhooks(deps.db, actor.vendorId, botId),
    repo.recentDeliveries(deps.db, actor.vendorId, { botId }, 20),
  ]);
  return { webhooks: rows.map(toWebhook), recent: recent.map(toDelivery) };
}

export async function addWebhook(
  deps: WebhooksDeps,
  actor: Actor,
  botId: string,
  body: WebhookInput,
): Promise<WebhookWithSecret> {
  await deps.bots.basics(actor.vendorId, botId);
  checkUrl(deps, body.url);
  const secret = body.secret || newWebhookSecret();
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertWebhook(tx, {
      vendorId: actor.vendorId,
      botId,
      url: body.url,
      events: [...new Set(body.events)],
      secretSealed: deps.secrets.encrypt(secret),
      createdBy: actor.telegramId,
      createdAt: now,
    });
    await recordChange(tx, actor, row, 'webhook.created', now);
    return { ...toWebhook(row), secret };
  });
}

export async function updateWebhook(
  deps: WebhooksDeps,
  actor: Actor,
  botId: string,
  webhookId: string,
  body: UpdateWebhookInput,
): Promise<Webhook> {
  const before = await mustFind(deps, actor, botId, webhookId);
  if (body.url) checkUrl(deps, body.url);
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const set: Parameters<typeof repo.updateWebhook>[3] = {};
    if (body.url) set.url = body.url;
    if (body.events) set.events = [...new Set(body.events)];
    if (body.enabled !== undefined) {
      set.enabled = body.enabled;
      // Switched on again: it starts a fresh count of failures in a row.
      if (body.enabled && !before.enabled) Object.assign(set, { disabledAt: null, consecutiveFailures: 0 });
    }
    const row = (await repo.updateWebhook(tx, actor.vendorId, webhookId, set)) as repo.WebhookRow;
    await recordChange(tx, actor, row, 'webhook.updated', now);
    return toWebhook(row);
  });
}

export async function removeWebhook(deps: WebhooksDeps, actor: Actor, botId: string, webhookId: string) {
  const row = await mustFind(deps, actor, botId, webhookId);
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    await repo.deleteWebhook(tx, actor.vendorId, webhookId);
    await recordChange(tx, actor, row, 'webhook.deleted', now);
  });
}

/** A new secret, shown once; the previous one keeps signing alongside for 24 h so receivers can switch. */
export async function rotateSecret(
  deps: WebhooksDeps,
  actor: Actor,
  botId: string,
  webhookId: string,
): Promise<RotatedSecret> {
  const before = await mustFind(deps, actor, botId, webhookId);
  const now = nowOf(deps);
  const until = new Date(now.getTime() + WEBHOOK_RULES.rotationOverlapH * 3_600_000);
  const secret = newWebhookSecret();
  await deps.db.transaction(async (tx) => {
    const row = (await repo.updateWebhook(tx, actor.vendorId, webhookId, {
      secretSealed: deps.secrets.encrypt(secret),
      previousSecretSealed: before.secretSealed,
      previousSecretUntil: until,
    })) as repo.WebhookRow;
    await recordChange(tx, actor, row, 'webhook.updated', now);
  });
  return { secret, previousValidUntil: until.toISOString() };
}

/** The secrets that sign now: the current one, and the previous one while its overlap lasts. */
function signingSecrets(deps: WebhookRunDeps, row: repo.WebhookRow, now: Date): string[] {
  const secrets = [deps.secrets.decrypt(row.secretSealed)];
  if (row.previousSecretSealed && row.previousSecretUntil && row.previousSecretUntil > now) {
    secrets.push(deps.secrets.decrypt(row.previousSecretSealed));
  }
  return secrets;
}

type Attempt = { ok: boolean; retryable: boolean; result: SafePostResult | null; error: string | null };

/** One signed POST of a delivery's body. */
async function attempt(
  deps: WebhookRunDeps,
  webhook: repo.WebhookRow,
  delivery: repo.DeliveryRow,
): Promise<Attempt> {
  const now = nowOf(deps);
  const messageId = (JSON.parse(delivery.body) as { id: string }).id;
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'BotShop-Webhooks/1.0',
    ...signWebhook(signingSecrets(deps, webhook, now), {
      id: messageId,
      timestamp: Math.floor(now.getTime() / 1000),
      body: delivery.body,
    }),
  };
  const post = deps.post ?? safePost;
  let outcome: Attempt;
  try {
    const result = await post(webhook.url, headers, delivery.body, {
      allowPrivate: deps.allowPrivate,
      timeoutMs: WEBHOOK_RULES.timeoutS * 1000,
      maxBytes: MAX_RESPONSE_BYTES,
    });
    const ok = result.status >= 200 && result.status < 300;
    // Worth trying again: the receiver is busy or failing (429, 5xx), not refusing this message (other 4xx).
    const retryable = result.status === 429 || result.status >= 500;
    outcome = { ok, retryable: !ok && retryable, result, error: null };
  } catch (err) {
    const kind = err instanceof SafePostError ? err.kind : 'connection';
    const message =
      kind === 'timeout' ? 'Connection timeout' : err instanceof Error ? err.message : String(err);
    outcome = {
      ok: false,
      retryable: kind !== 'address',
      result: err instanceof SafePostError ? { status: 0, body: '', durationMs: err.durationMs } : null,
      error: message,
    };
  }
  await repo.updateDelivery(deps.db, delivery.vendorId, delivery.id, {
    attempts: delivery.attempts + 1,
    httpStatus: outcome.result?.status || null,
    durationMs: outcome.result?.durationMs ?? null,
    error: outcome.error,
    requestHeaders: headers,
    responseBody: outcome.result ? outcome.result.body.slice(0, KEPT_RESPONSE_CHARS) : null,
  });
  return outcome;
}

/** About 5 s, 30 s, 2 min after the 1st, 2nd and 3rd failed attempt, ±20 %. */
const retryDelayMs = (attempts: number) =>
  (WEBHOOK_RULES.retryDelaysS[attempts - 1] as number) * 1000 * (0.8 + Math.random() * 0.4);

/**
 * Delivers a webhook's pending deliveries in order (one run at a time per webhook: a lease), until the queue
 * is empty or its head must wait for a retry. Answers when to run again, if ever.
 */
export async function runQueue(
  deps: WebhookRunDeps,
  vendorId: string,
  webhookId: string,
): Promise<{ runAgainAt: Date | null; busy?: boolean }> {
  const leaseFrom = nowOf(deps);
  const taken = await repo.takeLease(
    deps.db,
    vendorId,
    webhookId,
    leaseFrom,
    new Date(leaseFrom.getTime() + LEASE_MS),
  );
  if (!taken) return { runAgainAt: new Date(leaseFrom.getTime() + 5000), busy: true };
  try {
    for (let sent = 0; ; sent++) {
      if (sent >= RUN_MAX) return { runAgainAt: nowOf(deps) };
      const webhook = await repo.findWebhookById(deps.db, vendorId, webhookId);
      const head = webhook && (await repo.headOfQueue(deps.db, vendorId, webhookId));
      if (!webhook || !head) return { runAgainAt: null };
      const now = nowOf(deps);
      if (!webhook.enabled) {
        await repo.updateDelivery(deps.db, vendorId, head.id, {
          status: 'failed',
          error: 'webhook disabled',
        });
        continue;
      }
      if (head.nextAttemptAt > now) return { runAgainAt: head.nextAttemptAt };
      const outcome = await attempt(deps, webhook, head);
      const attempts = head.attempts + 1;
      if (outcome.ok) {
        await repo.updateDelivery(deps.db, vendorId, head.id, { status: 'success' });
        await repo.updateWebhook(deps.db, vendorId, webhookId, {
          successCount: webhook.successCount + 1,
          consecutiveFailures: 0,
          lastTriggeredAt: now,
        });
        continue;
      }
      if (outcome.retryable && attempts <= WEBHOOK_RULES.retryDelaysS.length) {
        const at = new Date(now.getTime() + retryDelayMs(attempts));
        await repo.updateDelivery(deps.db, vendorId, head.id, { nextAttemptAt: at });
        await repo.updateWebhook(deps.db, vendorId, webhookId, { lastTriggeredAt: now });
        return { runAgainAt: at };
      }
      await failDelivery(deps, webhook, head.id, now);
    }
  } finally {
    await repo.releaseLease(deps.db, vendorId, webhookId);
  }
}

/** A delivery that failed for good; the 10th in a row disables the webhook, and the vendor is told. */
async function failDelivery(deps: WebhookRunDeps, webhook: repo.WebhookRow, deliveryId: string, now: Date) {
  const failures = webhook.consecutiveFailures + 1;
  const disable = failures >= WEBHOOK_RULES.disableAfterFailures;
  const row = await deps.db.transaction(async (tx) => {
    await repo.updateDelivery(tx, webhook.vendorId, deliveryId, { status: 'failed' });
    const updated = (await repo.updateWebhook(tx, webhook.vendorId, webhook.id, {
      failureCount: webhook.failureCount + 1,
      consecutiveFailures: failures,
      lastTriggeredAt: now,
      ...(disable ? { enabled: false, disabledAt: now } : {}),
    })) as repo.WebhookRow;
    if (disable) {
      await recordEvent(tx, {
        vendorId: webhook.vendorId,
        botId: webhook.botId,
        type: 'webhook.disabled',
        actor: SYSTEM_ACTOR,
        subject: { kind: 'webhook', id: webhook.id },
        payload: { url: webhook.url, failures },
        at: now,
      });
    }
    return updated;
  });
  if (disable) {
    await deps.notifyDisabled?.(row).catch((err: unknown) => {
      deps.log?.error({ err, webhookId: webhook.id }, 'could not tell the vendor of a disabled webhook');
    });
  }
}

/** The body every delivery sends: `{ id, type, created_at, bot_id, data }`. */
function bodyOf(event: {
  id: string;
  type: string;
  createdAt: Date;
  botId: string;
  data: Record<string, unknown>;
}) {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    bot_id: event.botId,
    data: event.data,
  });
}

/**
 * The events consumer's part: one delivery per enabled webhook of the event's bot that listens for it, in the
 * dispatch transaction (keyed by event id: a repeated dispatch adds nothing). The runs start after commit.
 */
export async function queueEvent(tx: Tx, event: EventRow): Promise<void> {
  if (!WebhookEvent.safeParse(event.type).success) return;
  // An event about no one bot (a product sold through all of them, a vendor-wide customer change) goes to
  // every bot's webhooks that listen to it, each body naming the webhook's own bot.
  const subscribers = await repo.subscribersOf(tx, event.vendorId, event.botId ?? null, event.type);
  if (subscribers.length === 0) return;
  const data = { [`${event.subjectKind}_id`]: event.subjectId, ...event.payload };
  await repo.insertDeliveries(
    tx,
    subscribers.map((w) => {
      const botId = event.botId ?? w.botId;
      return {
        vendorId: event.vendorId,
        webhookId: w.id,
        botId,
        eventId: event.id,
        event: event.type,
        body: bodyOf({ id: event.id, type: event.type, createdAt: event.createdAt, botId, data }),
        nextAttemptAt: event.createdAt,
      };
    }),
  );
}

/** Starts runs for every webhook with a delivery due (after a dispatch, and every minute as a safety net). */
export async function startDueRuns(deps: WebhookRunDeps): Promise<number> {
  const due = await repo.webhooksWithDueDeliveries(deps.db, nowOf(deps), 500);
  for (const run of due) await startRun(deps, run);
  return due.length;
}

function startRun(deps: WebhookRunDeps, run: { vendorId: string; webhookId: string }): Promise<unknown> {
  if (deps.enqueueRun) return deps.enqueueRun(run);
  // No job queue (tests of the API alone): run here, after the answer.
  runQueue(deps, run.vendorId, run.webhookId).catch((err: unknown) => {
    deps.log?.error({ err, webhookId: run.webhookId }, 'webhook delivery run failed');
  });
  return Promise.resolve();
}

/** Test: a real signed `ping` now, its outcome inline (and in the log). No retries. */
export async function testWebhook(deps: WebhooksDeps, actor: Actor, botId: string, webhookId: string) {
  const webhook = await mustFind(deps, actor, botId, webhookId);
  const now = nowOf(deps);
  const [row] = await repo.insertDeliveries(deps.db, [
    {
      vendorId: actor.vendorId,
      webhookId,
      botId,
      event: 'ping',
      body: '{}',
      status: 'pending',
      nextAttemptAt: now,
    },
  ]);
  const delivery = row as repo.DeliveryRow;
  const body = bodyOf({
    id: delivery.id,
    type: 'ping',
    createdAt: now,
    botId,
    data: { webhook_id: webhookId },
  });
  await repo.updateDelivery(deps.db, actor.vendorId, delivery.id, { body });
  const outcome = await attempt(deps, webhook, { ...delivery, body });
  await repo.updateDelivery(deps.db, actor.vendorId, delivery.id, {
    status: outcome.ok ? 'success' : 'failed',
  });
  const after = (await repo.findDelivery(
    deps.db,
    actor.vendorId,
    webhookId,
    delivery.id,
  )) as repo.DeliveryRow;
  return toDelivery(after);
}

export async function listDeliveries(deps: WebhooksDeps, actor: Actor, botId: string, webhookId: string) {
  await mustFind(deps, actor, botId, webhookId);
  const rows = await repo.recentDeliveries(deps.db, actor.vendorId, { botId, webhookId }, 100);
  return rows.map(toDelivery);
}

export async function getDelivery(
  deps: WebhooksDeps,
  actor: Actor,
  botId: string,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDeliveryDetail> {
  await mustFind(deps, actor, botId, webhookId);
  const row = await repo.findDelivery(deps.db, actor.vendorId, webhookId, deliveryId);
  if (!row) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
  return {
    ...toDelivery(row),
    requestHeaders: row.requestHeaders ?? {},
    requestBody: row.body,
    responseBody: row.responseBody,
  };
}

/** Re-send: the same body (same id, so a receiver can tell) as a new delivery at the end of the queue. */
export async function resend(
  deps: WebhooksDeps,
  actor: Actor,
  botId: string,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  await mustFind(deps, actor, botId, webhookId);
  const old = await repo.findDelivery(deps.db, actor.vendorId, webhookId, deliveryId);
  if (!old) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
  const [row] = await repo.insertDeliveries(deps.db, [
    {
      vendorId: actor.vendorId,
      webhookId,
      botId,
      event: old.event,
      body: old.body,
      nextAttemptAt: nowOf(deps),
    },
  ]);
  await startRun(deps, { vendorId: actor.vendorId, webhookId });
  return toDelivery(row as repo.DeliveryRow);
}

/** Drops the delivery log older than 30 days. */
export async function sweepLog(deps: WebhookRunDeps): Promise<void> {
  await repo.deleteDeliveriesBefore(
    deps.db,
    new Date(nowOf(deps).getTime() - WEBHOOK_RULES.logDays * 86_400_000),
  );
}

/** Delivery runs as the jobs call them. */
export function createWebhookRuns(deps: WebhookRunDeps) {
  return {
    runQueue: (vendorId: string, webhookId: string) => runQueue(deps, vendorId, webhookId),
    startDueRuns: () => startDueRuns(deps),
    sweepLog: () => sweepLog(deps),
  };
}

/** The webhooks module as its routes, the consumer and the jobs call it. */
/**
 * Where the bot's webhooks send (the bot page's Integrations tab): each address's host, once, oldest first, at
 * most `max`. A host names the service plainly; a whole address may be long and carry a secret path.
 */
export async function webhookHostsOf(
  deps: Pick<WebhooksDeps, 'db'>,
  vendorId: string,
  botId: string,
  max: number,
) {
  const rows = await repo.listWebhooks(deps.db, vendorId, botId);
  const hosts = rows.map((row) => new URL(row.url).host);
  return [...new Set(hosts)].slice(0, max);
}

export function createWebhooksService(deps: WebhooksDeps) {
  return {
    list: (actor: Actor, botId: string) => listWebhooks(deps, actor, botId),
    /** Where the bot's webhooks send, as hosts (see webhookHostsOf). */
    hostsOf: (vendorId: string, botId: string, max: number) => webhookHostsOf(deps, vendorId, botId, max),
    add: (actor: Actor, botId: string, body: WebhookInput) => addWebhook(deps, actor, botId, body),
    update: (actor: Actor, botId: string, webhookId: string, body: UpdateWebhookInput) =>
      updateWebhook(deps, actor, botId, webhookId, body),
    remove: (actor: Actor, botId: string, webhookId: string) => removeWebhook(deps, actor, botId, webhookId),
    rotate: (actor: Actor, botId: string, webhookId: string) => rotateSecret(deps, actor, botId, webhookId),
    test: (actor: Actor, botId: string, webhookId: string) => testWebhook(deps, actor, botId, webhookId),
    deliveries: (actor: Actor, botId: string, webhookId: string) =>
      listDeliveries(deps, actor, botId, webhookId),
    delivery: (actor: Actor, botId: string, webhookId: string, deliveryId: string) =>
      getDelivery(deps, actor, botId, webhookId, deliveryId),
    resend: (actor: Actor, botId: string, webhookId: string, deliveryId: string) =>
      resend(deps, actor, botId, webhookId, deliveryId),
    runQueue: (vendorId: string, webhookId: string) => runQueue(deps, vendorId, webhookId),
    startDueRuns: () => startDueRuns(deps),
    sweepLog: () => sweepLog(deps),
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
