import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';

export type HealthDeps = {
  /** Which database answers, for operators: 'pglite' or 'postgres'. */
  databaseKind: string;
  /** Resolves while the database answers a trivial query. */
  pingDatabase(): Promise<void>;
};

/** Liveness answers while the process runs; readiness only while the database answers too. */
export function healthRoutes(deps: HealthDeps) {
  return async (app: FastifyInstance) => {
    // Public, for load balancers and orchestrators: no bearer token in the OpenAPI document.
    const schema = { tags: ['health'], security: [] };
    app.get('/healthz', { logLevel: 'warn', schema }, async () => ({ status: 'ok' }));
    app.get('/readyz', { logLevel: 'warn', schema }, async () => {
      try {
        await deps.pingDatabase();
      } catch {
        throw new AppError('DATABASE_UNAVAILABLE');
      }
      return { status: 'ready', database: deps.databaseKind };
    });
  };
}
