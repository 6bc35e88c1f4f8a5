import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { safePost } from './safe-post';

/** The VAPID key pair (RFC 8292) the server signs its Web Push requests with; the public key goes to browsers. */
export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The VAPID keys kept in DATA_DIR (`vapid.json`), made on first start. Written exclusively: two processes that
 * start together end up with the one pair that was written first.
 */
export function readOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = join(dataDir, 'vapid.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const keys = webpush.generateVAPIDKeys();
    try {
      writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
      return keys;
    } catch {
      return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
    }
  }
}

export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

/** How a push went: delivered to the push service, the subscription is gone (404/410), or a failure to retry. */
export type PushOutcome = { status: 'sent' } | { status: 'gone' } | { status: 'retry'; error: string };

export type PushSender = { send(target: PushTarget, payload: string): Promise<PushOutcome> };

/**
 * Sends Web Push messages (RFC 8030) with the payload encrypted for the browser (RFC 8291, aes128gcm) and the
 * request signed with the VAPID keys (RFC 8292). `subject`: the contact the push services may use (a URL or
 * mailto:). The endpoint came from a browser, so it is called as webhooks are (lib/safe-post.ts): its host is
 * resolved at send time and refused when any address is loopback or private, unless `allowPrivate`
 * (WEBHOOKS_ALLOW_PRIVATE: demo mode, tests' local receiver); the subscribe-time check alone would let a name
 * that later resolves inside through. Never throws.
 */
export function createPushSender(opts: {
  vapid: VapidKeys;
  subject: string;
  allowPrivate: boolean;
  /** Tests resolve names their own way. */
  resolve?: (host: string) => Promise<string[]>;
}): PushSender {
  return {
    async send(target, payload) {
      try {
        const request = webpush.generateRequestDetails(target, payload, {
          vapidDetails: { subject: opts.subject, ...opts.vapid },
          contentEncoding: 'aes128gcm',
          TTL: 24 * 60 * 60,
        });
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers)) {
          // safePost sets the length of what it sends.
          if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
        }
        const res = await safePost(request.endpoint, headers, request.body ?? '', {
          allowPrivate: opts.allowPrivate,
          timeoutMs: 10_000,
          maxBytes: 4096,
          ...(opts.resolve ? { resolve: opts.resolve } : {}),
        });
        if (res.status === 404 || res.status === 410) return { status: 'gone' };
        if (res.status < 200 || res.status >= 300) {
          return { status: 'retry', error: `push service answered ${res.status}` };
        }
        return { status: 'sent' };
      } catch (err) {
        return { status: 'retry', error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
