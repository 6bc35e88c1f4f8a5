import { VendorParams } from '@app/contracts/common';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * Every `/vendors/:vendorId/…` route goes through here: the caller is authenticated and may only name the
 * vendor their token is for. Another vendor's id is refused before any handler reads or changes anything.
 * Modules register their routes inside: `app.register(vendorScope(ordersRoutes), { prefix: '/vendors/:vendorId' })`.
 */
export function vendorScope(routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    // onRequest, before body validation: a foreign vendor id is refused whatever else the request carries.
    app.addHook('onRequest', async (req) => {
      await app.authenticate(req);
      const params = VendorParams.safeParse(req.params);
      if (!params.success || params.data.vendorId !== req.auth.vendorId) throw new AppError('FORBIDDEN');
    });
    await app.register(routes);
  };
}
