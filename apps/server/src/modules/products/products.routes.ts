import { DownloadLink, DownloadLinkQuery, EmptyBody, VendorParams } from '@app/contracts/common';
import {
  AddCodesResponse,
  CodeListResponse,
  CodeParams,
  CreateProductBody,
  GenerateCodesBody,
  ImportCodesBody,
  ImportParams,
  ImportProductsBody,
  ImportProductsQuery,
  ImportResult,
  ListCodesQuery,
  ListProductsQuery,
  PRODUCT_LIMITS,
  PreviewCodesBody,
  PreviewCodesResponse,
  Product,
  ProductListResponse,
  ProductParams,
  ProductShare,
  ProductShareQuery,
  QrQuery,
  RevealedCode,
  SlotsQuery,
  SlotsResponse,
  UpdateProductBody,
} from '@app/contracts/products';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DownloadLinks, downloadCaller } from '../../lib/download-links';
import type { ProductsService } from './products.service';
import type { ProductsCsvService } from './products-csv.service';

// Every catalogue route needs `products`; the vendor scope also checks any botId/botIds named against the
// caller's bots, and the service hides products sold only through bots outside them.
const config = { permission: 'products' } as const;

/** What a catalogue export link downloads (download-links.ts). */
const EXPORT = 'products.export';

const sendCsv = (reply: FastifyReply, body: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="products.csv"')
    .header('cache-control', 'no-store')
    .send(body);

/**
 * The export behind a link (POST …/products/export/link): Telegram's downloadFile fetches it without the app's
 * Bearer header, so the link's token names the caller. Resolved again now, as the vendor scope would: a staff
 * member whose grant was revoked or lost `products` meanwhile gets nothing.
 */
export function productsDownloadRoutes(csv: ProductsCsvService, links: DownloadLinks) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/downloads/products.csv',
      {
        onRequest: links.requireLinkToken,
        schema: { tags: ['products'], querystring: DownloadLinkQuery, produces: ['text/csv'] },
      },
      async (req, reply) => {
        const actor = await downloadCaller(app, links, req.query.token, EXPORT, 'products');
        return sendCsv(reply, await csv.exportCsv(actor));
      },
    );
  };
}

