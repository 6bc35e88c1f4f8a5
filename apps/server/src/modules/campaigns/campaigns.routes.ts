import {
  AbandonedCartSettings,
  Campaign,
  CampaignBotParams,
  CampaignList,
  CampaignParams,
  CampaignTargets,
  CampaignTargetsQuery,
  CreateCampaignBody,
  TestSendBody,
  TestSendResult,
} from '@app/contracts/campaigns';
import { VendorParams } from '@app/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CampaignsService } from './campaigns.service';

// Campaigns reach customers: reading them asks for `customers`; sending (create, cancel, test) needs `support`
// too (the route declares both, all of them needed; the service holds the same rule for its other callers).
const config = { permission: 'customers' } as const;
const sending = { permission: ['customers', 'support'] } as const;

export function campaignsRoutes(campaigns: CampaignsService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['campaigns'];

    app.get(
      '/campaigns',
      { config, schema: { tags, params: VendorParams, response: { 200: CampaignList } } },
      (req) => campaigns.list(req.actor),
    );
    app.post(
      '/campaigns',
      {
        config: sending,
        schema: { tags, params: VendorParams, body: CreateCampaignBody, response: { 201: Campaign } },
      },
      async (req, reply) => reply.code(201).send(await campaigns.create(req.actor, req.body)),
    );
    app.post(
      '/campaigns/test',
      {
        config: sending,
        schema: { tags, params: VendorParams, body: TestSendBody, response: { 200: TestSendResult } },
      },
      (req) => campaigns.testSend(req.actor, req.body),
    );
    app.get(
      '/campaigns/targets',
      {
        config,
        schema: {
          tags,
          params: VendorParams,
          querystring: CampaignTargetsQuery,
          response: { 200: CampaignTargets },
        },
      },
      (req) => campaigns.targets(req.actor, req.query),
    );
    app.get(
      '/campaigns/:campaignId',
      { config, schema: { tags, params: CampaignParams, response: { 200: Campaign } } },
      (req) => campaigns.get(req.actor, req.params.campaignId),
    );
    app.post(
      '/campaigns/:campaignId/cancel',
      { config: sending, schema: { tags, params: CampaignParams, response: { 200: Campaign } } },
      (req) => campaigns.cancel(req.actor, req.params.campaignId),
    );
    app.get(
      '/bots/:botId/abandoned-cart',
      { config, schema: { tags, params: CampaignBotParams, response: { 200: AbandonedCartSettings } } },
      (req) => campaigns.getAbandonedCart(req.actor, req.params.botId),
    );
    app.put(
      '/bots/:botId/abandoned-cart',
      {
        // A reminder is a message to customers: who may send campaigns may turn it on.
        config: sending,
        schema: {
          tags,
          params: CampaignBotParams,
          body: AbandonedCartSettings,
          response: { 200: AbandonedCartSettings },
        },
      },
      (req) => campaigns.setAbandonedCart(req.actor, req.params.botId, req.body),
    );
  };
}
