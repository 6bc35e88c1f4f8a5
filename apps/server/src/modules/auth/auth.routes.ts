import {
  CheckStatusBody,
  CheckStatusResponse,
  LoginResponse,
  LogoutBody,
  RefreshBody,
  RegisterBody,
  TelegramLoginBody,
  TokenPair,
  VerifyResponse,
} from '@app/contracts/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