export function productsRoutes(products: ProductsService, csv: ProductsCsvService, links: DownloadLinks) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['products'];

    app.get(
      '/products',
      {
        config,
        schema: {
          tags,
          params: VendorParams,
          querystring: ListProductsQuery,
          response: { 200: ProductListResponse },
        },
      },
      (req) => products.list(req.actor, req.query),
    );

    app.post(
      '/products',
      { config, schema: { tags, params: VendorParams, body: CreateProductBody, response: { 201: Product } } },
      async (req, reply) => reply.status(201).send(await products.create(req.actor, req.body)),
    );

    app.get(
      '/products/export',
      { config, schema: { tags, params: VendorParams, produces: ['text/csv'] } },
      async (req, reply) => sendCsv(reply, await csv.exportCsv(req.actor)),
    );

    app.post(
      '/products/export/link',
      // A download link stands for the session that asked for it: a key makes none.
      {
        config: { ...config, apiKeys: false },
        schema: { tags, params: VendorParams, response: { 200: DownloadLink } },
      },
      (req) => links.create(req.auth, EXPORT, '/api/v1/downloads/products.csv'),
    );

    app.post(
      '/products/import',
      {
        config,
        bodyLimit: PRODUCT_LIMITS.importMaxBytes + 64 * 1024,
        schema: {
          tags,
          params: VendorParams,
          querystring: ImportProductsQuery,
          body: ImportProductsBody,
          response: { 200: ImportResult },
        },
      },
      (req) => csv.importCsv(req.actor, req.body.csv, req.query.dryRun),
    );

    app.get(
      '/products/import/:importId',
      { config, schema: { tags, params: ImportParams, response: { 200: ImportResult } } },
      (req) => csv.importStatus(req.actor, req.params.importId),
    );

    app.post(
      '/products/codes/preview',
      {
        config,
        schema: {
          tags,
          params: VendorParams,
          body: PreviewCodesBody,
          response: { 200: PreviewCodesResponse },
        },
      },
      (req) => products.previewCodes(req.body),
    );

    app.get(
      '/products/:productId',
      { config, schema: { tags, params: ProductParams, response: { 200: Product } } },
      (req) => products.get(req.actor, req.params.productId),
    );

    app.put(
      '/products/:productId',
      {
        config,
        schema: { tags, params: ProductParams, body: UpdateProductBody, response: { 200: Product } },
      },
      (req) => products.update(req.actor, req.params.productId, req.body),
    );

    app.delete(
      '/products/:productId',
      { config, schema: { tags, params: ProductParams, response: { 204: z.null() } } },
      async (req, reply) => {
        await products.remove(req.actor, req.params.productId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/products/:productId/archive',
      { config, schema: { tags, params: ProductParams, body: EmptyBody, response: { 200: Product } } },
      (req) => products.archive(req.actor, req.params.productId),
    );

    app.post(
      '/products/:productId/restore',
      { config, schema: { tags, params: ProductParams, body: EmptyBody, response: { 200: Product } } },
      (req) => products.restore(req.actor, req.params.productId),
    );

    app.post(
      '/products/:productId/duplicate',
      { config, schema: { tags, params: ProductParams, body: EmptyBody, response: { 201: Product } } },
      async (req, reply) => reply.status(201).send(await products.duplicate(req.actor, req.params.productId)),
    );

    app.get(
      '/products/:productId/codes',
      {
        config,
        schema: {
          tags,
          params: ProductParams,
          querystring: ListCodesQuery,
          response: { 200: CodeListResponse },
        },
      },
      (req) => products.listCodes(req.actor, req.params.productId, req.query),
    );

    app.post(
      '/products/:productId/codes/generate',
      {
        config,
        schema: { tags, params: ProductParams, body: GenerateCodesBody, response: { 200: AddCodesResponse } },
      },
      (req) => products.generateCodes(req.actor, req.params.productId, req.body.count),
    );

    app.post(
      '/products/:productId/codes/import',
      {
        config,
        bodyLimit: 3 * 1024 * 1024,
        schema: { tags, params: ProductParams, body: ImportCodesBody, response: { 200: AddCodesResponse } },
      },
      (req) => products.importCodes(req.actor, req.params.productId, req.body),
    );

    // A code in full: only on this explicit request, never in a list.
    app.post(
      '/products/:productId/codes/:codeId/reveal',
      {
        config: { ...config, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags, params: CodeParams, body: EmptyBody, response: { 200: RevealedCode } },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return products.revealCode(req.actor, req.params.productId, req.params.codeId);
      },
    );

    app.delete(
      '/products/:productId/codes/:codeId',
      { config, schema: { tags, params: CodeParams, response: { 204: z.null() } } },
      async (req, reply) => {
        await products.deleteCode(req.actor, req.params.productId, req.params.codeId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/products/:productId/slots',
      {
        config,
        schema: { tags, params: ProductParams, querystring: SlotsQuery, response: { 200: SlotsResponse } },
      },
      (req) => products.slots(req.actor, req.params.productId, req.query.from, req.query.to),
    );

    app.get(
      '/products/:productId/share',
      {
        config,
        schema: {
          tags,
          params: ProductParams,
          querystring: ProductShareQuery,
          response: { 200: ProductShare },
        },
      },
      (req) => products.share(req.actor, req.params.productId, req.query.botId),
    );

    app.get(
      '/products/:productId/qr',
      {
        config,
        schema: {
          tags,
          params: ProductParams,
          querystring: QrQuery,
          produces: ['image/png', 'image/svg+xml'],
        },
      },
      async (req, reply) => {
        const qr = await products.qr(req.actor, req.params.productId, req.query.botId, req.query.format);
        return reply
          .header('content-type', qr.contentType)
          .header('cache-control', 'private, max-age=300')
          .send(qr.body);
      },
    );
  };
}
