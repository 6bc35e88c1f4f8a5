import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server). The server runs from its sources through tsx (`npm run dev`, the
 * tests) or from its bundle in dist/ (`npm start`), so a file beside a module is not beside it in the bundle:
 * the files the server reads at run time (migrations, word lists, the fakes' pages, the web app) are found
 * from here instead.
 */
export const serverRoot: string = (() => {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; ) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@app/server') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('the server package (apps/server) is not above this module');
    dir = parent;
  }
})();

/** A file or folder of the server package, by its path from the package's folder. */
export const serverFile = (path: string): string => join(serverRoot, path);
