import { text, VendorParams } from '@app/contracts/common';
import {
  CreateExportBody,
  DataExport,
  DataExportList,
  ExportEstimate,
  ExportEstimateQuery,
  ExportParams,
} from '@app/contracts/developer';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ExportsService } from './exports.service';

// Exports hold every table of the vendor's business: the billing permission's (Full Access holds it too), never
// asked for with an API key.
const config = { permission: 'billing', apiKeys: false } as const;

export function exportsRoutes(exports: ExportsService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['exports'];

    app.get(
      '/exports',
      { config, schema: { tags, params: VendorParams, response: { 200: DataExportList } } },
      (req) => exports.list(req.actor),
    );
    app.post(
      '/exports',
      {
        config,
        schema: { tags, params: VendorParams, body: CreateExportBody, response: { 201: DataExport } },
      },
      async (req, reply) => reply.code(201).send(await exports.request(req.actor, req.body)),
    );
    app.get(
      '/exports/estimate',
      {
        config,
        schema: {
          tags,
          params: VendorParams,
          querystring: ExportEstimateQuery,
          response: { 200: ExportEstimate },
        },
      },
      (req) => exports.estimate(req.actor, req.query),
    );
    app.get(
      '/exports/:exportId',
      { config, schema: { tags, params: ExportParams, response: { 200: DataExport } } },
      (req) => exports.get(req.actor, req.params.exportId),
    );
  };
}

const DownloadParams = z.object({ vendorId: z.uuid(), exportId: z.uuid() });
const DownloadQuery = z.object({ expires: z.coerce.number().int(), sig: text().min(1).max(100) });

/**
 * The finished file, by its signed link (no session: Telegram's downloadFile and the platform bot's message
 * fetch it as they are). The link itself is the grant, for 7 days.
 */
export function exportsDownloadRoutes(exports: ExportsService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/downloads/exports/:vendorId/:exportId',
      {
        // The link's signature before the schema: a request without a valid link is 401, whatever else it holds.
        onRequest: async (req) => {
          const params = req.params as { vendorId?: unknown; exportId?: unknown };
          const query = req.query as { expires?: unknown; sig?: unknown } | undefined;
          exports.verifyLink(params.vendorId, params.exportId, query?.expires, query?.sig);
        },
        schema: { tags: ['exports'], params: DownloadParams, querystring: DownloadQuery },
      },
      async (req, reply) => {
        const { vendorId, exportId } = req.params;
        const file = await exports.openDownload(vendorId, exportId, req.query.expires, req.query.sig);
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-length', file.size)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );
  };
}
