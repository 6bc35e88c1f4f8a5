import { DownloadLink, DownloadLinkQuery, EmptyBody, VendorParams } from '@app/contracts/common';
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
  SupportFileParams,
  SupportListQuery,
  SupportListResponse,
  SupportMessage,
  SupportMessageList,
  SupportMessageParams,
  SupportReplyBody,
  SupportStaffFiguresResponse,
} from '@app/contracts/support';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DownloadLinks, downloadCaller } from '../../lib/download-links';
import type { SupportService } from './support.service';

// The support inbox: permission `support`; every conversation is a bot's, and the caller's bot scope applies.
const config = { permission: 'support' } as const;

// What a download link is good for (download-links.ts): one message's file.
const filePurpose = (messageId: string) => `support.file:${messageId}`;

/**
 * A customer's file behind a link (POST …/messages/{messageId}/file/link): Telegram's downloadFile fetches it
 * without the app's Bearer header, so the link's token names the caller and the one file; the caller is
 * resolved again now (permission `support`, the conversation's bot in their scope).
 */
export function supportDownloadRoutes(support: SupportService, links: DownloadLinks) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/downloads/support-files/:messageId',
      {
        onRequest: links.requireLinkToken,
        schema: { tags: ['support'], params: SupportFileParams, querystring: DownloadLinkQuery },
      },
      async (req, reply) => {
        const { messageId } = req.params;
        const actor = await downloadCaller(app, links, req.query.token, filePurpose(messageId), 'support');
        const file = await support.openFile(actor, messageId);
        const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
        return reply
          .header('Content-Type', file.mimeType)
          .header('Content-Length', file.size)
          .header(
            'Content-Disposition',
            `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          )
          .header('Cache-Control', 'private, no-store')
          .send(file.stream);
      },
    );
  };
}

export function supportRoutes(support: SupportService, links: DownloadLinks) {
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
      '/support/conversations/:conversationId/messages/:messageId/file/link',
      { config, schema: { tags, params: SupportMessageParams, response: { 200: DownloadLink } } },
      async (req) => {
        // A link is signed only for a file the caller may see: another's, or none, is "not found" here too.
        await support.checkFile(req.actor, req.params.conversationId, req.params.messageId);
        return links.create(
          req.auth,
          filePurpose(req.params.messageId),
          `/api/v1/downloads/support-files/${req.params.messageId}`,
        );
      },
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
