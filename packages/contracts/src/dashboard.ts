import { z } from 'zod';

export const Trend = z.enum(['up', 'down', 'neutral']);
export type Trend = z.infer<typeof Trend>;

/** Dashboard stats of spec part 1 §3. Changes are percent versus the previous 30 days. */
export const DashboardStats = z.object({
  totalRevenue: z.number(),
  totalRevenueFormatted: z.string(),
  revenueChange: z.number(),
  revenueTrend: Trend,
  activeBots: z.number().int(),
  totalBots: z.number().int(),
  botsChange: z.number(),
  botsTrend: Trend,
  totalOrders: z.number().int(),
  ordersChange: z.number(),
  ordersTrend: Trend,
  supportStaff: z.number().int(),
  staffChange: z.number(),
  staffTrend: Trend,
});
export type DashboardStats = z.infer<typeof DashboardStats>;

/** Home's Active Bots card (GET …/dashboard/bots): the caller's bots, newest first. Revenue in USD minor units. */
export const DashboardBot = z.object({
  id: z.string().uuid(),
  username: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  orders: z.number().int(),
  revenue: z.number().int(),
  revenueFormatted: z.string(),
});
export type DashboardBot = z.infer<typeof DashboardBot>;

export const DashboardBots = z.object({
  bots: z.array(DashboardBot),
  total: z.number().int(),
  /** Running bots. */
  online: z.number().int(),
});
export type DashboardBots = z.infer<typeof DashboardBots>;

/** Subscription overview of spec part 1 §3 (GET …/subscriptions/overview). Money in USD minor units. */
export const SubscriptionOverview = z.object({
  activeSubscriptions: z.number().int(),
  /** Sum of the active subscriptions' monthly amounts (a yearly plan counts a twelfth). */
  monthlyCost: z.number().int(),
  monthlyCostFormatted: z.string(),
  /** Mean transaction fee of the active subscriptions, percent. */
  averageFeePercentage: z.number(),
  subscriptions: z.array(
    z.object({
      id: z.string(),
      botId: z.string().uuid(),
      botName: z.string(),
      tier: z.string(),
      amount: z.number().int(),
      amountFormatted: z.string(),
      feePercentage: z.number(),
    }),
  ),
});
export type SubscriptionOverview = z.infer<typeof SubscriptionOverview>;
