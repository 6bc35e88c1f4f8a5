import { z } from 'zod';
import { text } from './common';
import { EXPORT_DATA_TYPES } from './export-types';

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

// --- Outbound webhooks (spec part 2 §2.3 "Webhooks", §3.8, §4, §5.6, §9)

/** The catalogue by category, as the add form groups it (spec part 2 §3.8). */
export const WEBHOOK_EVENT_GROUPS = {
  orders: ['order.created', 'order.updated', 'order.completed', 'order.cancelled'],
  payments: ['payment.received', 'payment.failed', 'refund.created'],
  customers: ['customer.created', 'customer.updated', 'customer.deleted'],
  products: ['product.created', 'product.updated', 'product.outofstock'],
  bot: ['bot.message', 'bot.command', 'bot.error'],
} as const;
export const WebhookEvent = z.enum(Object.values(WEBHOOK_EVENT_GROUPS).flat() as [string, ...string[]]);
export type WebhookEvent = (typeof WEBHOOK_EVENT_GROUPS)[keyof typeof WEBHOOK_EVENT_GROUPS][number];

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Please enter a webhook URL.',
  urlInvalid: 'Please enter a valid URL (https://…).',
  eventsRequired: 'Please select at least one event to listen for.',
} as const;

/** What the spec's documentation box promises (§9): delivery rules the server keeps. */
export const WEBHOOK_RULES = {
  timeoutS: 10,
  /** Retries after the first attempt, about 5 s, 30 s and 2 min later (with jitter). */
  retryDelaysS: [5, 30, 120],
  disableAfterFailures: 10,
  /** A rotated secret keeps verifying this long. */
  rotationOverlapH: 24,
  logDays: 30,
} as const;

export const WebhookBody = z.object({
  url: text({ error: WEBHOOK_MESSAGES.urlRequired })
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlRequired)
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.urlInvalid })),
  events: z.array(WebhookEvent).min(1, WEBHOOK_MESSAGES.eventsRequired).max(32),
  /** Optional; one is generated when empty (and shown once). */
  secret: text().trim().max(200).optional(),
});
export type WebhookBody = z.input<typeof WebhookBody>;
export type WebhookInput = z.output<typeof WebhookBody>;

export const UpdateWebhookBody = z.object({
  url: WebhookBody.shape.url.optional(),
  events: WebhookBody.shape.events.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookBody = z.input<typeof UpdateWebhookBody>;
export type UpdateWebhookInput = z.output<typeof UpdateWebhookBody>;

/** active: delivering; inactive: switched off by the vendor; error: disabled after 10 failures in a row. */
export const WebhookStatus = z.enum(['active', 'inactive', 'error']);
export type WebhookStatus = z.infer<typeof WebhookStatus>;

export const Webhook = z.object({
  id: z.string(),
  botId: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  status: WebhookStatus,
  lastTriggeredAt: z.string().nullable(),
  /** Percent of finished deliveries that succeeded; 100 before any. */
  successRate: z.number(),
  consecutiveFailures: z.number(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;

/** A webhook as it is made, or its secret as it is rotated: the one time the secret is shown. */
export const WebhookWithSecret = Webhook.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecret>;

export const RotatedSecret = z.object({ secret: z.string(), previousValidUntil: z.string() });
export type RotatedSecret = z.infer<typeof RotatedSecret>;

export const DeliveryStatus = z.enum(['pending', 'success', 'failed']);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

export const WebhookDelivery = z.object({
  id: z.string(),
  webhookId: z.string(),
  /** A catalogue event, or `ping` (Test). */
  event: z.string(),
  status: DeliveryStatus,
  httpStatus: z.number().nullable(),
  durationMs: z.number().nullable(),
  attempts: z.number(),
  /** Why the last attempt failed when no status came back: timeout, connection, address. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** The full log entry: what was sent and the first 4 KB of what came back. */
export const WebhookDeliveryDetail = WebhookDelivery.extend({
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string(),
  responseBody: z.string().nullable(),
});
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetail>;

export const WebhookList = z.object({
  webhooks: z.array(Webhook),
  /** The bot's latest deliveries (Recent Activity), newest first. */
  recent: z.array(WebhookDelivery),
});
export type WebhookList = z.infer<typeof WebhookList>;

export const WebhookParams = z.object({
  vendorId: text().min(1).max(64),
  botId: z.uuid(),
  webhookId: z.uuid(),
});
export const DeliveryParams = WebhookParams.extend({ deliveryId: z.uuid() });

// ---- Data export (modules/exports, /settings/export) ----

export const ExportDataType = z.enum(EXPORT_DATA_TYPES);
export type ExportDataType = z.infer<typeof ExportDataType>;
export const ExportRange = z.enum(['all', 'year', 'quarter', 'month', 'week', 'custom']);
export type ExportRange = z.infer<typeof ExportRange>;
export const ExportFormat = z.enum(['json', 'csv', 'xlsx']);
export type ExportFormat = z.infer<typeof ExportFormat>;
/** `expired`: done, and its file deleted after the link's 7 days. */
export const ExportStatus = z.enum(['queued', 'running', 'done', 'failed', 'expired']);
export type ExportStatus = z.infer<typeof ExportStatus>;

/** One export per this long (spec §9), and a finished file's link lasts this long. */
export const EXPORT_INTERVAL_S = 24 * 60 * 60;
export const EXPORT_LINK_TTL_S = 7 * 24 * 60 * 60;

/** The screen's estimate for a range (GET /exports/estimate): the same range rules as a request. */
export const ExportEstimateQuery = z.object({
  range: ExportRange.default('all'),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type ExportEstimateQuery = z.input<typeof ExportEstimateQuery>;

/** Each type's rows in the range and about how large its file is (bytes, as CSV). */
export const ExportEstimate = z.object({
  estimates: z.array(z.object({ type: ExportDataType, rows: z.number().int(), bytes: z.number().int() })),
});
export type ExportEstimate = z.infer<typeof ExportEstimate>;

export const CreateExportBody = z.object({
  /** Empty is refused with 'No Data Selected' (EXPORT_NO_DATA_SELECTED), not by the schema. */
  types: z.array(ExportDataType).max(8),
  range: ExportRange.default('all'),
  /** For `custom`: the first and last day, YYYY-MM-DD, both included. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  format: ExportFormat.default('csv'),
});
export type CreateExportBody = z.input<typeof CreateExportBody>;

export const DataExport = z.object({
  id: z.uuid(),
  types: z.array(ExportDataType),
  range: ExportRange,
  from: z.string().nullable(),
  to: z.string().nullable(),
  format: ExportFormat,
  status: ExportStatus,
  /** 0–100. */
  progress: z.number(),
  sizeBytes: z.number().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** When done: the signed link (valid 7 days from completion) and its file name. */
  download: z.object({ url: z.string(), expiresAt: z.string(), fileName: z.string() }).nullable(),
});
export type DataExport = z.infer<typeof DataExport>;

export const DataExportList = z.object({
  exports: z.array(DataExport),
  /** When the next request is allowed; null: now. */
  nextAllowedAt: z.string().nullable(),
});
export type DataExportList = z.infer<typeof DataExportList>;

export const ExportParams = z.object({ vendorId: text().min(1).max(64), exportId: z.uuid() });
