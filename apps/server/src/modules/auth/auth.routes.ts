import {
  AccountsResponse,
  CheckStatusBody,
  CheckStatusResponse,
  LoginResponse,
  LogoutBody,
  MeResponse,
  RefreshBody,
  RegisterBody,
  SwitchAccountBody,
  TelegramLoginBody,
  TokenPair,
  VerifyResponse,
} from '@app/contracts/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { bearerToken, verifyAccessToken } from '../../lib/jwt';
import type { AuthService } from './auth.service';

export function authRoutes(auth: AuthService, jwtKey: Uint8Array) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    // Public: these routes are how a caller gets a token, so the OpenAPI document must not ask for one.
    const tags = ['auth'];
    const security: [] = [];
    // Sign-in verifies an HMAC and may create a vendor: limited harder than the rest of the API.
    const signInLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

    app.post(
      '/auth/telegram',
      {
        config: signInLimit,
        schema: { tags, security, body: TelegramLoginBody, response: { 200: LoginResponse } },
      },
      // The user agent names the device in the sessions list (modules/auth/sessions.service.ts).
      (req) => auth.signInWithTelegram(req.body.init_data, req.headers['user-agent'] ?? null),
    );

    app.post(
      '/auth/register',
      {
        config: signInLimit,
        schema: { tags, security, body: RegisterBody, response: { 201: LoginResponse } },
      },
      async (req, reply) =>
        reply.status(201).send(await auth.register(req.body.init_data, req.body.storeName)),
    );

    app.post(
      '/auth/refresh',
      { schema: { tags, security, body: RefreshBody, response: { 200: TokenPair } } },
      (req) => auth.refresh(req.body.refreshToken),
    );

    // Answers { valid: false } rather than 401, so the client's 401 handling does not fire on a health check.
    app.get(
      '/auth/verify',
      { schema: { tags, security, response: { 200: VerifyResponse } } },
      async (req) => {
        const token = bearerToken(req.headers.authorization);
        const context = token ? await verifyAccessToken(token, jwtKey) : null;
        return { valid: context !== null && (await auth.isSessionValid(context)) };
      },
    );

    app.post(
      '/auth/logout',
      {
        schema: {
          tags,
          security,
          body: LogoutBody,
          response: { 200: z.object({ success: z.literal(true) }) },
        },
      },
      async (req) => {
        await auth.logout(req.body.refreshToken);
        return { success: true as const };
      },
    );

    // The signed-in person's accounts, and a switch to another one (a token acts for one account at a time).
    const signedIn = (req: FastifyRequest) => root.authenticate(req);

    app.get(
      '/auth/accounts',
      { onRequest: signedIn, schema: { tags, response: { 200: AccountsResponse } } },
      (req) => auth.accounts(req.auth),
    );

    app.post(
      '/auth/switch',
      {
        onRequest: signedIn,
        schema: { tags, body: SwitchAccountBody, response: { 200: LoginResponse } },
      },
      (req) => auth.switchAccount(req.auth, req.body.vendorId),
    );

    // Who the caller is in the account their token is for, and what they may do there: the web app follows it
    // (navigation, Home cards, screens). Resolved like every vendor route's caller, so a revoked seat is refused.
    app.get('/me', { onRequest: signedIn, schema: { tags, response: { 200: MeResponse } } }, async (req) => {
      const [actor, account] = await Promise.all([
        root.resolveActor(req.auth),
        auth.vendorOf(req.auth.vendorId),
      ]);
      if (!actor || !account) throw new AppError('FORBIDDEN');
      return {
        ...account,
        role: req.auth.role,
        telegramId: actor.telegramId,
        permissions: [...actor.permissions],
        botIds: actor.botIds === 'all' ? ('all' as const) : [...actor.botIds],
      };
    });

    app.post(
      '/registration/check-status',
      {
        config: signInLimit,
        schema: { tags, security, body: CheckStatusBody, response: { 200: CheckStatusResponse } },
      },
      (req) => auth.checkStatus(req.body.init_data),
    );
  };
}
