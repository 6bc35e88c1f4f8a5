import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_KEY_PREFIX } from '@app/contracts/developer';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 256 random bits in base 62 take at most 43 digits; the CRC-32 checksum at most 6. */
const BODY_LENGTH = 43;
const CHECK_LENGTH = 6;
const SHAPE = new RegExp(`^${API_KEY_PREFIX}([0-9A-Za-z]{${BODY_LENGTH}})([0-9A-Za-z]{${CHECK_LENGTH}})$`);

function base62(value: bigint, length: number): string {
  let out = '';
  let n = value;
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(length, '0');
}

const checksumOf = (body: string) => base62(BigInt(crc32(body)), CHECK_LENGTH);

/**
 * A new API key: `bsk_live_` + 256 random bits in base 62 (43 characters) + a CRC-32 of those in base 62 (6).
 * The prefix makes a leaked key recognisable (secret scanners match it), the checksum lets them tell a real key
 * from a look-alike offline, and lets the server refuse a mistyped key without a database read.
 */
export function generateApiKey(): string {
  const body = base62(BigInt(`0x${randomBytes(32).toString('hex')}`), BODY_LENGTH);
  return `${API_KEY_PREFIX}${body}${checksumOf(body)}`;
}

/** Whether a bearer token is meant as an API key (its prefix): such a token is never tried as a session. */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** Whether a key has the right shape and its checksum matches (no database needed). */
export function apiKeyChecksumValid(key: string): boolean {
  const m = SHAPE.exec(key);
  return m !== null && checksumOf(m[1] as string) === m[2];
}
