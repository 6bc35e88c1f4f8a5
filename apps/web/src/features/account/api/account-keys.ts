import { profileKey, queryRoots, securityKey } from '../../../lib/query-keys';

/** Query keys of the account screens (profile, security, notifications, danger zone). */
export const accountKeys = {
  all: queryRoots.account,
  profile: profileKey,
  security: securityKey,
  notifications: () => [...accountKeys.all, 'notifications'] as const,
  myAlerts: () => [...accountKeys.all, 'my-alerts'] as const,
  push: () => [...accountKeys.all, 'push'] as const,
};
