import { randomUUID } from 'node:crypto';
import type { Role } from '@app/contracts/auth';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Who the access token speaks for. `sessionId`: the session (refresh-token family) it was issued in, so a
 * revoked session's access tokens are refused at once (modules/auth/sessions.service.ts).
 */
export type AuthContext = { vendorId: string; telegramId: number; role: Role; sessionId?: string };

const ALG = 'HS256';
const ISSUER = 'botshop';

export async function signAccessToken(auth: AuthContext, key: Uint8Array, ttlS: number): Promise<string> {
  return (
    new SignJWT({ vid: auth.vendorId, role: auth.role, ...(auth.sessionId ? { sid: auth.sessionId } : {}) })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(String(auth.telegramId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      // A unique id: two tokens issued in the same second for the same session must still differ.
      .setJti(randomUUID())
      .setExpirationTime(`${ttlS}s`)
      .sign(key)
  );
}

/**
 * Tokens already verified with a key, until they expire: a client sends the same access token with every request
 * for its lifetime, and verifying it (an HMAC through WebCrypto's thread pool) was a sixth of an API read's time
 * under load. Only valid tokens are kept, with their expiry; the oldest go first past VERIFIED_MAX.
 */
const verified = new WeakMap<Uint8Array, Map<string, { auth: AuthContext; expiresMs: number }>>();
const VERIFIED_MAX = 10_000;

/** Verifies against one fixed algorithm: a token naming another (or `none`) is refused. Null when invalid. */
export async function verifyAccessToken(token: string, key: Uint8Array): Promise<AuthContext | null> {
  let known = verified.get(key);
  const hit = known?.get(token);
  if (hit && Date.now() < hit.expiresMs) return hit.auth;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER });
    const telegramId = Number(payload.sub);
    if (typeof payload.vid !== 'string' || !Number.isSafeInteger(telegramId)) return null;
    if (payload.role !== 'VENDOR' && payload.role !== 'STAFF') return null;
    const auth: AuthContext = {
      vendorId: payload.vid,
      telegramId,
      role: payload.role,
      ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
    };
    if (typeof payload.exp === 'number') {
      if (!known) {
        known = new Map();
        verified.set(key, known);
      }
      if (known.size >= VERIFIED_MAX) known.delete(known.keys().next().value as string);
      known.set(token, { auth, expiresMs: payload.exp * 1000 });
    }
    return auth;
  } catch (err) {
    known?.delete(token);
    if (err instanceof errors.JOSEError) return null;
    throw err;
  }
}

const DOWNLOAD_ISSUER = 'botshop-download';

/**
 * A short-lived token for one kind of download (`purpose`), carried in a link: Telegram's downloadFile fetches
 * the file itself, without the app's Bearer header. Another issuer than access tokens, so neither passes for
 * the other.
 */
export async function signDownloadToken(
  auth: AuthContext,
  purpose: string,
  key: Uint8Array,
  ttlS: number,
): Promise<string> {
  return new SignJWT({ vid: auth.vendorId, role: auth.role })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(String(auth.telegramId))
    .setIssuer(DOWNLOAD_ISSUER)
    .setAudience(purpose)
    .setIssuedAt()
    .setExpirationTime(`${ttlS}s`)
    .sign(key);
}

/**
 * The caller a download token was made for, if it is valid, unexpired and for this purpose (null: for any
 * purpose, the check a download route makes before it reads its parameters); else null.
 */
export async function verifyDownloadToken(
  token: string,
  purpose: string | null,
  key: Uint8Array,
): Promise<AuthContext | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALG],
      issuer: DOWNLOAD_ISSUER,
      ...(purpose === null ? {} : { audience: purpose }),
    });
    const telegramId = Number(payload.sub);
    if (typeof payload.vid !== 'string' || !Number.isSafeInteger(telegramId)) return null;
    if (payload.role !== 'VENDOR' && payload.role !== 'STAFF') return null;
    return { vendorId: payload.vid, telegramId, role: payload.role };
  } catch (err) {
    if (err instanceof errors.JOSEError) return null;
    throw err;
  }
}

/** The token of an `Authorization: Bearer <token>` header; null when the header is absent or another scheme. */
export function bearerToken(header: string | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? null;
}
