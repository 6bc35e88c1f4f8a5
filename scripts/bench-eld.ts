/**
 * Preloaded into the server by `npm run bench` (node --import ./scripts/bench-eld.ts), never by the product:
 * measures the server's event-loop delay. SIGUSR2 starts the window (the load begins); at exit the figures
 * of the window are written as JSON to BENCH_ELD_FILE, in ms beyond the 10 ms sampling interval (Node's
 * histogram counts the interval itself: an idle loop reads ~10 ms).
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_ELD_FILE;
const RESOLUTION_MS = 10;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  process.on('SIGUSR2', () => delay.reset());
  process.on('exit', () => {
    delay.disable();
    const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
    writeFileSync(
      file,
      JSON.stringify({
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
        mean: ms(delay.mean),
      }),
    );
  });
}
