import { VendorParams } from '@app/contracts/common';
import {
  AddOrderNoteBody,
  OrderCodeParams,
  OrderCodesResponse,
  OrderDetail,
  OrderListQuery,
  OrderListResponse,
  OrderNote,
  OrderParams,
  OrderStats,
  OrderStatsQuery,
  RevealedOrderCode,
  UpdateOrderStatusBody,
} from '@app/contracts/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OrdersService } from './orders.service';

// Everything here needs `orders`; a restricted caller sees and moves only their bots' orders (404 otherwise).
const config = { permission: 'orders' } as const;
// Its reads are served again from the read cache until the vendor's data changes.
const read = { ...config, cached: true } as const;

export function ordersRoutes(orders: OrdersService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['orders'];

    app.get(
      '/orders',
      {
        config: read,
        schema: {
          tags,
          params: VendorParams,
          querystring: OrderListQuery,
          response: { 200: OrderListResponse },
        },
      },
      (req) => orders.list(req.actor, req.query),
    );

    app.get(
      '/orders/stats',
      {
        config: read,
        schema: { tags, params: VendorParams, querystring: OrderStatsQuery, response: { 200: OrderStats } },
      },
      (req) => orders.stats(req.actor, req.query.botId),
    );

    app.get(
      '/orders/:orderId',
      { config: read, schema: { tags, params: OrderParams, response: { 200: OrderDetail } } },
      (req) => orders.get(req.actor, req.params.orderId),
    );

    // The codes the buyer received, masked; not cached, so a code issued just now shows.
    app.get(
      '/orders/:orderId/codes',
      { config, schema: { tags, params: OrderParams, response: { 200: OrderCodesResponse } } },
      (req) => orders.codes(req.actor, req.params.orderId),
    );

    // A code in full: every reveal is recorded in the audit trail with who asked.
    app.post(
      '/orders/:orderId/codes/:codeId/reveal',
      { config, schema: { tags, params: OrderCodeParams, response: { 200: RevealedOrderCode } } },
      (req) => orders.revealCode(req.actor, req.params.orderId, req.params.codeId),
    );

    app.patch(
      '/orders/:orderId/status',
      {
        config,
        schema: { tags, params: OrderParams, body: UpdateOrderStatusBody, response: { 200: OrderDetail } },
      },
      (req) => orders.updateStatus(req.actor, req.params.orderId, req.body),
    );

    app.post(
      '/orders/:orderId/notes',
      { config, schema: { tags, params: OrderParams, body: AddOrderNoteBody, response: { 201: OrderNote } } },
      async (req, reply) =>
        reply.status(201).send(await orders.addNote(req.actor, req.params.orderId, req.body)),
    );
  };
}
