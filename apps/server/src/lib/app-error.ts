import { answeredCode, ERRORS, type ErrorCode } from '@app/contracts/errors';
import { formatUsd } from './money';

/** The values and limits an error carries: an object, or for VALIDATION_FAILED the list of field issues. */
export type ErrorDetails = Readonly<Record<string, unknown>> | readonly ValidationIssue[];

/** One field a request got wrong: where (`body.name`) and the spec's words for it. */
export type ValidationIssue = { path: string; message: string };

function fill(value: unknown, format: string | undefined): string {
  if (format === 'usd' && typeof value === 'number') return formatUsd(value);
  if (format === 'number' && typeof value === 'number') return value.toLocaleString('en-US');
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/**
 * The English text of a code with its details filled in (the placeholders are described in the contracts'
 * errors.ts). VALIDATION_FAILED with field issues says the first issue's own words, as zod failures do.
 */
export function renderErrorMessage(code: ErrorCode, details?: ErrorDetails): string {
  if (Array.isArray(details))
    return (details as readonly ValidationIssue[])[0]?.message ?? ERRORS[code].message;
  const values = (details ?? {}) as Record<string, unknown>;
  return ERRORS[code].message.replace(
    /\{(\w+)(?::(\w+))?(?:\|([^|}]*)\|([^}]*))?\}/g,
    (whole, name: string, format?: string, one?: string, other?: string) => {
      if (!(name in values)) return whole;
      const value = values[name];
      if (one !== undefined) return value === 1 ? one : (other ?? '');
      return fill(value, format);
    },
  );
}

/**
 * The one error services throw: a code and its details, never a sentence. The errors plugin answers
 * `{ error: { code, message, details? } }`, `code` being the one the API answers (see `answersAs`).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetails | undefined;
  constructor(code: ErrorCode, details?: ErrorDetails) {
    super(renderErrorMessage(code, details));
    this.code = answeredCode(code);
    this.status = ERRORS[code].status;
    this.details = details;
  }
}
