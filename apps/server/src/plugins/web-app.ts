import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

// Files the app loads (hashed chunks under /assets/, icons, maps). A request for one that does not exist must
// not get index.html: an old page asking for a chunk that a deploy removed would get HTML with a 200 and fail
// obscurely ("text/html is not a valid JavaScript MIME type") instead of seeing that it is out of date.
const STATIC_FILE =
  /^\/assets\/|\.(?:m?js|css|map|json|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|txt|webmanifest)$/i;

/** True for a path that names a file of the built app rather than a client route. */
export function isStaticFilePath(path: string): boolean {
  return STATIC_FILE.test(path);
}

/** The shop's Mini App (`/shop/{botId}`, a customer's catalogue): its own page, without the back-office. */
const SHOP_PAGE = /^\/shop\/[^/]+\/?$/;

/**
 * Serves the built web app: hashed assets cached for a year, the pages never cached, and for every client
 * route its page (the SPA fallback: shop.html for the shop's Mini App, index.html for the back-office; not for
 * a missing file, see isStaticFilePath). Returns the fallback handler for the app's not-found handler.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app is not built (npm run build): only the API is served');
    return null;
  }
  const indexHtml = readFileSync(indexFile);
  const shopFile = join(distDir, 'shop.html');
  const shopHtml = existsSync(shopFile) ? readFileSync(shopFile) : indexHtml;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader('Cache-Control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
    },
  });
  return (reply: import('fastify').FastifyReply, path: string) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(SHOP_PAGE.test(path) ? shopHtml : indexHtml);
}
