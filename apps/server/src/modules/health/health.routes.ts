import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';

/** Liveness answers while the process runs; readiness only while the database answers too. */
export function healthRoutes(database: Database) {
  return async (app: FastifyInstance) => {
    // Public, for load balancers and orchestrators: no bearer token in the OpenAPI document.
    const schema = { tags: ['health'], security: [] };
    app.get('/healthz', { logLevel: 'warn', schema }, async () => ({ status: 'ok' }));
    app.get('/readyz', { logLevel: 'warn', schema }, async () => {
      try {
        await database.ping();
      } catch {
        throw new AppError('DATABASE_UNAVAILABLE');
      }
      return { status: 'ready', database: database.kind };
    });
  };
}
