import type {
  ActivityPeriod,
  ActivityType,
  StaffActivityPage,
  StaffListQuery,
  StaffListResponse,
  StaffMember,
  StaffMetricsResponse,
} from '@app/contracts/staff';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, isApiError, vendorPath } from '../../../lib/api-client';
import { staffKeys } from './staff-keys';

const notMissing = (failures: number, error: unknown) =>
  !(isApiError(error) && (error.status === 404 || error.status === 403)) && failures < 1;

export function useStaffList(q: StaffListQuery) {
  return useQuery({
    queryKey: staffKeys.list(q),
    queryFn: ({ signal }) =>
      api.get<StaffListResponse>(vendorPath('/staff'), {
        signal,
        query: { search: q.search || undefined, role: q.role, status: q.status },
      }),
    placeholderData: keepPreviousData,
    // Presence (online in the last 5 minutes) moves on its own.
    refetchInterval: 60_000,
  });
}

export function useStaffMember(staffId: string) {
  return useQuery({
    queryKey: staffKeys.member(staffId),
    queryFn: ({ signal }) =>
      api.get<StaffMember>(vendorPath(`/staff/${encodeURIComponent(staffId)}`), { signal }),
    retry: notMissing,
  });
}

export function useStaffActivity(staffId: string, period: ActivityPeriod, type: ActivityType) {
  return useInfiniteQuery({
    queryKey: staffKeys.activity(staffId, period, type),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      api.get<StaffActivityPage>(vendorPath(`/staff/${encodeURIComponent(staffId)}/activity`), {
        signal,
        query: { period, type, limit: 20, cursor: pageParam ?? undefined },
      }),
    getNextPageParam: (last) => last.nextCursor,
    retry: notMissing,
  });
}

export function useStaffMetrics(staffId: string, period: ActivityPeriod) {
  return useQuery({
    queryKey: staffKeys.metrics(staffId, period),
    queryFn: ({ signal }) =>
      api.get<StaffMetricsResponse>(vendorPath(`/staff/${encodeURIComponent(staffId)}/metrics`), {
        signal,
        query: { period },
      }),
    retry: notMissing,
  });
}
