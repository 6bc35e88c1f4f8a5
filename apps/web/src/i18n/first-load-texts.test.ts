import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enCore } from './en/core';
import { en } from './en/index';
import { enShopCore } from './en/shop-core';

/**
 * The back-office's first load carries en/core.ts, the shop's only en/shop-core.ts; every other screen's texts
 * come with the router (loadScreenTexts). So a text the shell, Home or the shop's page shows must be in its
 * core, or it would show as its key. This walks the static imports of those, as the bundler does, and checks
 * every key they name.
 */
const src = join(import.meta.dirname, '..');
const BACK_OFFICE = ['app/main.tsx', 'features/home/routes/home-page.tsx'];
const SHOP = ['shop/main.tsx'];

function resolveImport(from: string, spec: string): string | null {
  const base = join(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

function firstLoadFiles(entries: string[]): string[] {
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
  for (const entry of entries) walk(join(src, entry));
  return [...seen].filter((file) => !file.includes(`${join(src, 'i18n')}/`));
}

const keys = Object.keys(en);

/** The keys the files name (whole, or every key under a template's prefix) that `core` lacks. */
function missingFrom(core: object, files: string[]): string[] {
  const missing: string[] = [];
  for (const file of files) {
    for (const [, text, template] of readFileSync(file, 'utf8').matchAll(
      /['"`]([a-z]+(?:\.\w+)+)(\.\$\{)?/g,
    )) {
      if (!text) continue;
      const needed = template
        ? keys.filter((key) => key.startsWith(`${text}.`))
        : keys.filter((k) => k === text);
      for (const key of needed) if (!Object.hasOwn(core, key)) missing.push(`${relative(src, file)}: ${key}`);
    }
  }
  return missing;
}

describe('the texts of the first load', () => {
  const backOffice = firstLoadFiles(BACK_OFFICE);
  const shop = firstLoadFiles(SHOP);

  it('walks the shell, Home and the shop page', () => {
    expect(backOffice.length).toBeGreaterThan(50);
    expect(shop.length).toBeGreaterThan(20);
  });

  it('holds every key the shell and Home name, whole or as a template', () => {
    expect(missingFrom(enCore, backOffice)).toEqual([]);
  });

  it('holds every key the shop page names in the shop’s own first load, without the back-office’s', () => {
    expect(missingFrom(enShopCore, shop)).toEqual([]);
  });

  it('holds every activity feed text, since the feed words any event type', () => {
    expect(keys.filter((key) => key.startsWith('activity.') && !Object.hasOwn(enCore, key))).toEqual([]);
  });
});
