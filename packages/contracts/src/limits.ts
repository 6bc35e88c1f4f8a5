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
