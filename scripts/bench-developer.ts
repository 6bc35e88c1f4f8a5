/**
 * The developer surface's figures (issue 23), in process, for `npm run bench` (`--only-developer` alone):
 *   - API keys: the per-key limiter's cost per request (the in-memory RateLimitStore, three windows), measured
 *     over BENCH_LIMITER_CALLS (200,000) requests from 1,000 keys.
 *   - Webhooks: signed deliveries to a local receiver, 1,000 events × 5 webhooks, one of them answering 500
 *     (BENCH_WEBHOOK_EVENTS): the Standard Webhooks signing and the SSRF-guarded POST of each, 10 at a time. Not
 *     measured here: the queue and the database around them (a delivery run's reads and writes).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createMemoryRateLimitStore, takeRateLimit } from '../apps/server/src/lib/rate-limit-store';
import { safePost } from '../apps/server/src/lib/safe-post';
import { newWebhookSecret, signWebhook } from '../apps/server/src/lib/webhook-signature';
import { API_RATE_LIMITS } from '../packages/contracts/src/developer';

export async function benchDeveloper(report: (name: string, value: string) => void): Promise<void> {
  const calls = Number(process.env.BENCH_LIMITER_CALLS ?? 200_000);
  const store = createMemoryRateLimitStore();
  const started = performance.now();
  const t0 = Date.now();
  for (let i = 0; i < calls; i++) {
    await takeRateLimit(store, `api-key:${i % 1000}`, API_RATE_LIMITS, t0 + i);
  }
  const us = ((performance.now() - started) * 1000) / calls;
  report('API key limiter, cost per request (memory store, 3 windows)', `${us.toFixed(2)} µs`);

  const events = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = req.url === '/fail' ? 500 : 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const hooks = ['/a', '/b', '/c', '/d', '/fail'].map((path) => ({
    url: base + path,
    secret: newWebhookSecret(),
  }));
  const jobs: { url: string; secret: string; n: number }[] = [];
  for (let n = 0; n < events; n++) for (const h of hooks) jobs.push({ ...h, n });
  let ok = 0;
  let failed = 0;
  const begin = performance.now();
  const worker = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      const body = JSON.stringify({
        id: `evt_${job.n}`,
        type: 'order.created',
        data: { orderNumber: job.n },
      });
      const headers = {
        'content-type': 'application/json',
        ...signWebhook([job.secret], { id: `evt_${job.n}`, timestamp: Math.floor(Date.now() / 1000), body }),
      };
      const r = await safePost(job.url, headers, body, {
        allowPrivate: true,
        timeoutMs: 10_000,
        maxBytes: 65_536,
      });
      if (r.status === 200) ok++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  const seconds = (performance.now() - begin) / 1000;
  server.close();
  report(
    `webhook fan-out, ${events.toLocaleString('en')} events × 5 webhooks (1 failing), local receiver, 10 at a time`,
    `${Math.round((ok + failed) / seconds)} deliveries/s (${ok} ok, ${failed} answered 500)`,
  );
}
