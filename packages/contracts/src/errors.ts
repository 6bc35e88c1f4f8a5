import { z } from 'zod';

/** Every error the API answers, with the HTTP status it maps to. One place for both. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INIT_DATA_INVALID: 401,
  TOKEN_INVALID: 401,
  REFRESH_TOKEN_INVALID: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VENDOR_NOT_FOUND: 404,
  VENDOR_ALREADY_REGISTERED: 409,
  BOT_NOT_FOUND: 404,
  BOT_TOKEN_INVALID: 400,
  BOT_TOKEN_MISMATCH: 400,
  BOT_TOKEN_ALREADY_REGISTERED: 409,
  BOT_USERNAME_TAKEN: 409,
  FREE_PLAN_NOT_AVAILABLE: 400,
  SUBSCRIPTION_EXPIRED: 400,
  WEBHOOK_SECRET_INVALID: 401,
  TELEGRAM_ERROR: 502,
  TELEGRAM_UNAVAILABLE: 503,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
