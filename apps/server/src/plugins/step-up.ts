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
     * `{ codeField }`: the body may carry the code itself in that field (a form with its own code box); a code
     * given there counts as this session's step-up (wrong ones count against the 5 a quarter hour).
     */
    stepUp?: boolean | { codeField: string };
  }
}

export type StepUpChecks = {
  requireStepUp: (auth: AuthContext) => Promise<void>;
  /** Checks a code and records the session's step-up (the security module's `stepUp`). */
  giveCode: (auth: AuthContext, code: string) => Promise<unknown>;
  /** Whether the person has two-step confirmation on (a code in the body is ignored while it is off). */
  isOn: (auth: AuthContext) => Promise<boolean>;
};

/** Holds `config.stepUp` on every route that declares it, with the security module's one check. */
export const stepUpPlugin = fp(async (app: FastifyInstance, opts: StepUpChecks) => {
  // preHandler: the caller is authenticated (onRequest) and the body validated by now.
  app.addHook('preHandler', async (req) => {
    const stepUp = req.routeOptions.config?.stepUp;
    if (!stepUp) return;
    if (!req.auth) throw new AppError('UNAUTHENTICATED');
    if (typeof stepUp === 'object') {
      const code = (req.body as Record<string, unknown> | undefined)?.[stepUp.codeField];
      if (typeof code === 'string' && code.trim() !== '' && (await opts.isOn(req.auth))) {
        await opts.giveCode(req.auth, code.trim());
      }
    }
    await opts.requireStepUp(req.auth);
  });
});
