import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { type DeliverOptions, deliverUpdate } from './deliver-update';
import { BotApiError, callMethod, type Params, releaseLongPolls } from './methods';
import { payInvoice } from './pay-invoice';
import type { FakeBotApiState } from './state';

export type FakeBotApiPluginOptions = {
  state: FakeBotApiState;
  /** How updates reach webhooks; tests may pass their own fetch. */
  deliver?: DeliverOptions;
};

type BotCallRequest = FastifyRequest<{ Params: { botPath: string; method: string } }>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Query strings repeat keys as arrays; the Bot API reads one value per parameter, so keep the last.
function fromQuery(query: unknown): Params {
  if (!isRecord(query)) return {};
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value.at(-1) : value]),
  );
}

function readControlString(body: unknown, name: string): string {
  const value = isRecord(body) ? body[name] : undefined;
  if (typeof value !== 'string' || value === '')
    throw new BotApiError(400, `Bad Request: ${name} is required`);
  return value;
}

function toEnvelope(error: FastifyError | BotApiError): { errorCode: number; description: string } {
  if (error instanceof BotApiError) return { errorCode: error.errorCode, description: error.description };
  const status = error.statusCode ?? 500;
  if (status === 413) return { errorCode: 413, description: 'Request Entity Too Large' };
  if (status >= 400 && status < 500) return { errorCode: 400, description: `Bad Request: ${error.message}` };
  return { errorCode: 500, description: 'Internal Server Error' };
}

/**
 * The fake Telegram Bot API as a Fastify plugin: `/bot<token>/<method>` plus `/__control/*` routes for tests.
 * Deliberately not wrapped in fastify-plugin: encapsulation keeps its error handler and body parsers away
 * from the host app, and it declares no route schemas, so a host's zod validator compiler never sees it.
 */
export async function fakeBotApiPlugin(
  app: FastifyInstance,
  options: FakeBotApiPluginOptions,
): Promise<void> {
  const { state } = options;

  // Telegram accepts JSON, form-encoded and multipart bodies, and treats an empty body as no parameters
  // where Fastify's own JSON parser would refuse it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new BotApiError(400, "Bad Request: can't parse JSON object"), undefined);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer' },
    async (request: FastifyRequest, body: Buffer) => {
      const contentType = request.headers['content-type'] ?? '';
      // Node's Response parses multipart; files are logged by name and size, their bytes dropped.
      const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
      const params: Params = {};
      for (const [key, value] of form) {
        params[key] = typeof value === 'string' ? value : { file_name: value.name, file_size: value.size };
      }
      return params;
    },
  );
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));

  app.setErrorHandler((error: FastifyError | BotApiError, request, reply) => {
    const { errorCode, description } = toEnvelope(error);
    if (errorCode >= 500) request.log.error({ err: error }, 'fake Bot API failed');
    return reply.code(errorCode).send({ ok: false, error_code: errorCode, description });
  });

  // Long polls would otherwise hold the server's close for up to their timeout.
  app.addHook('preClose', async () => releaseLongPolls(state));

  const handleBotCall = async (request: BotCallRequest) => {
    const { botPath, method } = request.params;
    if (!botPath.startsWith('bot')) throw new BotApiError(404, 'Not Found');
    const body = isRecord(request.body) ? request.body : {};
    const { result, description } = await callMethod(state, botPath.slice(3), method, {
      ...fromQuery(request.query),
      ...body,
    });
    return description === undefined ? { ok: true, result } : { ok: true, result, description };
  };
  app.route({ method: ['GET', 'POST'], url: '/:botPath/:method', handler: handleBotCall });

  app.get('/__control/calls', async (request) => {
    const { method, token } = fromQuery(request.query);
    return {
      calls: state.calls({
        ...(typeof method === 'string' && method !== '' && { method }),
        ...(typeof token === 'string' && token !== '' && { token }),
      }),
    };
  });

  app.post('/__control/bots', async (request, reply) => {
    const token = readControlString(request.body, 'token');
    const username = readControlString(request.body, 'username');
    const firstName = isRecord(request.body) ? request.body.firstName : undefined;
    try {
      const bot = state.registerBot({ token, username, ...(typeof firstName === 'string' && { firstName }) });
      return reply.code(201).send({ bot });
    } catch (error) {
      throw new BotApiError(400, `Bad Request: ${error instanceof Error ? error.message : 'invalid bot'}`);
    }
  });

  app.post('/__control/reset', async (_request, reply) => {
    state.reset();
    return reply.code(204).send();
  });

  // Emulates a user paying an invoice link (pre_checkout_query, then successful_payment); see pay-invoice.ts.
  app.post('/__control/pay-invoice', async (request) => {
    const url = readControlString(request.body, 'url');
    const body = isRecord(request.body) ? request.body : {};
    const userId = Number(body.userId ?? 0);
    if (!Number.isSafeInteger(userId) || userId <= 0)
      throw new BotApiError(400, 'Bad Request: userId is required');
    return payInvoice(state, { url, userId, renewal: body.renewal === true }, options.deliver);
  });

  app.post('/__control/updates', async (request) => {
    const token = readControlString(request.body, 'token');
    const update = isRecord(request.body) ? request.body.update : undefined;
    if (!isRecord(update)) throw new BotApiError(400, 'Bad Request: update must be an object');
    return deliverUpdate(state, token, update, options.deliver);
  });
}
