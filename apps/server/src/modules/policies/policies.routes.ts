import { VendorParams } from '@app/contracts/common';
import {
  Faq,
  FaqBody,
  FaqList,
  FaqParams,
  Policy,
  PolicyList,
  PolicyParams,
  UpdatePolicyBody,
} from '@app/contracts/policies';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PoliciesService } from './policies.service';

// The store's policies and FAQs are settings: permission `settings`.
const config = { permission: 'settings' } as const;

export function policiesRoutes(policies: PoliciesService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['settings'];

    app.get(
      '/policies',
      { config, schema: { tags, params: VendorParams, response: { 200: PolicyList } } },
      (req) => policies.list(req.actor),
    );
    app.put(
      '/policies/:policyId',
      { config, schema: { tags, params: PolicyParams, body: UpdatePolicyBody, response: { 200: Policy } } },
      (req) => policies.save(req.actor, req.params.policyId, req.body.content),
    );

    app.get('/faqs', { config, schema: { tags, params: VendorParams, response: { 200: FaqList } } }, (req) =>
      policies.listFaqs(req.actor),
    );
    app.post(
      '/faqs',
      { config, schema: { tags, params: VendorParams, body: FaqBody, response: { 201: Faq } } },
      async (req, reply) => reply.status(201).send(await policies.addFaq(req.actor, req.body)),
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
