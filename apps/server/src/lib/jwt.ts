import { randomUUID } from 'node:crypto';
import type { Role } from '@app/contracts/auth';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Who the access token speaks for. */
export type AuthContext = { vendorId: string; telegramId: number; role: Role };

const ALG = 'HS256';
const ISSUER = 'botshop';

export async function signAccessToken(auth: AuthContext, key: Uint8Array, ttlS: number): Promise<string> {
  return (
    new SignJWT({ vid: auth.vendorId, role: auth.role })
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

/** Verifies against one fixed algorithm: a token naming another (or `none`) is refused. Null when invalid. */
export async function verifyAccessToken(token: string, key: Uint8Array): Promise<AuthContext | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER });
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
