import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { TEST_BOT_TOKEN } from './harness';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function run(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

/** Resolves with how the child ended and how long after `since` it did; rejects after `withinMs`. */
function exited(child: ChildProcess, since: number, withinMs: number) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>(
    (resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still running ${withinMs} ms later`)), withinMs);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, ms: Date.now() - since });
      });
    },
  );
}

function output(child: ChildProcess, text: string, withinMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`no "${text}" within ${withinMs} ms: ${seen}`)),
      withinMs,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

it('exits promptly on SIGTERM after its stdout reader has gone', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-test-'));
  dirs.push(dataDir);
  const server = run('src/main.ts', {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_API_ROOT: 'http://127.0.0.1:9/unused',
    LOG_LEVEL: 'info',
  });
  await output(server, 'is ready in', 25_000);

  // Whoever read the server's output (a terminal, a pipe to a log shipper) is gone: its writes now fail with EPIPE.
  server.stdout?.destroy();
  const signalled = Date.now();
  server.kill('SIGTERM');

  const end = await exited(server, signalled, 5_000);
  expect(end).toMatchObject({ code: 0, signal: null });
});

it('the exit watchdog kills a process whose main thread is stuck', async () => {
  const stuck = run('test/fixtures/watchdog-process.ts', { STUCK: '1', WATCHDOG_MS: '500' });
  const started = Date.now();
  const end = await exited(stuck, started, 10_000);
  expect(end.signal).toBe('SIGKILL');
});

it('the exit watchdog does not keep a finished process alive', async () => {
  const done = run('test/fixtures/watchdog-process.ts', { STUCK: '0', WATCHDOG_MS: '60000' });
  const end = await exited(done, Date.now(), 10_000);
  expect(end).toMatchObject({ code: 0, signal: null });
});
