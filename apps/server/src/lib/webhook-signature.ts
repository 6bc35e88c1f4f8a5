import { createHmac, randomBytes } from 'node:crypto';

/**
 * Outbound webhooks are signed the Standard Webhooks way (standardwebhooks.com): a secret `whsec_<base64 key>`,
 * and for each message `webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`, several
 * space-separated while a rotated secret still verifies. Plus the spec's `X-Signature` (part 2 §9):
 * `sha256=<hex HMAC-SHA256(key, "<timestamp>.<body>")>`, the same key, for receivers that check one header.
 */

const PREFIX = 'whsec_';

/** A new secret: 32 random bytes. */
export const newWebhookSecret = (): string => `${PREFIX}${randomBytes(32).toString('base64')}`;

/** The HMAC key of a secret: a `whsec_` secret's base64 bytes, or any other text's UTF-8 bytes (one a vendor chose). */
export function secretKey(secret: string): Buffer {
  if (secret.startsWith(PREFIX)) return Buffer.from(secret.slice(PREFIX.length), 'base64');
  return Buffer.from(secret, 'utf8');
}

/** The headers that sign one message with every secret given (the current one first). */
export function signWebhook(
  secrets: readonly string[],
  msg: { id: string; timestamp: number; body: string },
): Record<string, string> {
  const signed = `${msg.id}.${msg.timestamp}.${msg.body}`;
  const signatures = secrets.map(
    (s) => `v1,${createHmac('sha256', secretKey(s)).update(signed).digest('base64')}`,
  );
  const current = secrets[0] as string;
  const xSignature = createHmac('sha256', secretKey(current))
    .update(`${msg.timestamp}.${msg.body}`)
    .digest('hex');
  return {
    'webhook-id': msg.id,
    'webhook-timestamp': String(msg.timestamp),
    'webhook-signature': signatures.join(' '),
    'x-signature': `sha256=${xSignature}`,
  };
}
