import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enCore } from './en/core';
import { en } from './en/index';

/**
 * The first load carries only en/core.ts; every other screen's texts come with the router (loadScreenTexts).
 * So a text the shell, Home or the shop's page shows must be in core, or it would show as its key. This walks
 * the static imports of those three, as the bundler does, and checks every key they name.
 */
const src = join(import.meta.dirname, '..');
const FIRST_LOAD = ['app/main.tsx', 'features/home/routes/home-page.tsx', 'shop/main.tsx'];

function resolveImport(from: string, spec: string): string | null {
  const base = join(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

function firstLoadFiles(): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // Static imports and re-exports of our own modules; `import type` and import() are not in the first load.
    const specs = code.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^;]*?\s+from\s+)?'(\.[^']+)'/gms);
    for (const [, spec] of specs) {
      const target = spec ? resolveImport(file, spec) : null;
      if (target) walk(target);
    }
  };
  for (const entry of FIRST_LOAD) walk(join(src, entry));
  return [...seen].filter((file) => !file.includes(`${join(src, 'i18n')}/`));
}

describe('the texts of the first load', () => {
  const files = firstLoadFiles();
  const keys = Object.keys(en);
  const inCore = (key: string) => Object.hasOwn(enCore, key);

  it('walks the shell, Home and the shop page', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('holds every key the shell, Home and the shop page name, whole or as a template', () => {
    const missing: string[] = [];
    for (const file of files) {
      for (const [, text, template] of readFileSync(file, 'utf8').matchAll(
        /['"`]([a-z]+(?:\.\w+)+)(\.\$\{)?/g,
      )) {
        if (!text) continue;
        const needed = template
          ? keys.filter((key) => key.startsWith(`${text}.`))
          : keys.filter((k) => k === text);
        for (const key of needed) if (!inCore(key)) missing.push(`${relative(src, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('holds every activity feed text, since the feed words any event type', () => {
    expect(keys.filter((key) => key.startsWith('activity.') && !inCore(key))).toEqual([]);
  });
});
