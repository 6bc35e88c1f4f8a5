/**
 * Reads a V8 .cpuprofile (node --cpu-prof; `BENCH_CPU_PROF=<dir> npm run bench` writes one of the loaded
 * server) and prints where the main thread's time went: self time by package (or wasm, node internals, GC,
 * idle) and the top functions by self time.
 *   node --import tsx scripts/profile-top.ts <file.cpuprofile> [--last=<s>] [--top=<n>]
 * --last=<s> counts only the last s seconds (the load, without the server's start-up); --top (25) functions.
 */
import { readFileSync } from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('usage: profile-top.ts <file.cpuprofile> [--last=<s>] [--top=<n>]');
  process.exit(1);
}
const top = Number(option('top') ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
const span = profile.timeDeltas.reduce((a, b) => a + b, 0);
const from = span - Number(option('last') ?? Number.POSITIVE_INFINITY) * 1e6;
let at = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (at >= from) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
});

function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  if (url.startsWith('wasm://')) return 'wasm';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  const app = /\/(apps|packages|scripts)\/([^/]+)/.exec(url);
  return app ? `${app[1]}/${app[2]}` : url;
}

const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const areas = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const a = area(url, functionName);
  areas.set(a, (areas.get(a) ?? 0) + us);
  const key = `${functionName || '(anonymous)'}  ${a}${url && !url.startsWith('wasm://') ? `:${lineNumber + 1}` : ''}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
}

const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const ms = (us: number) => `${Math.round(us / 1000)} ms`.padStart(9);
console.log(`${file}: ${Math.round(total / 1000)} ms sampled\n\nself time by area:`);
for (const [a, us] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, 20))
  console.log(`${pct(us)} ${ms(us)}  ${a}`);
console.log('\ntop functions by self time:');
for (const [f, us] of [...functions].sort((x, y) => y[1] - x[1]).slice(0, top))
  console.log(`${pct(us)} ${ms(us)}  ${f}`);
