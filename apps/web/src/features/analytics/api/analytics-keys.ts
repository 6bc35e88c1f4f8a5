import type { AnalyticsChartType, AnalyticsPeriod } from '@app/contracts/analytics';
import { queryRoots } from '../../../lib/query-keys';

/** What every analytics call is asked for: a period and one bot or all (undefined). */
export type AnalyticsScope = { period: AnalyticsPeriod; botId?: string };

export const analyticsKeys = {
  all: queryRoots.analytics,
  overview: (scope: AnalyticsScope) => [...analyticsKeys.all, 'overview', scope] as const,
  chart: (type: AnalyticsChartType, scope: AnalyticsScope, limit?: number) =>
    [...analyticsKeys.all, 'chart', type, scope, limit ?? null] as const,
  bots: (period: AnalyticsPeriod, botId?: string) =>
    [...analyticsKeys.all, 'bots', period, botId ?? 'all'] as const,
};

/** Spec part 1 §9: the overview is fresh for 30 s, the other analytics for 60 s. */
export const OVERVIEW_STALE_MS = 30_000;
export const ANALYTICS_STALE_MS = 60_000;
