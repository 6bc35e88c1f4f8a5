import type { ActivityPeriod, ActivityType, StaffListQuery } from '@app/contracts/staff';

/** The team's query keys: the list (by filters), one member, their log and metrics. */
export const staffKeys = {
  all: ['staff'] as const,
  list: (q: StaffListQuery) => [...staffKeys.all, 'list', q] as const,
  member: (id: string) => [...staffKeys.all, 'member', id] as const,
  activity: (id: string, period: ActivityPeriod, type: ActivityType) =>
    [...staffKeys.all, 'activity', id, period, type] as const,
  metrics: (id: string, period: ActivityPeriod) => [...staffKeys.all, 'metrics', id, period] as const,
};
