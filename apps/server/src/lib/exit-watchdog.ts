import { Worker } from 'node:worker_threads';

// Runs on its own thread: a timer on the main thread cannot fire while that thread is stuck in a synchronous
// loop, and one such loop is real: pino's exit hook flushes with sonic-boom's flushSync, which retries a write
// to a stdout whose reader has gone (EPIPE) forever, sleeping 100 ms between tries.
const source = `
const { parentPort, workerData } = require('node:worker_threads');
const kill = () => process.kill(workerData.pid, 'SIGKILL');
let timer = setTimeout(kill, workerData.ms);
parentPort.on('message', (ms) => {
  clearTimeout(timer);
  timer = setTimeout(kill, ms);
});
`;

export type ExitWatchdog = {
  /** Moves the deadline to `ms` from now (sooner or later). */
  reset(ms: number): void;
};

/**
 * Kills this process (SIGKILL) `ms` from now unless it has exited by then, whatever the main thread is doing.
 * Does not keep the process alive.
 */
export function startExitWatchdog(ms: number): ExitWatchdog {
  // execArgv: [] so the thread does not load this process's loaders (tsx): it needs nothing but a timer.
  const worker = new Worker(source, { eval: true, workerData: { pid: process.pid, ms }, execArgv: [] });
  worker.unref();
  return { reset: (next) => worker.postMessage(next) };
}
