import { BOT_MESSAGES } from '@app/contracts/bots';
import { ERROR_STATUS, type ErrorCode } from '@app/contracts/errors';

// The spec's own texts come from the contracts, where the web app reads them too: each exists once.

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request is not valid.',
  UNAUTHENTICATED: 'Sign in to continue.',
  INIT_DATA_INVALID: 'Telegram init data failed verification.',
  TOKEN_INVALID: 'The access token is invalid or has expired.',
  REFRESH_TOKEN_INVALID: 'The session has ended. Sign in again.',
  FORBIDDEN: 'You do not have access to this vendor.',
  NOT_FOUND: 'Not found.',
  VENDOR_NOT_FOUND: 'No vendor is registered for this Telegram account.',
  VENDOR_ALREADY_REGISTERED: 'A vendor is already registered for this Telegram account.',
  BOT_NOT_FOUND: 'Bot not found.',
  BOT_TOKEN_INVALID: BOT_MESSAGES.tokenUnknown,
  BOT_TOKEN_MISMATCH: 'This token belongs to a different bot.',
  BOT_TOKEN_ALREADY_REGISTERED: BOT_MESSAGES.tokenAlreadyRegistered,
  BOT_USERNAME_TAKEN: BOT_MESSAGES.usernameTaken,
  FREE_PLAN_NOT_AVAILABLE: BOT_MESSAGES.freePlanFirstBotOnly,
  SUBSCRIPTION_EXPIRED: BOT_MESSAGES.subscriptionExpired,
  WEBHOOK_SECRET_INVALID: 'Unauthorized',
  TELEGRAM_ERROR: 'Telegram refused the request.',
  TELEGRAM_UNAVAILABLE: 'Telegram could not be reached. Try again shortly.',
  RATE_LIMITED: 'Too many requests. Try again shortly.',
  INTERNAL: 'Something went wrong on our side.',
  DATABASE_UNAVAILABLE: 'The database is not reachable.',
};

/** The one error services throw; the errors plugin turns it into `{ error: { code, message, details? } }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? DEFAULT_MESSAGES[code]);
    this.status = ERROR_STATUS[code];
  }
}
