import { z } from 'zod';
import { text, VendorParams } from './common';
import { ActorKind, EventType } from './events';
import { Permission } from './permissions';

/** The staff roles of spec part 2 §3.7, as ids; the web app words them (Admin, Support Manager, …). */
export const StaffRole = z.enum(['admin', 'support_manager', 'support_agent', 'developer', 'analyst']);
export type StaffRole = z.infer<typeof StaffRole>;

/** The permissions a role starts with on Edit Permissions (spec part 2 §4, "Role defaults"). */
export const ROLE_DEFAULTS: Record<StaffRole, readonly Permission[]> = {
  admin: ['all'],
  support_manager: ['orders', 'customers', 'support', 'analytics'],
  support_agent: ['orders', 'customers', 'support'],
  developer: ['all'],
  analyst: ['analytics', 'customers', 'orders'],
};

/** The permissions the Add New Staff form offers: every one but billing, which only Edit Permissions shows. */
export const ADD_FORM_PERMISSIONS = Permission.options.filter((p) => p !== 'billing');

/**
 * A seat's status: pending until the person accepts the invite (or first signs in), then active; inactive
 * when access is revoked (the spec's management status Active/Inactive, with the invite's wait before it).
 */
export const StaffStatus = z.enum(['pending', 'active', 'inactive']);
export type StaffStatus = z.infer<typeof StaffStatus>;

/** The bots a staff member manages: every bot of the account, or these ones. */
export const ManagedBots = z.union([z.literal('all'), z.array(z.uuid()).min(1).max(500)]);
export type ManagedBots = z.infer<typeof ManagedBots>;

/** Presence on Support Staff: online = a request in the last 5 minutes (busy comes with support). */
export const Presence = z.enum(['online', 'offline']);
export type Presence = z.infer<typeof Presence>;

export const PRESENCE_WINDOW_MS = 5 * 60 * 1000;
/** How long an invite link works. */
export const INVITE_TTL_DAYS = 7;

