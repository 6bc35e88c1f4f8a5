import { z } from 'zod';
import { BOT_MESSAGES } from './bots';
import { PAYMENT_MESSAGES } from './payments';

/**
 * Every error the API answers: its HTTP status and its default text. One place for both; a new code is added
 * here and nowhere else. A thrower may give a more specific text (the spec's words for that case).
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid.' },
  BAD_REQUEST: { status: 400, message: 'The request could not be read.' },
  BAD_URL: { status: 400, message: 'The address is not valid: it has a malformed %-escape.' },
  UNAUTHENTICATED: { status: 401, message: 'Sign in to continue.' },
  INIT_DATA_INVALID: { status: 401, message: 'Telegram init data failed verification.' },
  TOKEN_INVALID: { status: 401, message: 'The access token is invalid or has expired.' },
  REFRESH_TOKEN_INVALID: { status: 401, message: 'The session has ended. Sign in again.' },
  FORBIDDEN: { status: 403, message: 'You do not have access to this vendor.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  VENDOR_NOT_FOUND: { status: 404, message: 'No vendor is registered for this Telegram account.' },
  VENDOR_ALREADY_REGISTERED: {
    status: 409,
    message: 'A vendor is already registered for this Telegram account.',
  },
  BOT_NOT_FOUND: { status: 404, message: 'Bot not found.' },
  BOT_TOKEN_INVALID: { status: 400, message: BOT_MESSAGES.tokenUnknown },
  BOT_TOKEN_MISMATCH: { status: 400, message: 'This token belongs to a different bot.' },
  BOT_TOKEN_ALREADY_REGISTERED: { status: 409, message: BOT_MESSAGES.tokenAlreadyRegistered },
  BOT_USERNAME_TAKEN: { status: 409, message: BOT_MESSAGES.usernameTaken },
  FREE_PLAN_NOT_AVAILABLE: { status: 400, message: BOT_MESSAGES.freePlanFirstBotOnly },
  SUBSCRIPTION_EXPIRED: { status: 400, message: BOT_MESSAGES.subscriptionExpired },
  WEBHOOK_SECRET_INVALID: { status: 401, message: 'Unauthorized' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
  BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  URI_TOO_LONG: { status: 414, message: 'A part of the address is too long.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request body must be JSON.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Try again shortly.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request address or headers are too large.' },
  TELEGRAM_ERROR: { status: 502, message: 'Telegram refused the request.' },
  TELEGRAM_UNAVAILABLE: { status: 503, message: 'Telegram could not be reached. Try again shortly.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side.' },
  DATABASE_UNAVAILABLE: { status: 503, message: 'The database is not reachable.' },
  PAYMENT_NOT_FOUND: { status: 404, message: 'Payment not found.' },
  PAYMENT_NOT_REFUNDABLE: {
    status: 409,
    message: 'Only a completed Telegram Stars payment can be refunded.',
  },
  INVOICE_NOT_FOUND: { status: 404, message: 'Invoice not found.' },
  INSUFFICIENT_BALANCE: { status: 402, message: 'Insufficient balance.' },
  WALLET_BALANCE_INVALID: { status: 409, message: PAYMENT_MESSAGES.negativeBalance },
  SUBSCRIPTION_NOT_CANCELLABLE: { status: 409, message: 'This subscription cannot be cancelled.' },
  PAYMENT_PROVIDER_UNAVAILABLE: { status: 502, message: PAYMENT_MESSAGES.urlFailed },
  PAYMENT_INVOICE_FAILED: { status: 502, message: PAYMENT_MESSAGES.invoiceFailed },
  IPN_SIGNATURE_INVALID: { status: 401, message: 'Invalid signature.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
