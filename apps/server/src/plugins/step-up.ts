import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { AuthContext } from '../lib/jwt';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A sensitive action (issue 21's list: an API key's creation, payout details, revealing or replacing a bot
     * token, a staff member's role, a data export, deleting a bot or the account): while the caller has two-step
     * confirmation on, it needs a code given in this session within 10 minutes, else 403 STEP_UP_REQUIRED before
     * the handler runs. See modules/security/README.md.
     */
    stepUp?: boolean;
  }
}

/** Holds `config.stepUp` on every route that declares it, with the security module's one check. */
export const stepUpPlugin = fp(
  async (app: FastifyInstance, opts: { requireStepUp: (auth: AuthContext) => Promise<void> }) => {
    // preHandler: the caller is authenticated (onRequest) and the body validated by now.
    app.addHook('preHandler', async (req) => {
      if (!req.routeOptions.config?.stepUp) return;
      if (!req.auth) throw new AppError('UNAUTHENTICATED');
      await opts.requireStepUp(req.auth);
    });
  },
);
