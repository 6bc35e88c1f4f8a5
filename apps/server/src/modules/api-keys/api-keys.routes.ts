import { VendorParams } from '@app/contracts/common';
import { ApiKey, ApiKeyList, ApiKeyParams, CreateApiKeyBody, CreatedApiKey } from '@app/contracts/developer';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiKeysService } from './api-keys.service';

// Keys are Full Access business, and never made, listed or revoked with a key.
const config = { permission: 'all', apiKeys: false } as const;

export function apiKeysRoutes(keys: ApiKeysService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['api-keys'];

    app.get(
      '/api-keys',
      { config, schema: { tags, params: VendorParams, response: { 200: ApiKeyList } } },
      (req) => keys.list(req.actor),
    );
    app.post(
      '/api-keys',
      {
        // A sensitive action: a fresh two-step code while two-step is on (or the form's own, `twoFactorCode`).
        config: {
          ...config,
          stepUp: { codeField: 'twoFactorCode' },
          rateLimit: { max: 20, timeWindow: '1 minute' },
        },
        schema: { tags, params: VendorParams, body: CreateApiKeyBody, response: { 201: CreatedApiKey } },
      },
      async (req, reply) => reply.code(201).send(await keys.create(req.actor, req.body)),
    );
    app.delete(
      '/api-keys/:keyId',
      { config, schema: { tags, params: ApiKeyParams, response: { 200: ApiKey } } },
      (req) => keys.revoke(req.actor, req.params.keyId),
    );
  };
}
