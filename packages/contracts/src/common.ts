import { z } from 'zod';

export const TEXT_MESSAGES = {
  nul: 'Text must not contain the NUL character (U+0000).',
  loneSurrogate: 'Text must not contain an unpaired surrogate: it is not valid Unicode.',
} as const;

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** True when every UTF-16 surrogate is half of a pair (String.prototype.isWellFormed, on any runtime). */
function isWellFormed(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isHighSurrogate(c) && isLowSurrogate(s.charCodeAt(i + 1))) i++;
    else if (isHighSurrogate(c) || isLowSurrogate(c)) return false;
  }
  return true;
}

/**
 * The one text type of every request schema: a string without NUL (PostgreSQL cannot store it in text or
 * JSON) and without an unpaired surrogate (not Unicode; a JSON column refuses it). Either is a 400
 * VALIDATION_FAILED with a clear message, before anything reaches the database. Chain it like `z.string()`:
 * `text().trim().min(1).max(64)`; `text({ error: 'Name is required' })` words a missing or non-string value.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine((s) => !s.includes('\0'), TEXT_MESSAGES.nul)
    .refine(isWellFormed, TEXT_MESSAGES.loneSurrogate);
}

/**
 * Removes what `text()` refuses, for text we cannot refuse because Telegram sends it (a user's names in
 * signed init data).
 */
export function stripUnsafeText(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) continue;
    if (isHighSurrogate(c) && isLowSurrogate(s.charCodeAt(i + 1))) {
      out += s.slice(i, i + 2);
      i++;
    } else if (!isHighSurrogate(c) && !isLowSurrogate(c)) {
      out += s[i];
    }
  }
  return out;
}

/** The languages the app and the bots speak (the settings offer these). */
export const Language = z.enum(['en', 'es', 'fr', 'de', 'ru', 'zh']);
export type Language = z.infer<typeof Language>;

export const VendorParams = z.object({ vendorId: text().min(1).max(64) });

/** How long a download link works (seconds). */
export const DOWNLOAD_LINK_TTL_S = 300;

/**
 * A link that downloads one file without the app's session, for a few minutes: Telegram's downloadFile fetches
 * it itself (the catalogue export, an invoice, a fee statement).
 */
export const DownloadLink = z.object({
  /** The path, on the app's own origin: /api/v1/downloads/…?token=… */
  url: z.string(),
  expiresAt: z.string(),
});
export type DownloadLink = z.infer<typeof DownloadLink>;
export const DownloadLinkQuery = z.object({ token: text().min(1).max(2000) });
export type VendorParams = z.infer<typeof VendorParams>;

/**
 * The body of an action that takes no input (start, stop): none (Fastify reads it as null), or `{}`. Any field
 * is refused (400), so a client cannot believe it changed something.
 */
export const EmptyBody = z.object({}).strict().nullish();

/** One day in milliseconds: every day count of the server and the app, in UTC days. */
export const DAY_MS = 86_400_000;
