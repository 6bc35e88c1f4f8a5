import { readFileSync } from 'node:fs';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { serverFile } from '../../lib/server-files';
import { botNamed, customerSays, customerTaps, openMenuApp, setBlocked, transcriptOf } from './customer';
import { type DeliverOptions, deliverUpdate } from './deliver-update';
import { BotApiError, callMethod, type Params, releaseLongPolls } from './methods';
import { payInvoice, payInvoiceMessage, readUser, type TelegramUser } from './pay-invoice';
import type { BotRecord, FakeBotApiState } from './state';

// The demo chat page: plain HTML and a script beside it (the host's CSP allows scripts from 'self' only).
const CHAT_PAGE_HTML = readFileSync(serverFile('src/fakes/bot-api/chat-page.html'), 'utf8');
const CHAT_PAGE_JS = readFileSync(serverFile('src/fakes/bot-api/chat-page.js'), 'utf8');

export type FakeBotApiPluginOptions = {
  state: FakeBotApiState;
  /** How updates reach webhooks; tests may pass their own fetch. */
  deliver?: DeliverOptions;
  /** How long paying waits for the bot's answer to a shipping or pre-checkout query (default 10 s). */
  answerTimeoutMs?: number;
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

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  return isRecord(request.body) ? request.body : {};
}

/**
 * The customer a control route acts as: `user` (a Telegram User: id, first_name, username?, language_code?),
 * or `userId` of a user who wrote to the bot before (or a new "Customer").
 */
function customerOf(state: FakeBotApiState, bot: BotRecord, body: Record<string, unknown>): TelegramUser {
  const user = readUser(body.user);
  if (user) return user;
  const id = Number(body.userId ?? 0);
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new BotApiError(400, 'Bad Request: user {id, first_name} or userId is required');
  }
  const known = state.findChat(bot.token, id)?.user as TelegramUser | undefined;
  return known ?? { id, is_bot: false, first_name: 'Customer' };
}

function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function optionalInteger(body: Record<string, unknown>, name: string): number | undefined {
  const value = body[name];
  if (value === undefined || value === null || value === '') return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new BotApiError(400, `Bad Request: ${name} must be an integer`);
  return number;
}

const SHIPPING_ADDRESS_FIELDS = [
  'country_code',
  'state',
  'city',
  'street_line1',
  'street_line2',
  'post_code',
] as const;

/** The named string fields of an object from a request body (anything else is left out). */
function stringsOf<K extends string>(value: unknown, names: readonly K[]): Partial<Record<K, string>> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    names.filter((name) => typeof value[name] === 'string').map((name) => [name, value[name]]),
  ) as Partial<Record<K, string>>;
}

