/**
 * The load part of `npm run bench`: the demo server under `clients` keep-alive clients reading the API as the
 * demo vendor, while a probe opens a fresh TCP connection every 50 ms and times it to the first byte of
 * GET /healthz. Only 127.0.0.1, bounded in time (BENCH_LOAD_SECONDS) and stopping by itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { LoadInput, LoadOutput } from './bench-load-clients';

export type LoadFigures = {
  load: LoadOutput;
  /** Fresh connections: TCP connect, and connect → first response byte of GET /healthz, in ms. */
  probe: {
    count: number;
    /** No first byte within PROBE_TIMEOUT_MS (or an error); counted as PROBE_TIMEOUT_MS in the percentiles. */
    failed: number;
    connectP50: number;
    connectP99: number;
    firstByteP50: number;
    firstByteP99: number;
    firstByteMax: number;
  };
  /** The server's event-loop delay during the load, ms (scripts/bench-eld.ts). */
  eventLoop: { p50: number; p99: number; max: number; mean: number } | null;
};

const PROBE_EVERY_MS = 50;
export const PROBE_TIMEOUT_MS = 15_000;
/** The first second is the 200 clients connecting; the probe measures the steady state after it. */
const RAMP_MS = 1000;

type Probe = { connectMs: number; firstByteMs: number } | null;

function probeOnce(port: number): Promise<Probe> {
  return new Promise((resolve) => {
    const started = performance.now();
    let connectMs = Number.NaN;
    const socket = connect({ host: '127.0.0.1', port, noDelay: true });
    const done = (result: Probe) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => done(null), PROBE_TIMEOUT_MS);
    socket.once('connect', () => {
      connectMs = performance.now() - started;
      socket.write('GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n');
    });
    socket.once('data', () => done({ connectMs, firstByteMs: performance.now() - started }));
    socket.once('error', () => done(null));
  });
}

const percentile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)] ?? 0);
const round1 = (n: number) => Math.round(n * 10) / 10;

async function probe(port: number, durationMs: number): Promise<LoadFigures['probe']> {
  await new Promise((r) => setTimeout(r, RAMP_MS));
  const pending: Promise<Probe>[] = [];
  const deadline = performance.now() + durationMs - RAMP_MS;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (performance.now() >= deadline) {
        clearInterval(timer);
        resolve();
      } else pending.push(probeOnce(port));
    }, PROBE_EVERY_MS);
  });
  const results = await Promise.all(pending);
  const ok = results.filter((r): r is NonNullable<Probe> => r !== null);
  const connects = ok.map((r) => r.connectMs).sort((a, b) => a - b);
  // A probe that failed (no answer within the timeout) counts as the timeout: percentiles never flatter.
  const firstBytes = results.map((r) => r?.firstByteMs ?? PROBE_TIMEOUT_MS).sort((a, b) => a - b);
  return {
    count: results.length,
    failed: results.length - ok.length,
    connectP50: round1(percentile(connects, 50)),
    connectP99: round1(percentile(connects, 99)),
    firstByteP50: round1(percentile(firstBytes, 50)),
    firstByteP99: round1(percentile(firstBytes, 99)),
    firstByteMax: round1(firstBytes.at(-1) ?? Number.NaN),
  };
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Signs in as the demo vendor through the normal path (demo init data → POST /auth/telegram). */
export async function signInDemo(port: number) {
  const base = `http://127.0.0.1:${port}/api/v1`;
  const { initData } = await json<{ initData: string }>(await fetch(`${base}/demo/init-data`));
  const login = await json<{ accessToken: string; vendor: { id: string } }>(
    await fetch(`${base}/auth/telegram`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ init_data: initData }),
    }),
  );
  const vendorId = login.vendor.id;
  const { bots } = await json<{ bots: { id: string }[] }>(
    await fetch(`${base}/vendors/${vendorId}/bots`, {
      headers: { authorization: `Bearer ${login.accessToken}` },
    }),
  );
  return { token: login.accessToken, vendorId, botIds: bots.map((b) => b.id) };
}

/** The read mix of Home and the bots screens: stats, the bot list and a bot's details, a third each. */
export function readMix(vendorId: string, botIds: string[]): string[] {
  const vendor = `/api/v1/vendors/${vendorId}`;
  const reads = (botId?: string) => [
    `${vendor}/dashboard/stats`,
    `${vendor}/bots`,
    ...(botId ? [`${vendor}/bot-details/${botId}`] : []),
  ];
  return botIds.length === 0 ? reads() : botIds.flatMap(reads);
}

export async function runLoad(opts: {
  port: number;
  token: string;
  paths: string[];
  clients: number;
  durationMs: number;
}): Promise<Omit<LoadFigures, 'eventLoop'>> {
  const input: LoadInput = { ...opts };
  const worker = new Worker(new URL('./bench-load-clients.ts', import.meta.url), { workerData: input });
  const load = new Promise<LoadOutput>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`load worker exited with ${code}`)));
  });
  const [output, probed] = await Promise.all([load, probe(opts.port, opts.durationMs)]);
  return { load: output, probe: probed };
}

export type LoadServer = { child: ChildProcess; port: number; eldFile: string; stop(): Promise<void> };

/** The product's server (demo mode), with the bench's event-loop monitor preloaded; logs go to a file. */
export function startLoadServer(opts: {
  serverDir: string;
  workDir: string;
  port: number;
  env: Record<string, string>;
  /** Where to write a --cpu-prof profile of the server, when set. */
  cpuProfDir?: string | undefined;
}): LoadServer {
  const eldFile = join(opts.workDir, `eld-${opts.port}.json`);
  const log = openSync(join(opts.workDir, `server-${opts.port}.log`), 'w');
  const eld = join(import.meta.dirname, 'bench-eld.ts');
  const prof = opts.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', '--import', eld, 'src/main.ts'], {
    cwd: opts.serverDir,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      // One address sends all the load: lift the per-address limit (the product's default is 600).
      RATE_LIMIT_PER_MINUTE: '10000000',
      BENCH_ELD_FILE: eldFile,
      ...opts.env,
    },
    stdio: ['ignore', log, 'inherit'],
  });
  closeSync(log);
  return {
    child,
    port: opts.port,
    eldFile,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

export function readEventLoopDelay(server: LoadServer): LoadFigures['eventLoop'] {
  if (!existsSync(server.eldFile)) return null;
  return JSON.parse(readFileSync(server.eldFile, 'utf8')) as LoadFigures['eventLoop'];
}

/** Starts the measured window of the server's event-loop monitor. */
export function markLoadStart(server: LoadServer) {
  server.child.kill('SIGUSR2');
}
