/**
 * The load of `npm run bench` (scripts/bench-load.ts runs this file in a worker thread, so that the probe of
 * fresh connections keeps an event loop of its own): `clients` keep-alive connections, each sending its next
 * request as soon as the previous answer is read, until the deadline. Bounded by time; 127.0.0.1 only.
 */
import { Agent, request } from 'node:http';
import { createHistogram, performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

export type LoadInput = {
  port: number;
  token: string;
  /** Paths to cycle through, e.g. /api/v1/vendors/<id>/dashboard/stats. */
  paths: string[];
  clients: number;
  durationMs: number;
};

export type LoadOutput = {
  requests: number;
  /** Answers by status code; `error` counts failed requests (reset, timeout). */
  statuses: Record<string, number>;
  seconds: number;
  /** Request latency in ms, from write to the whole response read. */
  p50: number;
  p99: number;
  max: number;
};

const input = workerData as LoadInput;
const agent = new Agent({ keepAlive: true, maxSockets: input.clients, maxFreeSockets: input.clients });
const latency = createHistogram();
const statuses: Record<string, number> = {};
const count = (key: string) => {
  statuses[key] = (statuses[key] ?? 0) + 1;
};

function get(path: string): Promise<void> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: input.port,
        path,
        agent,
        headers: { authorization: `Bearer ${input.token}` },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          latency.record(Math.max(1, Math.round((performance.now() - started) * 1000)));
          count(String(res.statusCode));
          resolve();
        });
        res.on('error', () => {
          count('error');
          resolve();
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      count('error');
      resolve();
    });
    req.end();
  });
}

const started = performance.now();
const deadline = started + input.durationMs;
await Promise.all(
  Array.from({ length: input.clients }, async (_, client) => {
    for (let i = client; performance.now() < deadline; i++) {
      await get(input.paths[i % input.paths.length] ?? '/healthz');
    }
  }),
);
agent.destroy();
const ms = (q: number) => Math.round(latency.percentile(q) / 100) / 10;
const output: LoadOutput = {
  requests: latency.count,
  statuses,
  seconds: (performance.now() - started) / 1000,
  p50: ms(50),
  p99: ms(99),
  max: Math.round(latency.max / 100) / 10,
};
parentPort?.postMessage(output);
