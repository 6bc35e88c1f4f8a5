import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { stripUnsafeText } from '@app/contracts/common';
import { ERRORS, type ErrorCode } from '@app/contracts/errors';

/** The Telegram user inside Mini App init data (only the fields we use). */
export type InitDataUser = {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  language_code?: string;
  is_premium?: boolean;
};

export type VerifiedInitData = { user: InitDataUser; authDate: Date; queryId?: string };

export type InitDataFailure =
  | 'missing'
  | 'malformed'
  | 'bad_hash'
  | 'expired'
  | 'from_future'
  | 'no_user'
  | 'bad_user';

/** Each failure's error code (its text lives in the contracts); all answer INIT_DATA_INVALID. */
export const INIT_DATA_CODES = {
  missing: 'INIT_DATA_MISSING',
  malformed: 'INIT_DATA_MALFORMED',
  bad_hash: 'INIT_DATA_INVALID',
  expired: 'INIT_DATA_EXPIRED',
  from_future: 'INIT_DATA_FROM_FUTURE',
  no_user: 'INIT_DATA_NO_USER',
  bad_user: 'INIT_DATA_BAD_USER',
} as const satisfies Record<InitDataFailure, ErrorCode>;

export class InitDataError extends Error {
  constructor(readonly reason: InitDataFailure) {
    super(ERRORS[INIT_DATA_CODES[reason]].message);
  }
}

// secret_key = HMAC_SHA256(key "WebAppData", bot_token) — the Mini App key, not the Login Widget's SHA256(token).
const secretKey = (botToken: string) => createHmac('sha256', 'WebAppData').update(botToken).digest();

function dataCheckString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

/** How far ahead of our clock `auth_date` may be: clocks drift, but init data from the future never expires. */
export const MAX_CLOCK_SKEW_S = 60;

/**
 * Verifies Mini App init data (SECURITY.md): HMAC over every field but `hash`, compared in constant time, and
 * `auth_date` no older than maxAgeS (0 turns the age check off, for the public documentation example) and no
 * more than MAX_CLOCK_SKEW_S ahead of now.
 */
export function verifyInitData(
  raw: string | undefined,
  botToken: string,
  opts: { maxAgeS: number; now?: Date },
): VerifiedInitData {
  if (!raw) throw new InitDataError('missing');
  const params = new URLSearchParams(raw);
  const hash = params.get('hash');
  const authDate = Number(params.get('auth_date'));
  if (!hash || !/^[0-9a-f]{64}$/.test(hash) || !Number.isInteger(authDate))
    throw new InitDataError('malformed');

  const expected = createHmac('sha256', secretKey(botToken)).update(dataCheckString(params)).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) throw new InitDataError('bad_hash');

  const nowS = (opts.now ?? new Date()).getTime() / 1000;
  if (authDate - nowS > MAX_CLOCK_SKEW_S) throw new InitDataError('from_future');
  if (opts.maxAgeS > 0 && nowS - authDate > opts.maxAgeS) throw new InitDataError('expired');

  const user = parseUser(params.get('user'));
  const queryId = params.get('query_id') ?? undefined;
  return { user, authDate: new Date(authDate * 1000), ...(queryId ? { queryId } : {}) };
}

function parseUser(json: string | null): InitDataUser {
  if (!json) throw new InitDataError('no_user');
  let user: unknown;
  try {
    user = JSON.parse(json);
  } catch {
    throw new InitDataError('malformed');
  }
  if (typeof user !== 'object' || user === null) throw new InitDataError('no_user');
  const { id, first_name, last_name, username, photo_url, language_code, is_premium } = user as Record<
    string,
    unknown
  >;
  // Telegram user ids are positive integers (up to 52 bits).
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || typeof first_name !== 'string') {
    throw new InitDataError('bad_user');
  }
  // Names are the user's own words, signed by Telegram: we cannot refuse them, so what no database can store
  // (NUL, unpaired surrogates) is dropped.
  const optional = (key: keyof InitDataUser, value: unknown) =>
    typeof value === 'string' ? { [key]: stripUnsafeText(value) } : {};
  return {
    id,
    first_name: stripUnsafeText(first_name),
    ...optional('last_name', last_name),
    ...optional('username', username),
    ...optional('photo_url', photo_url),
    ...optional('language_code', language_code),
    ...(typeof is_premium === 'boolean' ? { is_premium } : {}),
  };
}

/**
 * Signs init data the way Telegram does. Used by demo mode and tests only. It carries a `signature` field
 * because @telegram-apps/sdk v3 refuses launch data without one; only our HMAC check decides validity.
 */
export function signInitData(
  user: InitDataUser,
  botToken: string,
  opts: { authDate?: Date; queryId?: string } = {},
): string {
  const params = new URLSearchParams();
  params.set('query_id', opts.queryId ?? `AA${randomBytes(12).toString('base64url')}`);
  params.set('user', JSON.stringify(user));
  params.set('auth_date', String(Math.floor((opts.authDate ?? new Date()).getTime() / 1000)));
  params.set('signature', randomBytes(64).toString('base64url'));
  const hash = createHmac('sha256', secretKey(botToken)).update(dataCheckString(params)).digest('hex');
  params.set('hash', hash);
  return params.toString();
}
