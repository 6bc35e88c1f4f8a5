import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type ProductPageMetaOf, registerWebApp } from './web-app';

const BOT = '3f0c2a9e-5b7d-4c1e-9a2b-1c2d3e4f5a6b';
const PRODUCT = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

async function serving(productPageMeta: ProductPageMetaOf) {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Back-office</title></head></html>',
  );
  writeFileSync(
    join(dist, 'shop.html'),
    '<!doctype html><html><head><title>Shop</title></head><body></body></html>',
  );
  const app = Fastify();
  const send = await registerWebApp(app, dist, { productPageMeta });
  app.setNotFoundHandler((req, reply) => send?.(reply, req.url.split('?')[0] ?? '/'));
  return app;
}

describe("the shop's shareable product address /shop/{botId}/p/{slug}", () => {
  it('serves the shop page with the product’s SEO title and description in its title and meta tags', async () => {
    const asked: string[] = [];
    const app = await serving(async (botId, slug) => {
      asked.push(`${botId} ${slug}`);
      return { productId: PRODUCT, title: 'Blue Tee <Summer>', description: 'Soft "organic" cotton' };
    });
    const res = await app.inject({ method: 'GET', url: `/shop/${BOT}/p/blue-tee` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(asked).toEqual([`${BOT} blue-tee`]);
    expect(res.body).toContain('<title>Blue Tee &lt;Summer&gt;</title>');
    expect(res.body).toContain('<meta property="og:title" content="Blue Tee &lt;Summer&gt;">');
    expect(res.body).toContain('<meta name="description" content="Soft &quot;organic&quot; cotton">');
    expect(res.body).toContain('<meta property="og:description" content="Soft &quot;organic&quot; cotton">');
    // The shop page opens on the product's view.
    expect(res.body).toContain(`<meta name="shop-product" content="${PRODUCT}">`);
  });

  it('gives the page the product’s SEO keywords as its keywords meta tag', async () => {
    const app = await serving(async () => ({
      productId: PRODUCT,
      title: 'Blue Tee',
      description: null,
      keywords: ['t-shirt', 'organic "cotton"'],
    }));
    const res = await app.inject({ method: 'GET', url: `/shop/${BOT}/p/blue-tee` });
    expect(res.body).toContain('<meta name="keywords" content="t-shirt, organic &quot;cotton&quot;">');
  });

  it('serves the plain shop page for a slug the bot does not sell', async () => {
    const app = await serving(async () => null);
    const res = await app.inject({ method: 'GET', url: `/shop/${BOT}/p/nothing-here` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<!doctype html><html><head><title>Shop</title></head><body></body></html>');
  });
});
