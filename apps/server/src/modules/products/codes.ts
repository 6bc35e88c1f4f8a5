import { randomInt } from 'node:crypto';
import type { BillingCycle, PassType } from '@app/contracts/products';

/** Code formats of spec part 2 §9 / §5.2. Random parts come from the CSPRNG: a code is a secret. */
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const randomChars = (n: number) => Array.from({ length: n }, () => ALNUM[randomInt(ALNUM.length)]).join('');

export type CodeFormat =
  | { digitalType: 'product_key'; keyFormat?: string | undefined }
  | { digitalType: 'ticket' }
  | { digitalType: 'pass'; passType?: PassType | undefined }
  | { digitalType: 'subscription'; billingCycle?: BillingCycle | undefined };

/**
 * One code. product_key: the vendor's key format, each X a random uppercase alphanumeric (see keyIn), else 4
 * groups of 4 (ABCD-EF12-…); ticket: TKT-<8>; pass: the first
 * three letters of the pass type, the year, '-' and 8 random (VIP2026-…); subscription: SUB, the billing cycle's
 * first letter, a time-based part (base-36 milliseconds), '-' and 6 random.
 */
export function generateCode(format: CodeFormat, now: Date = new Date()): string {
  switch (format.digitalType) {
    case 'product_key':
      return keyIn(format.keyFormat);
    case 'ticket':
      return `TKT-${randomChars(8)}`;
    case 'pass':
      return `${(format.passType ?? 'vip').slice(0, 3).toUpperCase()}${now.getUTCFullYear()}-${randomChars(8)}`;
    case 'subscription':
      return `SUB${(format.billingCycle ?? 'monthly').charAt(0).toUpperCase()}${now.getTime().toString(36).toUpperCase()}-${randomChars(6)}`;
  }
}

/** Random characters a key format needs at least: fewer would make its keys guessable (a key is a secret). */
export const KEY_FORMAT_MIN_RANDOM = 8;

/**
 * A key in the vendor's format ("PRO-XXXX-XXXX-XXXX"): each X (either case) becomes a random uppercase letter or
 * digit, every other character stays. A format with fewer than KEY_FORMAT_MIN_RANDOM X falls back to
 * XXXX-XXXX-XXXX-XXXX.
 */
function keyIn(keyFormat: string | undefined): string {
  const format =
    keyFormat && (keyFormat.match(/x/gi)?.length ?? 0) >= KEY_FORMAT_MIN_RANDOM
      ? keyFormat
      : 'XXXX-XXXX-XXXX-XXXX';
  return format.replace(/x/gi, () => randomChars(1));
}

/** `count` distinct codes of the format. */
export function generateCodes(format: CodeFormat, count: number, now?: Date): string[] {
  const out = new Set<string>();
  while (out.size < count) out.add(generateCode(format, now));
  return [...out];
}

/** Shows the first and last 4 characters only ('ABCD-••••-••••-WXYZ' becomes 'ABCD**********WXYZ'-like). */
export function maskCode(code: string): string {
  if (code.length <= 8) return `${code.slice(0, 2)}${'*'.repeat(Math.max(code.length - 2, 1))}`;
  return `${code.slice(0, 4)}${code.slice(4, -4).replace(/[^-]/g, '*')}${code.slice(-4)}`;
}

/**
 * The codes of an imported .txt or .csv (§5.1): one per line, a .csv line's first cell (quotes removed),
 * trimmed, blank lines dropped. Duplicates within the input are reported and kept once.
 */
export function parseCodeLines(text: string): { codes: string[]; duplicates: string[] } {
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const raw of text.split(/\r\n|\n|\r/)) {
    let line = raw.trim();
    if (line.includes(',') || line.startsWith('"')) line = firstCsvCell(line);
    if (line.length === 0) continue;
    if (seen.has(line)) duplicates.push(line);
    else seen.add(line);
  }
  return { codes: [...seen], duplicates };
}

function firstCsvCell(line: string): string {
  if (line.startsWith('"')) {
    let out = '';
    for (let i = 1; i < line.length; i++) {
      const c = line[i];
      if (c === '"' && line[i + 1] === '"') {
        out += '"';
        i++;
      } else if (c === '"') break;
      else out += c;
    }
    return out.trim();
  }
  return (line.split(',')[0] ?? '').trim();
}
