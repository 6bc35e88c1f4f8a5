import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, totpCode } from './totp';

// RFC 6238 Appendix B's SHA-1 secret: the ASCII "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
  ])('gives the RFC 6238 test vector at T=%i', (seconds, expected) => {
    const step = Math.floor(seconds / 30);
    expect(hotp(base32Decode(RFC_SECRET), step, 8)).toBe(expected);
  });

  it('matches the code of now and of one step either side, not two', () => {
    const secret = newTotpSecret();
    const at = new Date('2026-01-01T12:00:00Z');
    expect(matchTotp(secret, totpCode(secret, at), at)).not.toBeNull();
    expect(matchTotp(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at)).not.toBeNull();
    expect(matchTotp(secret, totpCode(secret, new Date(at.getTime() - 90_000)), at)).toBeNull();
  });

  it('refuses a code of a step already used', () => {
    const secret = newTotpSecret();
    const at = new Date('2026-01-01T12:00:00Z');
    const step = matchTotp(secret, totpCode(secret, at), at);
    expect(step).not.toBeNull();
    expect(matchTotp(secret, totpCode(secret, at), at, step ?? 0)).toBeNull();
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 7, 9]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
  });
});
