import type { ErrorCode } from '@app/contracts/errors';
import { type MessageParams, t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';
import { isApiError, type SESSION_EXPIRED } from './api-client';

/** Codes the client makes itself: the server could not be reached, the session could not be renewed. */
export type ClientErrorCode = 'NETWORK_ERROR' | typeof SESSION_EXPIRED;

/** How a screen words one code: a catalogue key (details fill its placeholders), or a key and its params. */
export type ErrorWording =
  | MessageKey
  | { key: MessageKey; params: (details: Record<string, unknown>) => MessageParams };

export type DescribeErrorOptions = {
  /** The codes this screen words, each with its catalogue key. */
  codes?: Partial<Record<ErrorCode | ClientErrorCode, ErrorWording>>;
  /**
   * VALIDATION_FAILED says the first field issue's own words, a contract text: each text this screen knows →
   * its catalogue key.
   */
  texts?: Readonly<Record<string, MessageKey>>;
  /** Anything else: a code this screen does not word, or not an API error at all. */
  fallback: MessageKey;
};

type Described = { key: MessageKey; params?: MessageParams };

/** The details' plain values (numbers, strings) as a key's params: `{ max: 10 }` fills `{max}`. */
function paramsOf(details: unknown): MessageParams {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return {};
  const params: MessageParams = {};
  for (const [name, value] of Object.entries(details)) {
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  }
  return params;
}

function describe(error: unknown, { codes = {}, texts = {}, fallback }: DescribeErrorOptions): Described {
  if (!isApiError(error)) return { key: fallback };
  const wording = codes[error.code as ErrorCode | ClientErrorCode];
  if (typeof wording === 'string') return { key: wording, params: paramsOf(error.details) };
  if (wording) {
    const details = typeof error.details === 'object' && error.details !== null ? error.details : {};
    return { key: wording.key, params: wording.params(details as Record<string, unknown>) };
  }
  const text = error.code === 'VALIDATION_FAILED' ? texts[error.message] : undefined;
  return { key: text ?? fallback };
}

/** The catalogue key a failed call is worded with (for state that keeps the key, as sign-in does). */
export function errorMessageKey(error: unknown, options: DescribeErrorOptions): MessageKey {
  return describe(error, options).key;
}

/**
 * A failed call in the user's language, from the error's code and details, never the server's English: the
 * screen's key for that code, a known field text of a validation failure, else `fallback`.
 */
export function describeError(error: unknown, options: DescribeErrorOptions): string {
  const { key, params } = describe(error, options);
  return t(key, params);
}
