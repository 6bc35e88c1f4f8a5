import { z } from 'zod';
import { CustomerSegment } from './catalogue';
import { text, VendorParams } from './common';

export const CUSTOMER_LIMITS = {
  pageSizeDefault: 50,
  /** The segment view asks for up to 1000 (spec part 1 §9). */
  pageSizeMax: 1000,
  /**
   * Up to this many matching customers (or the page size, if larger) `total` is an exact count; above it, an
   * estimate from the planner's statistics (`totalIsEstimate: true`, the screen says "about").
   */
  exactTotalMax: 1000,
  searchMax: 100,
  tagsMax: 20,
  tagMax: 32,
  notesMax: 2000,
  emailMax: 254,
  phoneMax: 32,
} as const;

/**
 * The segment rules (README "Customer segments"), applied in this order, first match wins. Money in USD minor
 * units. A customer's figures count non-cancelled orders only.
 * - Inactive: no order in the last `inactiveAfterDays` days (or none at all and joined before that).
 * - VIP: spent ≥ `vipSpendMinor` or placed ≥ `vipOrders` orders.
 * - New: first order (or, without orders, joining) less than `newWithinDays` days ago.
 * - Regular: everyone else.
 */
export const SEGMENT_RULES = {
  inactiveAfterDays: 90,
  vipSpendMinor: 100_000,
  vipOrders: 10,
  newWithinDays: 30,
} as const;

export const CUSTOMER_MESSAGES = {
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number',
  notFoundTitle: 'Customer Not Found',
  notFound: "The customer you're looking for doesn't exist or has been removed.",
} as const;

/** Active: ordered within SEGMENT_RULES.inactiveAfterDays. */
export const CustomerStatus = z.enum(['Active', 'Inactive']);
export type CustomerStatus = z.infer<typeof CustomerStatus>;

export const CustomerBotRef = z.object({ id: z.string().uuid(), username: z.string(), name: z.string() });

/** One row of the customers list (spec part 1 §3 Customer). Money: USD minor units. */
export const CustomerListItem = z.object({
  id: z.string().uuid(),
  /** First and last name. */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  telegramId: z.number().int(),
  segment: CustomerSegment,
  status: CustomerStatus,
  orders: z.number().int(),
  totalSpent: z.number().int(),
  totalSpentFormatted: z.string(),
  lastOrderDate: z.string().nullable(),
  /** The bot they joined first (of the caller's bots); null when none is in scope. */
  bot: CustomerBotRef.nullable(),
  botId: z.string().uuid().nullable(),
  tags: z.array(z.string()),
  createdAt: z.string(),
});
export type CustomerListItem = z.infer<typeof CustomerListItem>;

/** A customer's membership of one bot. Money: USD minor units. */
export const CustomerBotMembership = z.object({
  id: z.string().uuid(),
  botName: z.string(),
  botUsername: z.string(),
  joinedDate: z.string(),
  orderCount: z.number().int(),
  totalSpent: z.number().int(),
  totalSpentFormatted: z.string(),
  lastOrderDate: z.string().nullable(),
});
export type CustomerBotMembership = z.infer<typeof CustomerBotMembership>;

export const CustomerDetail = CustomerListItem.extend({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  orderCount: z.number().int(),
  firstOrderDate: z.string().nullable(),
  /** Mean order value, USD minor units. */
  avgOrderValue: z.number().int(),
  updatedAt: z.string(),
  /** Memberships of the caller's bots, first joined first. */
  allBots: z.array(CustomerBotMembership),
});
export type CustomerDetail = z.infer<typeof CustomerDetail>;

export const CustomerListQuery = z.object({
  /** Name, @username, email or Telegram id. */
  search: text().trim().max(CUSTOMER_LIMITS.searchMax).optional(),
  segment: CustomerSegment.optional(),
  status: CustomerStatus.optional(),
  botId: z.string().uuid().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CUSTOMER_LIMITS.pageSizeMax)
    .default(CUSTOMER_LIMITS.pageSizeDefault),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

export const CustomerListResponse = z.object({
  customers: z.array(CustomerListItem),
  total: z.number().int(),
  /** True when `total` is an estimate: the screen says "about". */
  totalIsEstimate: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
export type CustomerListResponse = z.infer<typeof CustomerListResponse>;

export const CustomerParams = VendorParams.extend({ customerId: z.string().uuid() });
export type CustomerParams = z.infer<typeof CustomerParams>;

const Tag = text().trim().min(1).max(CUSTOMER_LIMITS.tagMax);

/** PUT body: the fields the vendor may edit. Omitted: unchanged; null or "" (email, phone, notes): cleared. */
export const UpdateCustomerBody = z
  .object({
    tags: z.array(Tag).max(CUSTOMER_LIMITS.tagsMax).optional(),
    notes: text().trim().max(CUSTOMER_LIMITS.notesMax).nullable().optional(),
    email: z
      .union([
        z.literal(''),
        text().trim().max(CUSTOMER_LIMITS.emailMax).pipe(z.email(CUSTOMER_MESSAGES.emailInvalid)),
      ])
      .nullable()
      .optional(),
    phone: z
      .union([
        z.literal(''),
        text()
          .trim()
          .max(CUSTOMER_LIMITS.phoneMax)
          .regex(/^\+?[0-9 ()-]{5,}$/, CUSTOMER_MESSAGES.phoneInvalid),
      ])
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateCustomerBody = z.infer<typeof UpdateCustomerBody>;

export const CustomerStatsQuery = z.object({ botId: z.string().uuid().optional() });
export type CustomerStatsQuery = z.infer<typeof CustomerStatsQuery>;

/** Customer stats of spec part 1 §3 (Home's Customer Insights and the customers screen). */
export const CustomerStats = z.object({
  totalCustomers: z.number().int(),
  vipCustomers: z.number().int(),
  regularCustomers: z.number().int(),
  newCustomers: z.number().int(),
  /** Status Active: ordered within SEGMENT_RULES.inactiveAfterDays. */
  activeCustomers: z.number().int(),
  inactiveCustomers: z.number().int(),
  /** USD minor units. */
  avgOrderValue: z.number().int(),
  avgOrderValueFormatted: z.string(),
  /** Percent change of customers joined in the last 30 days versus the 30 before, one decimal. */
  monthlyGrowth: z.number(),
  vipPercentage: z.number(),
  /** Percent of customers with an order who ordered more than once, one decimal. */
  retentionRate: z.number(),
  segments: z.object({
    vip: z.number().int(),
    regular: z.number().int(),
    new: z.number().int(),
    inactive: z.number().int(),
  }),
});
export type CustomerStats = z.infer<typeof CustomerStats>;
