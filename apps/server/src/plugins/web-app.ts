import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and index.html for
 * every client route (the SPA fallback). Returns the fallback handler for the app's not-found handler.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app is not built (npm run build): only the API is served');
    return null;
  }
  const indexHtml = readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader('Cache-Control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
    },
  });
  return (reply: import('fastify').FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
}
