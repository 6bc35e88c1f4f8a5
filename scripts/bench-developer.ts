/**
 * The developer surface's figures (issue 23), in process, for `npm run bench` (`--only-developer` alone):
 *   - API keys: the per-key limiter's cost per request (the in-memory RateLimitStore, three windows), measured
 *     over BENCH_LIMITER_CALLS (200,000) requests from 1,000 keys.
 *   - Webhooks: signed deliveries to a local receiver, 1,000 events × 5 webhooks, one of them answering 500
 *     (BENCH_WEBHOOK_EVENTS): the Standard Webhooks signing and the SSRF-guarded POST of each, 10 at a time. Not
 *     measured here: the queue and the database around them (a delivery run's reads and writes). While it runs,
 *     a request every 5 ms to an HTTP route of this process (the API shares the process with the delivery
 *     workers): its p50/p99 against the same probe when idle. The probe's route is a plain handler, not the API
 *     with its database: it shows what the deliveries cost the event loop, not the API's own time.
 *   - Data export (scripts/bench-exports.ts): 1,000,000 orders as CSV and as XLSX, on PGlite and, when
 *     `exportsDatabaseUrl` is given, PostgreSQL.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createMemoryRateLimitStore, takeRateLimit } from '../apps/server/src/lib/rate-limit-store';
import { safePost } from '../apps/server/src/lib/safe-post';
import { newWebhookSecret, signWebhook } from '../apps/server/src/lib/webhook-signature';
import { API_RATE_LIMITS } from '../packages/contracts/src/developer';
import { benchExports } from './bench-exports';

/** Latencies of GETs to `url`, one every `everyMs`, until `until` resolves (or `count` when given). */
async function probe(url: string, everyMs: number, until: Promise<unknown> | number): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  if (typeof until !== 'number') void until.then(() => (done = true));
  const limit = typeof until === 'number' ? until : Number.POSITIVE_INFINITY;
  while (!done && times.length < limit) {
    const started = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return times;
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export async function benchDeveloper(
  report: (name: string, value: string) => void,
  opts: { exportsDatabaseUrl?: () => string | undefined } = {},
): Promise<void> {
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
  // The probe: a route of this process, as the API is of the process whose workers deliver.
  const api = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true, at: Date.now() }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const probeUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/probe`;
  const idle = await probe(probeUrl, 5, 400);
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
  const fanOut = Promise.all(Array.from({ length: 10 }, worker));
  const busy = await probe(probeUrl, 5, fanOut);
  await fanOut;
  const seconds = (performance.now() - begin) / 1000;
  server.close();
  api.close();
  report(
    `webhook fan-out, ${events.toLocaleString('en')} events × 5 webhooks (1 failing), local receiver, 10 at a time`,
    `${Math.round((ok + failed) / seconds)} deliveries/s (${ok} ok, ${failed} answered 500)`,
  );
  report(
    'probe route of the same process, p50 / p99: idle → during the fan-out',
    `${pct(idle, 50).toFixed(1)} / ${pct(idle, 99).toFixed(1)} ms → ${pct(busy, 50).toFixed(1)} / ${pct(busy, 99).toFixed(1)} ms (${busy.length} probes)`,
  );

  await benchExports(report);
  const pg = opts.exportsDatabaseUrl?.();
  if (pg) await benchExports(report, pg);
}
