import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no browser security headers (a route only Telegram or a bot calls, thousands of times a second). */
    securityHeaders?: boolean;
  }
}

/**
 * Helmet's browser security headers, worked out once: they are the same for every answer (no nonces), and
 * @fastify/helmet rebuilt helmet, CSP parsing included, on each request (7% of the server's CPU under load).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.config.securityHeaders !== false) reply.headers(headers);
  });
});
