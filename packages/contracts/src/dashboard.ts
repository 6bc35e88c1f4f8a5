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
