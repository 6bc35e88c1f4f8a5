import { VendorParams } from '@app/contracts/common';
import {
  CustomerDetail,
  CustomerListQuery,
  CustomerListResponse,
  CustomerParams,
  CustomerStats,
  CustomerStatsQuery,
  UpdateCustomerBody,
} from '@app/contracts/customers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CustomersAdminService } from './customers-admin.service';

// Everything here needs `customers`; a restricted caller sees only members of their bots (404 otherwise).
const config = { permission: 'customers' } as const;
// Its reads are served again from the read cache until the vendor's data changes.
const read = { ...config, cached: true } as const;

export function customersRoutes(customers: CustomersAdminService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['customers'];

    app.get(
      '/customers',
      {
        config: read,
        schema: {
          tags,
          params: VendorParams,
          querystring: CustomerListQuery,
          response: { 200: CustomerListResponse },
        },
      },
      (req) => customers.list(req.actor, req.query),
    );

    app.get(
      '/customers/stats',
      {
        config: read,
        schema: {
          tags,
          params: VendorParams,
          querystring: CustomerStatsQuery,
          response: { 200: CustomerStats },
        },
      },
      (req) => customers.stats(req.actor, req.query.botId),
    );

    app.get(
      '/customers/:customerId',
      { config: read, schema: { tags, params: CustomerParams, response: { 200: CustomerDetail } } },
      (req) => customers.get(req.actor, req.params.customerId),
    );

    app.put(
      '/customers/:customerId',
      {
        config,
        schema: { tags, params: CustomerParams, body: UpdateCustomerBody, response: { 200: CustomerDetail } },
      },
      (req) => customers.update(req.actor, req.params.customerId, req.body),
    );

    // Erasure of a customer's personal data (issue 21); answers 204.
    app.delete(
      '/customers/:customerId',
      { config, schema: { tags, params: CustomerParams, response: { 204: z.null() } } },
      async (req, reply) => {
        await customers.erase(req.actor, req.params.customerId);
        return reply.status(204).send(null);
      },
    );
  };
}
