import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * POSTs to a URL a vendor or a browser gave us (outbound webhooks, Web Push endpoints) without letting it reach inside our network (SSRF): the
 * host is resolved once, every address it resolves to must be public (no loopback, private, link-local, CGNAT,
 * multicast or cloud metadata addresses) unless `allowPrivate`, and the connection goes to that checked address
 * (pinned: a second lookup cannot answer differently). Redirects are not followed. The answer's body is read up
 * to `maxBytes`; past `timeoutMs` the request is dropped.
 */

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Whether an address is one a public server must not call for a vendor: loopback, private, link-local… */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // IPv4-mapped (::ffff:10.0.0.1) is checked as the IPv4 address it is.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1] as string, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return blocked.check(address, 'ipv4');
}

export type SafePostResult = { status: number; body: string; durationMs: number };

/** Why no status came back. */
export class SafePostError extends Error {
  constructor(
    readonly kind: 'timeout' | 'connection' | 'address',
    message: string,
    readonly durationMs = 0,
  ) {
    super(message);
  }
}

export type SafePostOptions = {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  /** Tests resolve names their own way. */
  resolve?: (host: string) => Promise<string[]>;
};

async function resolveHost(host: string, opts: SafePostOptions): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = opts.resolve
        ? await opts.resolve(bare)
        : (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new SafePostError('connection', `could not resolve ${bare}`);
    }
  }
  if (addresses.length === 0) throw new SafePostError('connection', `could not resolve ${bare}`);
  // Every address, not just the first: a name that also resolves inside is refused.
  if (!opts.allowPrivate && addresses.some(isPrivateAddress)) {
    throw new SafePostError('address', 'the address is not a public one');
  }
  return addresses[0] as string;
}

export async function safePost(
  url: string,
  headers: Record<string, string>,
  body: string | Uint8Array,
  opts: SafePostOptions,
): Promise<SafePostResult> {
  const target = new URL(url);
  const started = performance.now();
  const address = await resolveHost(target.hostname, opts);
  const family = isIP(address);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SafePostResult>((resolve, reject) => {
    const elapsed = () => Math.round(performance.now() - started);
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // The connection goes to the address checked above; TLS still verifies the URL's host name.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all) callback(null, [{ address, family }] as never, family);
          else callback(null, address, family);
        },
        agent: false,
        timeout: opts.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size >= opts.maxBytes) return;
          chunks.push(chunk.subarray(0, opts.maxBytes - size));
          size += chunk.length;
          // Enough read: the rest is not wanted, and the connection is not kept.
          if (size >= opts.maxBytes) res.destroy();
        });
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            durationMs: elapsed(),
          });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const deadline = setTimeout(() => {
      req.destroy(new SafePostError('timeout', 'Connection timeout', elapsed()));
    }, opts.timeoutMs);
    req.on('timeout', () => req.destroy(new SafePostError('timeout', 'Connection timeout', elapsed())));
    req.on('error', (err) => {
      clearTimeout(deadline);
      reject(err instanceof SafePostError ? err : new SafePostError('connection', err.message, elapsed()));
    });
    req.on('close', () => clearTimeout(deadline));
    req.end(body);
  });
}
