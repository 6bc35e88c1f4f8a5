import { VendorParams } from '@app/contracts/common';
import {
  Faq,
  FaqBody,
  FaqList,
  FaqParams,
  NewFaqBody,
  Policy,
  PolicyList,
  PolicyParams,
  PolicyScopeQuery,
  UpdatePolicyBody,
} from '@app/contracts/policies';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PoliciesService } from './policies.service';

// The store's policies and FAQs are settings: permission `settings`. A read's `?botId=` or a write's body `botId`
// names a bot's own (the vendor scope answers 404 for a bot not the caller's); without it, the vendor's for all
// bots.
const config = { permission: 'settings' } as const;

export function policiesRoutes(policies: PoliciesService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['settings'];

    app.get(
      '/policies',
      {
        config,
        schema: { tags, params: VendorParams, querystring: PolicyScopeQuery, response: { 200: PolicyList } },
      },
      (req) => policies.list(req.actor, req.query.botId ?? null),
    );
    app.put(
      '/policies/:policyId',
      {
        config,
        schema: { tags, params: PolicyParams, body: UpdatePolicyBody, response: { 200: Policy } },
      },
      (req) => policies.save(req.actor, req.body.botId ?? null, req.params.policyId, req.body.content),
    );

    app.get(
      '/faqs',
      {
        config,
        schema: { tags, params: VendorParams, querystring: PolicyScopeQuery, response: { 200: FaqList } },
      },
      (req) => policies.listFaqs(req.actor, req.query.botId ?? null),
    );
    app.post(
      '/faqs',
      {
        config,
        schema: { tags, params: VendorParams, body: NewFaqBody, response: { 201: Faq } },
      },
      async (req, reply) => {
        const { botId, ...faq } = req.body;
        return reply.status(201).send(await policies.addFaq(req.actor, botId ?? null, faq));
      },
    );
    app.put(
      '/faqs/:faqId',
      { config, schema: { tags, params: FaqParams, body: FaqBody, response: { 200: Faq } } },
      (req) => policies.updateFaq(req.actor, req.params.faqId, req.body),
    );
    app.delete(
      '/faqs/:faqId',
      { config, schema: { tags, params: FaqParams, response: { 204: z.null() } } },
      async (req, reply) => {
        await policies.removeFaq(req.actor, req.params.faqId);
        return reply.status(204).send(null);
      },
    );
  };
}
