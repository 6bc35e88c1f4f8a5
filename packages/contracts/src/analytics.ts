import { z } from 'zod';

/**
 * Analytics (spec part 1 §2 Analytics, §3 Analytics entities). Every figure comes from the daily rollups, in
 * USD minor units (orders keep their own currency; sums are converted with the server's rate table). A period
 * is that many whole UTC days ending today (24h = today); changes compare with the period just before it.
 */
export const AnalyticsPeriod = z.enum(['24h', '7d', '30d', '90d']);
export type AnalyticsPeriod = z.infer<typeof AnalyticsPeriod>;

export const ANALYTICS_PERIOD_DAYS: Record<AnalyticsPeriod, number> = {
  '24h': 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
};

export const ANALYTICS_LIMITS = { topProductsDefault: 10, topProductsMax: 10, categoriesMax: 50 } as const;

export const AnalyticsQuery = z.object({
  period: AnalyticsPeriod.default('30d'),
  /** One bot; omitted (or "all"): every bot in the caller's scope. */
  botId: z.preprocess((v) => (v === 'all' || v === '' ? undefined : v), z.string().uuid().optional()),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

export const AnalyticsChartType = z.enum([
  'revenue',
  'top-products',
  'customer-metrics',
  'category-performance',
]);
export type AnalyticsChartType = z.infer<typeof AnalyticsChartType>;

export const AnalyticsChartQuery = AnalyticsQuery.extend({
  /** top-products only. */
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ANALYTICS_LIMITS.topProductsMax)
    .default(ANALYTICS_LIMITS.topProductsDefault),
});
export type AnalyticsChartQuery = z.infer<typeof AnalyticsChartQuery>;

export const AnalyticsOverview = z.object({
  period: AnalyticsPeriod,
  currency: z.literal('USD'),
  totalRevenue: z.number().int(),
  totalRevenueFormatted: z.string(),
  /** Percent versus the previous period, one decimal; from nothing counts as 100. */
  revenueChange: z.number(),
  totalOrders: z.number().int(),
  ordersChange: z.number(),
  /** Distinct customers with an order in the period. */
  activeCustomers: z.number().int(),
  customersChange: z.number(),
  /** Orders per shop visit, percent, one decimal. */
  avgConversion: z.number(),
  conversionChange: z.number(),
});
export type AnalyticsOverview = z.infer<typeof AnalyticsOverview>;

/** Chart "revenue": one point per day (per day of the period; 24h has one). Revenue in USD minor units. */
export const RevenueChart = z.object({
  type: z.literal('revenue'),
  period: AnalyticsPeriod,
  labels: z.array(z.string()),
  revenue: z.array(z.number().int()),
  orders: z.array(z.number().int()),
  /** New customers of each day (first joined a bot in scope). */
  customers: z.array(z.number().int()),
  /** Active customers of each day: distinct customers who placed an order that day (Home's activity bars). */
  active: z.array(z.number().int()),
});
export type RevenueChart = z.infer<typeof RevenueChart>;

export const TopProduct = z.object({
  id: z.string().uuid(),
  name: z.string(),
  bot: z.object({ id: z.string().uuid(), username: z.string() }).nullable(),
  /** Units sold in the period. */
  sales: z.number().int(),
  revenue: z.number().int(),
  revenueFormatted: z.string(),
  /** Revenue percent change versus the previous period. */
  growth: z.number(),
});
export type TopProduct = z.infer<typeof TopProduct>;

export const TopProductsChart = z.object({
  type: z.literal('top-products'),
  period: AnalyticsPeriod,
  products: z.array(TopProduct),
});
export type TopProductsChart = z.infer<typeof TopProductsChart>;

/** Definitions in the README ("Analytics figures"). */
export const CustomerMetrics = z.object({
  type: z.literal('customer-metrics'),
  period: AnalyticsPeriod,
  newCustomers: z.number().int(),
  returningCustomers: z.number().int(),
  averageOrderValue: z.number().int(),
  averageOrderValueFormatted: z.string(),
  /** Orders per shop visit, percent. */
  conversionRate: z.number(),
  /** Carts that did not reach checkout, percent of carts. */
  cartAbandonmentRate: z.number(),
  /** All-time revenue per customer with an order, USD minor units. */
  customerLifetimeValue: z.number().int(),
  customerLifetimeValueFormatted: z.string(),
});
export type CustomerMetrics = z.infer<typeof CustomerMetrics>;

export const CategoryPerformance = z.object({
  /** null: products without a category. */
  id: z.string().uuid().nullable(),
  name: z.string(),
  icon: z.string().nullable(),
  revenue: z.number().int(),
  revenueFormatted: z.string(),
  /** Units sold in the period. */
  sales: z.number().int(),
  /** Products in the category. */
  products: z.number().int(),
});
export type CategoryPerformance = z.infer<typeof CategoryPerformance>;

export const CategoryPerformanceChart = z.object({
  type: z.literal('category-performance'),
  period: AnalyticsPeriod,
  categories: z.array(CategoryPerformance),
});
export type CategoryPerformanceChart = z.infer<typeof CategoryPerformanceChart>;

export const AnalyticsChart = z.discriminatedUnion('type', [
  RevenueChart,
  TopProductsChart,
  CustomerMetrics,
  CategoryPerformanceChart,
]);
export type AnalyticsChart = z.infer<typeof AnalyticsChart>;

export const BotPerformance = z.object({
  id: z.string().uuid(),
  username: z.string(),
  name: z.string(),
  status: z.enum(['active', 'inactive']),
  topCategory: z.string().nullable(),
  revenue: z.number().int(),
  revenueFormatted: z.string(),
  revenueChange: z.number(),
  orders: z.number().int(),
  ordersChange: z.number(),
  /** New customers in the period. */
  customers: z.number().int(),
  customersChange: z.number(),
  conversionRate: z.number(),
  avgOrderValue: z.number().int(),
  avgOrderValueFormatted: z.string(),
});
export type BotPerformance = z.infer<typeof BotPerformance>;

export const BotPerformanceResponse = z.object({ period: AnalyticsPeriod, bots: z.array(BotPerformance) });
export type BotPerformanceResponse = z.infer<typeof BotPerformanceResponse>;

export const AnalyticsBotsQuery = z.object({ period: AnalyticsPeriod.default('30d') });

/** GET /products/{productId}/analytics: a product's days over a period, in the caller's bots (or one bot). */
export const ProductAnalyticsQuery = AnalyticsQuery;
export type ProductAnalyticsQuery = z.infer<typeof ProductAnalyticsQuery>;

/**
 * One point per day of the period (oldest first) from product_daily_stats: the shop's views of the product's
 * card, units sold and revenue (USD minor units) of non-cancelled orders placed that day; and their sums.
 */
export const ProductAnalytics = z.object({
  productId: z.string().uuid(),
  period: AnalyticsPeriod,
  labels: z.array(z.string()),
  views: z.array(z.number().int()),
  units: z.array(z.number().int()),
  revenue: z.array(z.number().int()),
  totals: z.object({
    views: z.number().int(),
    units: z.number().int(),
    revenue: z.number().int(),
    /** Revenue less the product's cost price × units (USD minor units); null when the vendor set no cost. */
    grossProfit: z.number().int().nullable(),
  }),
});
export type ProductAnalytics = z.infer<typeof ProductAnalytics>;
