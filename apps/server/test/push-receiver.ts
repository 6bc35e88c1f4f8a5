import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify as verifySignature,
} from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A push the receiver accepted: its VAPID claims checked, its payload decrypted. */
export type ReceivedPush = {
  path: string;
  claims: { aud: string; exp: number; sub: string };
  payload: string;
};

const b64url = (buf: Buffer) => buf.toString('base64url');

/** HKDF-SHA-256 (RFC 5869) for one block of output, as RFC 8291 uses it. */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A local push service for tests, as a browser's vendor runs one (RFC 8030), with the browser's side of the
 * encryption: it hands out a subscription (endpoint, the user agent's P-256 public key and auth secret), and for
 * each push it checks the VAPID JWT (RFC 8292: ES256 signed by the key in `k`, which must be the server's, `aud`
 * this origin, `exp` within 24 h) and decrypts the aes128gcm payload (RFC 8291 / RFC 8188). A push that fails a
 * check is answered 401/400 and kept in `refused` with the reason.
 */
export async function startPushReceiver(opts: { vapidPublicKey: string }) {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const uaPublic = ua.getPublicKey();
  const authSecret = randomBytes(16);
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let answer = 201;

  function checkVapid(req: IncomingMessage, origin: string): ReceivedPush['claims'] {
    const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '');
    if (!m) throw new Error('no vapid authorization');
    const [, jwt = '', k = ''] = m;
    if (k !== opts.vapidPublicKey) throw new Error('not the server’s VAPID key');
    const [head = '', body = '', sig = ''] = jwt.split('.');
    const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
    if (header.alg !== 'ES256') throw new Error(`alg ${header.alg}`);
    const raw = Buffer.from(k, 'base64url');
    const key = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
      format: 'jwk',
    });
    const ok = verifySignature(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(sig, 'base64url'),
    );
    if (!ok) throw new Error('bad VAPID signature');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
    const now = Date.now() / 1000;
    if (claims.aud !== origin) throw new Error(`aud ${claims.aud}`);
    if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60)) throw new Error(`exp ${claims.exp}`);
    if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`sub ${claims.sub}`);
    return claims;
  }

  function decrypt(req: IncomingMessage, body: Buffer): string {
    if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
    const salt = body.subarray(0, 16);
    const idlen = body[20] ?? 0;
    const asPublic = body.subarray(21, 21 + idlen);
    const record = body.subarray(21 + idlen);
    const ecdhSecret = ua.computeSecret(asPublic);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
    const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
    const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
    const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02, then padding zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    if (plain[end] !== 2) throw new Error('no last-record delimiter');
    return plain.subarray(0, end).toString('utf8');
  }

  const server = createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const claims = checkVapid(req, origin);
        const payload = decrypt(req, body);
        received.push({ path: req.url ?? '', claims, payload });
        res.writeHead(answer).end();
      } catch (err) {
        refused.push(err instanceof Error ? err.message : String(err));
        res.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    /** A browser's subscription to this receiver, as PushSubscription.toJSON() gives it. */
    subscription: (path = '/push/1') => ({
      endpoint: `http://127.0.0.1:${port}${path}`,
      expirationTime: null,
      keys: { p256dh: b64url(uaPublic), auth: b64url(authSecret) },
    }),
    received,
    refused,
    /** What the receiver answers an accepted push from now on (410: the subscription is gone). */
    answerWith(status: number) {
      answer = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;
