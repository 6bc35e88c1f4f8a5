/**
 * The size budget (issue 25): fails when the back-office's shell + Home or the shop's Mini App loads more JS
 * (gzip) at first load than the ceiling of `BUNDLE_BUDGET_KIB` (scripts/bundle-size.ts) allows. `npm run test:e2e` runs it right after the build.
 * Run alone after `npm run build`: `node --import tsx scripts/check-bundle-size.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE_BUDGET_KIB, kib, measureBundles, webDist } from './bundle-size';

const sizes = measureBundles();
let failed = false;
for (const page of ['backOffice', 'shop'] as const) {
  const { gz, files } = sizes[page];
  const { goal, ceiling } = BUNDLE_BUDGET_KIB[page];
  const over = gz > ceiling * 1024;
  failed ||= over;
  console.log(
    `${over ? '✗' : '✓'} ${page}: ${kib(gz)} KiB gzip at first load (ceiling ${ceiling} KiB, goal ${goal} KiB), ${files.length} files`,
  );
  if (over) for (const f of files.slice(0, 8)) console.log(`    ${kib(f.gz).padStart(6)} KiB  ${f.file}`);
}
// The shell must not load zod (issue 25): a zod value imported on the first load's path (a contracts enum, say)
// pulls all of it in. Its error class's name survives minification.
for (const page of ['backOffice', 'shop'] as const) {
  const withZod = sizes[page].files.filter((f) =>
    readFileSync(join(webDist, f.file), 'utf8').includes('ZodError'),
  );
  if (withZod.length === 0) continue;
  failed = true;
  console.log(`✗ ${page} loads zod at first load, in ${withZod.map((f) => f.file).join(', ')}`);
}
if (failed) {
  console.error(
    'The first load grew past its budget: see what the largest chunks hold (vite build --sourcemap).',
  );
  process.exit(1);
}
