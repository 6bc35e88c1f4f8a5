import type {
  AnalyticsChartType,
  CategoryPerformanceChart,
  CustomerMetrics,
  RevenueChart,
  TopProductsChart,
} from '@app/contracts/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { ANALYTICS_STALE_MS, type AnalyticsScope, analyticsKeys } from './analytics-keys';

type Charts = {
  revenue: RevenueChart;
  'top-products': TopProductsChart;
  'customer-metrics': CustomerMetrics;
  'category-performance': CategoryPerformanceChart;
};

/** GET /analytics/charts/{type}; `limit` for top products (5 on the overview, 10 on the products tab). */
export function getAnalyticsChart<T extends AnalyticsChartType>(
  type: T,
  scope: AnalyticsScope,
  limit?: number,
  signal?: AbortSignal,
): Promise<Charts[T]> {
  return api.get<Charts[T]>(vendorPath(`/analytics/charts/${type}`), { query: { ...scope, limit }, signal });
}

export function analyticsChartQueryOptions<T extends AnalyticsChartType>(
  type: T,
  scope: AnalyticsScope,
  limit?: number,
) {
  return queryOptions({
    queryKey: analyticsKeys.chart(type, scope, limit),
    queryFn: ({ signal }) => getAnalyticsChart(type, scope, limit, signal),
    staleTime: ANALYTICS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsChart<T extends AnalyticsChartType>(
  type: T,
  scope: AnalyticsScope,
  limit?: number,
) {
  return useQuery(analyticsChartQueryOptions(type, scope, limit));
}
