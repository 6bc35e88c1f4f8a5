import { text } from '@app/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { WebhookAnswer } from './shop-runtime';

export type WebhookDeps = {
  /**
   * The shop runtime: serves the update when the header carries the secret the bot's webhook was set with
   * (compared in constant time, before the update is looked at), else answers null. It reads the bot once for
   * both; failures of the shop are its own to log and answer.
   */
  serveUpdate(botId: string, secret: string | undefined, update: Update): Promise<WebhookAnswer | null>;
};

const WebhookParams = z.object({ botId: text().max(64) });
/** Only a bot id can name a bot; anything else is refused like a wrong secret. */
const BotId = z.uuid();

/**
 * Where Telegram delivers a shop bot's updates: `POST /telegram/webhook/{botId}`, outside /api/v1. A request
 * without the right X-Telegram-Bot-Api-Secret-Token is refused before anything reads the update; an unknown
 * bot answers the same 401, so the route does not reveal which bots exist. The answer may carry one Bot API call
 * (`{ "method": "answerCallbackQuery", … }`), which Telegram makes for the bot.
 */
export function webhookRoutes(deps: WebhookDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/telegram/webhook/:botId',
      {
        // One request per update, from Telegram only: no request lines at info (thousands a second for a busy
        // shop; failures are still logged), and no browser security headers, which Telegram does not read.
        logLevel: 'warn',
        config: { securityHeaders: false },
        schema: {
          hide: true,
          params: WebhookParams,
          // Telegram's Update: the runtime (grammY) reads what it needs; only the id is required here.
          body: z.object({ update_id: z.number().int().nonnegative() }).passthrough(),
          // { ok: true }, or the Bot API call for Telegram to make (sent as the runtime wrote it).
          response: { 200: z.union([z.object({ ok: z.literal(true) }), z.string()]) },
        },
      },
      async (req, reply) => {
        const header = req.headers['x-telegram-bot-api-secret-token'];
        const given = typeof header === 'string' ? header : undefined;
        const uuid = BotId.safeParse(req.params.botId);
        const answer = uuid.success ? await deps.serveUpdate(uuid.data, given, req.body as Update) : null;
        if (!answer) throw new AppError('WEBHOOK_SECRET_INVALID');
        if (answer.call === null) return { ok: true as const };
        return reply.type('application/json').send(answer.call);
      },
    );
  };
}
