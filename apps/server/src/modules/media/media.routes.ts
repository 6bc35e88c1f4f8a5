import { VendorParams } from '@app/contracts/common';
import {
  AttachImagesBody,
  MEDIA_LIMITS,
  MediaUpload,
  ProductImageParams,
  ProductMediaList,
  ProductMediaParams,
  ReorderImagesBody,
  UploadParams,
  UploadQuery,
} from '@app/contracts/media';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { MediaService } from './media.service';

// Uploads and a product's images are catalogue work: `products`.
const products = { permission: 'products' } as const;
// Each upload costs CPU (images are re-encoded three times) and disk: a stricter rate than the API's.
const uploading = { ...products, rateLimit: { max: 120, timeWindow: '1 minute' } } as const;
// A campaign's photo is uploaded by who may send campaigns (customers and support), never attached to a product.
const campaignPhoto = {
  permission: ['customers', 'support'],
  rateLimit: uploading.rateLimit,
} as const;

/** The text fields that came before the file (spec: vendorId, productId, productType, mediaType). */
function fieldValues(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['productId', 'mediaType']) {
    const field = fields[name] as { type?: string; value?: unknown } | undefined;
    if (field?.type === 'field' && typeof field.value === 'string' && field.value !== '') {
      out[name] = field.value;
    }
  }
  return out;
}

/** An error of the multipart parser (busboy) about the form itself: it carries no HTTP status of its own. */
function isMalformedForm(err: unknown): boolean {
  return (
    err instanceof Error &&
    !(err instanceof AppError) &&
    !('statusCode' in err) &&
    /multipart|boundary/i.test(err.message)
  );
}

export function mediaRoutes(media: MediaService) {
  return async (root: FastifyInstance) => {
    // One file per request; its size is capped per type by the service while it streams, this is the ceiling.
    await root.register(multipart, {
      limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12, fileSize: MEDIA_LIMITS.fileBytes + 1 },
      throwFileSizeLimit: false,
    });
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['media'];

    const upload =
      (endpoint: 'image' | 'media', detached = false) =>
      async (req: FastifyRequest, reply: FastifyReply) => {
        try {
          return await uploadOne(endpoint, req, reply, detached);
        } catch (err) {
          // A form cut short or without its boundary: the multipart parser's own Error, with no status. The client's.
          if (isMalformedForm(err)) throw new AppError('BAD_REQUEST', { reason: (err as Error).message });
          throw err;
        }
      };
    const uploadOne = async (
      endpoint: 'image' | 'media',
      req: FastifyRequest,
      reply: FastifyReply,
      detached: boolean,
    ) => {
      const part = await req.file();
      if (!part) throw new AppError('MEDIA_FILE_REQUIRED');
      const options = UploadQuery.safeParse({ ...fieldValues(part.fields), ...(req.query as object) });
      if (!options.success) {
        part.file.resume();
        const issues = options.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        throw new AppError('VALIDATION_FAILED', issues);
      }
      const created = await media.upload(req.actor, {
        endpoint,
        mediaType: detached ? undefined : options.data.mediaType,
        productId: detached ? undefined : options.data.productId,
        filename: part.filename,
        body: part.file,
        discard: () => part.file.resume(),
      });
      return reply.status(201).send(created);
    };

    // The body is multipart (one file; text fields before it are read like the query), so no body schema.
    const uploadSchema = {
      tags,
      params: VendorParams,
      querystring: UploadQuery,
      consumes: ['multipart/form-data'],
      response: { 201: MediaUpload },
    };
    app.post('/upload/image', { config: uploading, schema: uploadSchema }, upload('image'));
    app.post('/upload/media', { config: uploading, schema: uploadSchema }, upload('media'));
    // A campaign's photo (modules/campaigns): an image like any, kept while its campaign may send it.
    app.post(
      '/campaigns/photo',
      {
        config: campaignPhoto,
        schema: {
          tags,
          params: VendorParams,
          consumes: ['multipart/form-data'],
          response: { 201: MediaUpload },
        },
      },
      upload('image', true),
    );

    // The vendor's own copy of an upload (a digital product's file is never public): always as an attachment,
    // so nothing uploaded runs as a page of this origin.
    app.get(
      '/uploads/:uploadId/file',
      { config: products, schema: { tags, params: UploadParams } },
      async (req, reply) => {
        const file = await media.openUpload(req.actor, req.params.uploadId);
        const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
        return reply
          .header('Content-Type', file.mimeType)
          .header('Content-Length', file.size)
          .header(
            'Content-Disposition',
            `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          )
          .header('Cache-Control', 'private, no-store')
          .send(file.stream);
      },
    );

    app.get(
      '/products/:productId/images',
      { config: products, schema: { tags, params: ProductMediaParams, response: { 200: ProductMediaList } } },
      (req) => media.listProductMedia(req.actor, req.params.productId),
    );

    app.post(
      '/products/:productId/images',
      {
        config: products,
        schema: {
          tags,
          params: ProductMediaParams,
          body: AttachImagesBody,
          response: { 200: ProductMediaList },
        },
      },
      (req) => media.attach(req.actor, req.params.productId, req.body.uploadIds),
    );

    app.put(
      '/products/:productId/images/order',
      {
        config: products,
        schema: {
          tags,
          params: ProductMediaParams,
          body: ReorderImagesBody,
          response: { 200: ProductMediaList },
        },
      },
      (req) => media.reorder(req.actor, req.params.productId, req.body.imageIds),
    );

    app.post(
      '/products/:productId/images/:imageId/main',
      { config: products, schema: { tags, params: ProductImageParams, response: { 200: ProductMediaList } } },
      (req) => media.setMain(req.actor, req.params.productId, req.params.imageId),
    );

    app.delete(
      '/products/:productId/images/:imageId',
      { config: products, schema: { tags, params: ProductImageParams, response: { 204: z.null() } } },
      async (req, reply) => {
        await media.remove(req.actor, req.params.productId, req.params.imageId);
        return reply.status(204).send(null);
      },
    );
  };
}
