import { EmptyBody, VendorParams } from '@app/contracts/common';
import {
  CannedReply,
  CannedReplyBody,
  CannedReplyList,
  CannedReplyParams,
  CannedReplyQuery,
  ConversationParams,
  SupportAssignBody,
  SupportConversation,
  SupportConversationDetail,
  SupportListQuery,
  SupportListResponse,
  SupportMessage,
  SupportMessageList,
  SupportReplyBody,
  SupportStaffFiguresResponse,
} from '@app/contracts/support';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SupportService } from './support.service';

// The support inbox: permission `support`; every conversation is a bot's, and the caller's bot scope applies.
const config = { permission: 'support' } as const;

export function supportRoutes(support: SupportService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['support'];

    app.get(
      '/support/conversations',
      {
        config,
        schema: {
          tags,
          params: VendorParams,
          querystring: SupportListQuery,
          response: { 200: SupportListResponse },
        },
      },
      (req) => support.list(req.actor, req.query),
    );
    app.get(
      '/support/conversations/:conversationId',
      { config, schema: { tags, params: ConversationParams, response: { 200: SupportConversationDetail } } },
      (req) => support.get(req.actor, req.params.conversationId),
    );
    app.get(
      '/support/conversations/:conversationId/messages',
      { config, schema: { tags, params: ConversationParams, response: { 200: SupportMessageList } } },
      (req) => support.messages(req.actor, req.params.conversationId),
    );
    app.post(
      '/support/conversations/:conversationId/messages',
      {
        config,
        schema: {
          tags,
          params: ConversationParams,
          body: SupportReplyBody,
          response: { 201: SupportMessage },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await support.reply(req.actor, req.params.conversationId, req.body.text)),
    );
    app.post(
      '/support/conversations/:conversationId/assign',
      {
        config,
        schema: {
          tags,
          params: ConversationParams,
          body: SupportAssignBody,
          response: { 200: SupportConversation },
        },
      },
      (req) => support.assign(req.actor, req.params.conversationId, req.body.assignee),
    );
    app.post(
      '/support/conversations/:conversationId/close',
      {
        config,
        schema: { tags, params: ConversationParams, body: EmptyBody, response: { 200: SupportConversation } },
      },
      (req) => support.close(req.actor, req.params.conversationId),
    );
    app.post(
      '/support/conversations/:conversationId/reopen',
      {
        config,
        schema: { tags, params: ConversationParams, body: EmptyBody, response: { 200: SupportConversation } },
      },
      (req) => support.reopen(req.actor, req.params.conversationId),
    );

    app.get(
      '/support/canned-replies',
      {
        config,
        schema: {
          tags,
          params: VendorParams,
          querystring: CannedReplyQuery,
          response: { 200: CannedReplyList },
        },
      },
      (req) => support.listCanned(req.actor, req.query.botId),
    );
    app.post(
      '/support/canned-replies',
      {
        config,
        schema: { tags, params: VendorParams, body: CannedReplyBody, response: { 201: CannedReply } },
      },
      async (req, reply) => reply.status(201).send(await support.addCanned(req.actor, req.body)),
    );
    app.delete(
      '/support/canned-replies/:replyId',
      { config, schema: { tags, params: CannedReplyParams, response: { 204: z.null() } } },
      async (req, reply) => {
        await support.removeCanned(req.actor, req.params.replyId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/support/staff-figures',
      { config, schema: { tags, params: VendorParams, response: { 200: SupportStaffFiguresResponse } } },
      (req) => support.staffFigures(req.actor),
    );
  };
}
