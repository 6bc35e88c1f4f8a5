import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './jwt';

const key = new TextEncoder().encode('a-signing-key-of-at-least-thirty-two-bytes');
const otherKey = new TextEncoder().encode('another-signing-key-of-thirty-two-bytes!');
const auth = { vendorId: '6f1c2b5e-7d3a-4c9e-8b1f-2a3d4e5f6a7b', telegramId: 42, role: 'VENDOR' as const };

afterEach(() => {
  vi.useRealTimers();
});

describe('verifyAccessToken', () => {
  it('answers the same caller every time a valid token is presented', async () => {
    const token = await signAccessToken(auth, key, 60);
    expect(await verifyAccessToken(token, key)).toEqual(auth);
    expect(await verifyAccessToken(token, key)).toEqual(auth);
  });

  it('refuses a token verified before with another key', async () => {
    const token = await signAccessToken(auth, key, 60);
    expect(await verifyAccessToken(token, key)).toEqual(auth);
    expect(await verifyAccessToken(token, otherKey)).toBeNull();
  });

  it('refuses a token once it has expired, even after accepting it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-18T12:00:00Z'));
    const token = await signAccessToken(auth, key, 60);
    expect(await verifyAccessToken(token, key)).toEqual(auth);
    vi.setSystemTime(new Date('2026-03-18T12:01:01Z'));
    expect(await verifyAccessToken(token, key)).toBeNull();
  });

  it('refuses a tampered token', async () => {
    const token = await signAccessToken(auth, key, 60);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ vid: auth.vendorId, role: 'VENDOR', sub: '1', iss: 'botshop' }),
    );
    expect(await verifyAccessToken(`${header}.${forged.toString('base64url')}.${signature}`, key)).toBeNull();
  });
});