export const StaffMember = z.object({
  id: z.uuid(),
  telegramId: z.number().int(),
  name: z.string(),
  username: z.string().nullable(),
  role: StaffRole,
  permissions: z.array(Permission),
  managedBots: ManagedBots,
  status: StaffStatus,
  notes: z.string().nullable(),
  avatar: z.string().nullable(),
  joinDate: z.string().nullable(),
  lastActive: z.string().nullable(),
  presence: Presence,
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof StaffMember>;

/** The link that lets a person take their seat: single use, for `INVITE_TTL_DAYS` days. */
export const StaffInvite = z.object({
  /** `https://t.me/<platform bot>?startapp=invite_<token>`; null while the platform bot cannot be reached. */
  url: z.string().nullable(),
  token: z.string(),
  expiresAt: z.string(),
});
export type StaffInvite = z.infer<typeof StaffInvite>;

export const StaffListQuery = z.object({
  search: text().trim().max(100).optional(),
  role: StaffRole.optional(),
  status: StaffStatus.optional(),
});
export type StaffListQuery = z.infer<typeof StaffListQuery>;

export const StaffListResponse = z.object({ staff: z.array(StaffMember), total: z.number().int() });
export type StaffListResponse = z.infer<typeof StaffListResponse>;

const TelegramId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const Username = text()
  .trim()
  .max(64)
  .transform((u) => u.replace(/^@/, ''))
  .nullable()
  .optional();

/** The Add New Staff form (spec part 2 §3.7). `permissions` may be empty in the schema: the service words it. */
export const CreateStaffBody = z.object({
  telegramId: TelegramId,
  name: text().trim().min(1).max(120),
  username: Username,
  role: StaffRole,
  permissions: z.array(Permission).max(20),
  managedBots: ManagedBots.default('all'),
  notes: text().trim().max(1000).nullable().optional(),
});
export type CreateStaffBody = z.input<typeof CreateStaffBody>;

/**
 * "Pick from Telegram" on Add New Staff: the form without the person, who is then chosen in the platform bot's
 * chat with Telegram's own user picker (a `request_users` keyboard button); the choice adds them as by the form.
 */
export const PickStaffBody = CreateStaffBody.omit({ telegramId: true, name: true, username: true });
export type PickStaffBody = z.input<typeof PickStaffBody>;

export const PickStaffResponse = z.object({
  /** Whether the platform bot could send the picker (not when the caller never started it). */
  sent: z.boolean(),
  /** `https://t.me/<platform bot>`: the chat with the picker; null while the bot's name is unknown. */
  chatUrl: z.string().nullable(),
  expiresAt: z.string(),
});
export type PickStaffResponse = z.infer<typeof PickStaffResponse>;

/** How long a pick waits for the choice. */
export const PICK_TTL_MINUTES = 60;

/** Edit Permissions, and revoke/restore (status). */
export const UpdateStaffBody = z.object({
  name: text().trim().min(1).max(120).optional(),
  username: Username,
  role: StaffRole.optional(),
  permissions: z.array(Permission).max(20).optional(),
  managedBots: ManagedBots.optional(),
  status: z.enum(['active', 'inactive']).optional(),
  notes: text().trim().max(1000).nullable().optional(),
});
export type UpdateStaffBody = z.infer<typeof UpdateStaffBody>;

export const CreateStaffResponse = z.object({ member: StaffMember, invite: StaffInvite });
export type CreateStaffResponse = z.infer<typeof CreateStaffResponse>;

export const StaffParams = VendorParams.extend({ staffId: z.uuid() });
export type StaffParams = z.infer<typeof StaffParams>;

/** Activity Log chips (spec part 2 §2.2). */
export const ActivityPeriod = z.enum(['today', 'yesterday', 'week', 'month', 'all']);
export type ActivityPeriod = z.infer<typeof ActivityPeriod>;
export const ActivityType = z.enum(['all', 'orders', 'customers', 'support', 'products', 'system']);
export type ActivityType = z.infer<typeof ActivityType>;

export const StaffActivityQuery = z.object({
  period: ActivityPeriod.default('all'),
  type: ActivityType.default('all'),
  /** The `nextCursor` of the previous page. */
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type StaffActivityQuery = z.input<typeof StaffActivityQuery>;

/** One entry of a staff member's log: what they did, to which object, in which bot, when (from the trail). */
export const StaffActivityEntry = z.object({
  id: z.uuid(),
  type: EventType,
  group: ActivityType.exclude(['all']),
  actor: z.object({ kind: ActorKind, name: z.string().nullable() }),
  subject: z.object({ kind: z.string(), id: z.string() }),
  botId: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  timestamp: z.string(),
});
export type StaffActivityEntry = z.infer<typeof StaffActivityEntry>;

export const StaffActivityPage = z.object({
  entries: z.array(StaffActivityEntry),
  nextCursor: z.string().nullable(),
});
export type StaffActivityPage = z.infer<typeof StaffActivityPage>;

/** §3.7 metric: `value` of `total`, as a percentage (null when there is nothing to count). */
export const StaffMetric = z.object({
  metric: z.enum(['orders_handled', 'orders_on_time', 'avg_response_minutes']),
  value: z.number(),
  total: z.number().nullable(),
  percentage: z.number().nullable(),
});
export type StaffMetric = z.infer<typeof StaffMetric>;

export const StaffMetricsResponse = z.object({
  period: ActivityPeriod,
  metrics: z.array(StaffMetric),
});
export type StaffMetricsResponse = z.infer<typeof StaffMetricsResponse>;

/** Activity bar colours (spec part 2 §9): green at 90% or more, yellow at 70% or more, else red. */
export function metricColour(percentage: number): 'green' | 'yellow' | 'red' {
  if (percentage >= 90) return 'green';
  if (percentage >= 70) return 'yellow';
  return 'red';
}

/** Accepting an invite: the person's signed init data and the link's token. */
export const AcceptInviteBody = z.object({
  init_data: text().max(4096).optional(),
  token: text().trim().min(1).max(200),
});
export type AcceptInviteBody = z.infer<typeof AcceptInviteBody>;

/** The kinds of platform bot alerts a staff member may mute for themselves (the full matrix comes later). */
export const AlertKind = z.enum(['orders', 'stock', 'support', 'plan']);
export type AlertKind = z.infer<typeof AlertKind>;

/** The caller's own muted alert kinds in the account their token is for (`GET/PUT /me/alerts`). */
export const MyAlerts = z.object({ muted: z.array(AlertKind) });
export type MyAlerts = z.infer<typeof MyAlerts>;

/** The caller's own bots by name (pickers): every bot in their scope, for any member whatever their permissions. */
export const MyBots = z.object({
  bots: z.array(z.object({ id: z.string(), name: z.string(), username: z.string() })),
});
export type MyBots = z.infer<typeof MyBots>;
