import { ERRORS, type ErrorCode } from '@app/contracts/errors';

/** The one error services throw; the errors plugin turns it into `{ error: { code, message, details? } }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }
}
