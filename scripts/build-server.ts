// Bundles the server for `npm start`: apps/server/dist/main.js and the embedded database's thread beside it.
// Run from its sources the server compiles every module through tsx at start-up, which costs seconds and
// holds a few hundred MB for as long as it runs (issue 25); the bundle is plain JavaScript that Node loads as it
// is. Packages from node_modules stay outside the bundle (Node loads them as usual, with their own files); the
// project's own code, the contracts package included, is bundled. Files read at run time are found from the
// server's folder (apps/server/src/lib/server-files.ts).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';

const server = join(import.meta.dirname, '../apps/server');
const outdir = join(server, 'dist');

// A bare import (`fastify`, `@electric-sql/pglite/contrib/pg_trgm`) is a package: left to Node. The workspace's
// own packages (`@app/contracts/...`) are TypeScript sources, so they are bundled.
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: join(server, 'src/main.ts'),
    'pglite-thread': join(server, 'src/db/pglite-thread.ts'),
  },
  outdir,
  bundle: true,
  // Modules loaded on first use (`await import(...)`) stay out of the start-up's chunk.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  // Every file in one folder: the thread is found beside whichever chunk starts it.
  chunkNames: '[name]-[hash]',
  sourcemap: true,
  plugins: [packagesOutside],
  logLevel: 'warning',
});
console.log(`server bundled into apps/server/dist in ${Math.round(performance.now() - started)} ms`);
