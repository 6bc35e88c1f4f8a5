import { OrderDetail, OrderParams } from '@app/contracts/orders';
import { DownloadParams, RefundOrderBody } from '@app/contracts/shop-payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Actor } from '../../../lib/actor';
import type { ShopPaymentsService } from './shop-payments.service';

/**
 * The back-office's Refund of a paid order, and the Release of what a paid digital order holds (its products do
 * not deliver automatically): vendor scope, permission orders; another vendor's: 404.
 */
export function refundRoutes(
  payments: ShopPaymentsService,
  release: (actor: Actor, orderId: string) => Promise<OrderDetail>,
) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/orders/:orderId/refund',
      {
        config: { permission: 'orders' },
        schema: {
          tags: ['orders'],
          params: OrderParams,
          body: RefundOrderBody,
          response: { 200: OrderDetail },
        },
      },
      (req) => payments.refund(req.actor, req.params.orderId),
    );
    app.post(
      '/orders/:orderId/release',
      {
        config: { permission: 'orders' },
        schema: { tags: ['orders'], params: OrderParams, response: { 200: OrderDetail } },
      },
      (req) => release(req.actor, req.params.orderId),
    );
  };
}

/**
 * What a shop's customers and its crypto provider call, with no sign-in (under /api/v1):
 * - `POST /shop-payments/ipn`: the crypto provider's IPN for a shop order, its signature checked with the IPN
 *   secret of the bot the payment belongs to before anything changes (401 otherwise);
 * - `GET /downloads/{token}`: a signed download link sent to a buyer, counted and refused past its expiry or
 *   its number of downloads.
 */
export function shopPaymentsPublicRoutes(payments: ShopPaymentsService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/shop-payments/ipn',
      { schema: { hide: true }, config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
      async (req) => {
        const sig = req.headers['x-nowpayments-sig'];
        await payments.receiveIpn(
          (req.body ?? {}) as Record<string, unknown>,
          typeof sig === 'string' ? sig : undefined,
        );
        return { ok: true };
      },
    );

    app.get(
      '/downloads/:token',
      {
        // Outside the documented API (like the IPN): a link in a customer's chat, not a call of API clients.
        schema: { hide: true, params: DownloadParams },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (req, reply) => {
        const target = await payments.openDownload(req.params.token);
        reply.header('Cache-Control', 'private, no-store');
        if (target.kind === 'redirect') return reply.redirect(target.url, 302);
        const ascii = target.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
        return reply
          .header('Content-Type', target.mimeType)
          .header('Content-Length', target.size)
          .header(
            'Content-Disposition',
            `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(target.name)}`,
          )
          .send(target.stream);
      },
    );
  };
}
