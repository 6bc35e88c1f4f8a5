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
/** A shared product address of the shop's Mini App (`/shop/{botId}/p/{slug}`): the same page, opened on it. */
const PRODUCT_PAGE = /^\/shop\/([0-9a-f-]{36})\/p\/([^/]{1,600})\/?$/;

/** The slug of a product address, as the product holds it ('' for a malformed escape: no product). */
function decodedSlug(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}

/** The link preview of a shared product address (null: no such product in that shop). */
export type ProductPageMetaOf = (botId: string, slug: string) => Promise<ProductPageMetaTags | null>;

/** What a shared product address says of its product; `keywords`: the product's SEO keywords (may be empty). */
type ProductPageMetaTags = {
  title: string;
  description: string | null;
  keywords?: string[];
  productId: string;
};

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The shop page with the product's title and description as its title and meta tags (Telegram's link preview). */
function withMeta(html: string, meta: ProductPageMetaTags): string {
  const title = escapeHtml(meta.title);
  const tags = [
    // The page opens on the product's view (apps/web/src/shop/main.tsx).
    `<meta name="shop-product" content="${escapeHtml(meta.productId)}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta name="twitter:title" content="${title}">`,
    ...(meta.description
      ? [
          `<meta name="description" content="${escapeHtml(meta.description)}">`,
          `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
        ]
      : []),
    ...(meta.keywords?.length
      ? [`<meta name="keywords" content="${escapeHtml(meta.keywords.join(', '))}">`]
      : []),
    '<meta property="og:type" content="product">',
  ].join('');
  const titled = /<title>[^<]*<\/title>/.test(html)
    ? html.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    : html.replace('<head>', `<head><title>${title}</title>`);
  return titled.includes('</head>') ? titled.replace('</head>', `${tags}</head>`) : `${tags}${titled}`;
}

/**
 * Serves the built web app: hashed assets cached for a year, the pages never cached, and for every client
 * route its page (the SPA fallback: shop.html for the shop's Mini App, index.html for the back-office; not for
 * a missing file, see isStaticFilePath). Returns the fallback handler for the app's not-found handler.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  opts: { productPageMeta?: ProductPageMetaOf } = {},
) {
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
  const send = (reply: import('fastify').FastifyReply, html: Buffer | string) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  return async (reply: import('fastify').FastifyReply, path: string) => {
    const product = PRODUCT_PAGE.exec(path);
    if (product) {
      const meta = await opts.productPageMeta?.(product[1] ?? '', decodedSlug(product[2] ?? ''));
      return send(reply, meta ? withMeta(shopHtml.toString('utf8'), meta) : shopHtml);
    }
    return send(reply, SHOP_PAGE.test(path) ? shopHtml : indexHtml);
  };
}
