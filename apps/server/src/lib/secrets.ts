import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keys derived from APP_SECRET, one per purpose, so a leak of one use never weakens another.
 * Nothing derived here is ever stored in the database.
 */
export type Secrets = {
  jwtKey: Uint8Array;
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
};

export function createSecrets(appSecret: string): Secrets {
  const derive = (purpose: string) => new Uint8Array(hkdfSync('sha256', appSecret, 'botshop', purpose, 32));
  const encryptionKey = derive('encryption:aes-256-gcm:v1');
  return {
    jwtKey: derive('jwt:hs256:v1'),
    // Sealed form: v1.<iv>.<tag>.<ciphertext>, base64url; the version allows rotating the scheme later.
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined)
        throw new Error('Unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** For looking up high-entropy tokens by value without storing them: a plain SHA-256 is enough. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A key derived from APP_SECRET for one more purpose (the same derivation as createSecrets' keys). */
export function deriveKey(appSecret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', appSecret, 'botshop', purpose, 32));
}