function toEnvelope(error: FastifyError | BotApiError): {
  errorCode: number;
  description: string;
  retryAfter?: number;
} {
  if (error instanceof BotApiError) {
    const { errorCode, description, retryAfter } = error;
    return retryAfter === undefined ? { errorCode, description } : { errorCode, description, retryAfter };
  }
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
    const { errorCode, description, retryAfter } = toEnvelope(error);
    if (retryAfter !== undefined)
      return reply
        .code(errorCode)
        .send({ ok: false, error_code: errorCode, description, parameters: { retry_after: retryAfter } });
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
  app.route({
    method: ['GET', 'POST'],
    url: '/:botPath/:method',
    handler: handleBotCall,
    // Bots call this for each answer they give (thousands a second under load): no line per call at info, and
    // no browser security headers, which no bot reads.
    logLevel: 'warn',
    config: { securityHeaders: false },
  });

  // A file's bytes, as Telegram serves what getFile answered: /file/bot<token>/<file_path>.
  app.get(
    '/file/:botPath/files/:fileId',
    { logLevel: 'warn', config: { securityHeaders: false } },
    async (request, reply) => {
      const { botPath, fileId } = request.params as { botPath: string; fileId: string };
      const known = botPath.startsWith('bot') && state.findBot(botPath.slice(3)) !== undefined;
      const bytes = known ? state.files.get(fileId)?.bytes : undefined;
      if (!bytes) return reply.code(404).send({ ok: false, error_code: 404, description: 'Not Found' });
      return reply.type('application/octet-stream').send(bytes);
    },
  );

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
    return payInvoice(
      state,
      { url, userId, renewal: body.renewal === true },
      {
        ...options.deliver,
        ...(options.answerTimeoutMs !== undefined && { timeoutMs: options.answerTimeoutMs }),
      },
    );
  });

  app.get('/__control/bots', async () => ({
    bots: [...state.bots.values()].map((bot) => ({
      ...bot.user,
      // Tests and the bench post to a webhook as Telegram does, so they need what Telegram sends.
      webhook: bot.webhook ? { url: bot.webhook.url, secret_token: bot.webhook.secret_token ?? null } : null,
    })),
  }));

  // Playing the customer (customer.ts, pay-invoice.ts): the routes build the Update Telegram would send.
  app.post('/__control/chat/send', async (request) => {
    const body = bodyOf(request);
    const bot = botNamed(state, body);
    const text = typeof body.text === 'string' ? body.text : '';
    return customerSays(state, bot, customerOf(state, bot, body), text, options.deliver);
  });

  app.post('/__control/chat/tap', async (request) => {
    const body = bodyOf(request);
    const bot = botNamed(state, body);
    const data = optionalString(body, 'data');
    const text = optionalString(body, 'text');
    const messageId = optionalInteger(body, 'messageId');
    return customerTaps(
      state,
      bot,
      customerOf(state, bot, body),
      {
        ...(data !== undefined && { data }),
        ...(text !== undefined && { text }),
        ...(messageId !== undefined && { messageId }),
      },
      options.deliver,
    );
  });

  app.post('/__control/chat/pay', async (request) => {
    const body = bodyOf(request);
    const bot = botNamed(state, body);
    const messageId = optionalInteger(body, 'messageId');
    const shippingOptionId = optionalString(body, 'shippingOptionId');
    const timeoutMs = optionalInteger(body, 'answerTimeoutMs') ?? options.answerTimeoutMs;
    return payInvoiceMessage(
      state,
      {
        bot,
        user: customerOf(state, bot, body),
        ...(messageId !== undefined && { messageId }),
        ...(shippingOptionId !== undefined && { shippingOptionId }),
        shippingAddress: stringsOf(body.shippingAddress, SHIPPING_ADDRESS_FIELDS),
        orderInfo: stringsOf(body.orderInfo, ['name', 'phone_number', 'email']),
        ...(timeoutMs !== undefined && { timeoutMs }),
      },
      options.deliver,
    );
  });

  app.post('/__control/chat/menu-app', async (request) => {
    const body = bodyOf(request);
    const bot = botNamed(state, body);
    return openMenuApp(bot, customerOf(state, bot, body));
  });

  app.post('/__control/chat/block', async (request) => {
    const body = bodyOf(request);
    const bot = botNamed(state, body);
    const blocked = body.blocked !== false;
    return setBlocked(state, bot, customerOf(state, bot, body), blocked, options.deliver);
  });

  app.get('/__control/chat', async (request) => {
    const query = fromQuery(request.query);
    const bot = botNamed(state, query);
    const userId = Number(query.userId ?? 0);
    if (!Number.isSafeInteger(userId) || userId <= 0)
      throw new BotApiError(400, 'Bad Request: userId is required');
    return transcriptOf(state, bot, userId);
  });

  // A person plays the customer in a browser: /__control/chat-page?bot=<username>.
  app.get('/__control/chat-page', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(CHAT_PAGE_HTML),
  );
  app.get('/__control/chat-page.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(CHAT_PAGE_JS),
  );

  app.post('/__control/updates', async (request) => {
    const token = readControlString(request.body, 'token');
    const update = isRecord(request.body) ? request.body.update : undefined;
    if (!isRecord(update)) throw new BotApiError(400, 'Bad Request: update must be an object');
    return deliverUpdate(state, token, update, options.deliver);
  });
}
