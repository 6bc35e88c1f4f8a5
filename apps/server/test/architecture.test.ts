import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's folders, lowest first: a file may import its own folder and the ones below it, never one above.
 * Tests and their helpers sit above everything (they may import anything).
 */
const LAYERS = [
  'lib',
  'config',
  'fakes',
  'db',
  'plugins',
  'modules',
  'jobs',
  'demo',
  'admin',
  'root',
] as const;
type Layer = (typeof LAYERS)[number];

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

type Import = { from: string; to: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative(src, path)] : [];
  });
}

const isTestCode = (file: string) => /(\.test\.ts|\.fixture\.ts)$/.test(file);

/** Every relative import (static, re-export or dynamic) of the server's own code, as paths below src/. */
function productionImports(): Import[] {
  return sourceFiles(src)
    .filter((file) => !isTestCode(file))
    .flatMap((file) => {
      const text = readFileSync(join(src, file), 'utf8');
      return [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => ({
        from: file,
        to: relative(src, resolve(src, dirname(file), m[1] as string)),
      }));
    });
}

function layerOf(path: string): Layer {
  const [top, next] = path.split('/');
  if (next === undefined) return top === 'config' || top === 'config.ts' ? 'config' : 'root';
  return (LAYERS as readonly string[]).includes(top as string) ? (top as Layer) : 'root';
}

const moduleOf = (path: string) => (path.startsWith('modules/') ? path.split('/')[1] : undefined);

const imports = productionImports();

describe('the server layout', () => {
  it('has no import from a lower folder to a higher one', () => {
    const upward = imports
      .filter(({ from, to }) => LAYERS.indexOf(layerOf(to)) > LAYERS.indexOf(layerOf(from)))
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(upward).toEqual([]);
  });

  it('has no module that imports another module’s repository', () => {
    const reads = imports
      .filter(({ from, to }) => moduleOf(to) && moduleOf(from) !== moduleOf(to) && to.endsWith('.repository'))
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(reads).toEqual([]);
  });

  it('has modules use each other through their services only (and the few public files named here)', () => {
    // Besides *.service.ts, what a module offers the others: recording an event inside the caller's transaction,
    // the consumers' types, what other modules read of orders, and the pure rules of what can be sold.
    const publicFiles = [
      'modules/events/record-event',
      'modules/events/events.dispatcher',
      'modules/orders/order-reads',
      'modules/products/sale-rules',
    ];
    const reaches = imports
      .filter(({ from, to }) => moduleOf(to) && moduleOf(from) && moduleOf(from) !== moduleOf(to))
      .filter(({ to }) => !to.endsWith('.service') && !publicFiles.includes(to))
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(reaches).toEqual([]);
  });

  it('has no cycle between modules', () => {
    const uses = new Map<string, Set<string>>();
    for (const { from, to } of imports) {
      const a = moduleOf(from);
      const b = moduleOf(to);
      if (a && b && a !== b) uses.set(a, (uses.get(a) ?? new Set()).add(b));
    }
    // Depth-first search; a module met again while still on the path closes a cycle.
    const cycles: string[] = [];
    const done = new Set<string>();
    const visit = (name: string, path: string[]) => {
      if (path.includes(name)) {
        cycles.push([...path.slice(path.indexOf(name)), name].join(' -> '));
        return;
      }
      if (done.has(name)) return;
      for (const next of uses.get(name) ?? []) visit(next, [...path, name]);
      done.add(name);
    };
    for (const name of uses.keys()) visit(name, []);
    expect(cycles).toEqual([]);
  });

  it('keeps the shop on top: no other module imports it', () => {
    const intoShop = imports
      .filter(
        ({ from, to }) => moduleOf(to) === 'shop' && moduleOf(from) !== 'shop' && layerOf(from) === 'modules',
      )
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(intoShop).toEqual([]);
  });
});
