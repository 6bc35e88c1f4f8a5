/** Numbers the spec fixes (part 1 §9 and part 2 §9). */
export const LIMITS = {
  pageSize: 50,
  maxPageSize: 200,
  accessTokenTtlS: 15 * 60,
  refreshTokenTtlS: 30 * 24 * 3600,
  refreshBeforeExpiryS: 5 * 60,
  verifyEveryMs: 5 * 60 * 1000,
  connectTimeoutMs: 2000,
  defaultInitDataMaxAgeS: 86_400,
} as const;

/** Stored by the shell when the vendor lookup fails (spec part 1 §1). */
export const DEFAULT_VENDOR_ID = 'default-vendor-id';

/**
 * The one access-token expiry check: milliseconds until a token expiring at `expiresAtMs` is due for refresh
 * (`refreshBeforeExpiryS` early). Zero or less: refresh now.
 */
export function msUntilTokenRefresh(expiresAtMs: number, nowMs: number): number {
  return expiresAtMs - LIMITS.refreshBeforeExpiryS * 1000 - nowMs;
}
