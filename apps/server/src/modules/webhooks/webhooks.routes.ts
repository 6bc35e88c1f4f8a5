import { BotParams } from '@app/contracts/bots';
import {
  DeliveryParams,
  RotatedSecret,
  UpdateWebhookBody,
  Webhook,
  WebhookBody,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookList,
  WebhookParams,
  WebhookWithSecret,
} from '@app/contracts/developer';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WebhooksService } from './webhooks.service';

// A bot's webhooks are its settings; the vendor scope checks the bot is the caller's.
const config = { permission: 'settings' } as const;
// Test and re-send call the vendor's server at once: a tighter limit per caller.
const calling = { ...config, rateLimit: { max: 30, timeWindow: '1 minute' } } as const;

export function webhooksRoutes(webhooks: WebhooksService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['webhooks'];
    const one = '/bots/:botId/webhooks/:webhookId';

    app.get(
      '/bots/:botId/webhooks',
      { config, schema: { tags, params: BotParams, response: { 200: WebhookList } } },
      (req) => webhooks.list(req.actor, req.params.botId),
    );
    app.post(
      '/bots/:botId/webhooks',
      {
        config,
        schema: { tags, params: BotParams, body: WebhookBody, response: { 201: WebhookWithSecret } },
      },
      async (req, reply) => reply.code(201).send(await webhooks.add(req.actor, req.params.botId, req.body)),
    );
    app.patch(
      one,
      {
        config,
        schema: { tags, params: WebhookParams, body: UpdateWebhookBody, response: { 200: Webhook } },
      },
      (req) => webhooks.update(req.actor, req.params.botId, req.params.webhookId, req.body),
    );
    app.delete(
      one,
      { config, schema: { tags, params: WebhookParams, response: { 204: z.null() } } },
      async (req, reply) => {
        await webhooks.remove(req.actor, req.params.botId, req.params.webhookId);
        return reply.code(204).send(null);
      },
    );
    app.post(
      `${one}/rotate-secret`,
      { config, schema: { tags, params: WebhookParams, response: { 200: RotatedSecret } } },
      (req) => webhooks.rotate(req.actor, req.params.botId, req.params.webhookId),
    );
    app.post(
      `${one}/test`,
      { config: calling, schema: { tags, params: WebhookParams, response: { 200: WebhookDelivery } } },
      (req) => webhooks.test(req.actor, req.params.botId, req.params.webhookId),
    );
    app.get(
      `${one}/deliveries`,
      { config, schema: { tags, params: WebhookParams, response: { 200: z.array(WebhookDelivery) } } },
      (req) => webhooks.deliveries(req.actor, req.params.botId, req.params.webhookId),
    );
    app.get(
      `${one}/deliveries/:deliveryId`,
      { config, schema: { tags, params: DeliveryParams, response: { 200: WebhookDeliveryDetail } } },
      (req) => webhooks.delivery(req.actor, req.params.botId, req.params.webhookId, req.params.deliveryId),
    );
    app.post(
      `${one}/deliveries/:deliveryId/resend`,
      { config: calling, schema: { tags, params: DeliveryParams, response: { 201: WebhookDelivery } } },
      async (req, reply) =>
        reply
          .code(201)
          .send(
            await webhooks.resend(req.actor, req.params.botId, req.params.webhookId, req.params.deliveryId),
          ),
    );
  };
}
