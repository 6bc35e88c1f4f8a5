import type { Socket } from 'node:net';
import { ERRORS, type ErrorBody, type ErrorCode } from '@app/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

const body = (code: ErrorCode, message: string, details?: unknown): ErrorBody => ({
  error: { code, message, ...(details === undefined ? {} : { details }) },
});

/** Fastify's own client errors, in our codes and words. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_BAD_URL: 'BAD_URL',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
};

function sendFastifyError(err: FastifyError, reply: FastifyReply) {
  const code = err.code ? FASTIFY_CODES[err.code] : undefined;
  if (code) return reply.status(ERRORS[code].status).send(body(code, ERRORS[code].message));
  // Any other client error Fastify raises (a malformed JSON body, say) keeps its status and its words.
  return reply.status(err.statusCode ?? 400).send(body('BAD_REQUEST', err.message));
}

/** One error shape everywhere: AppError codes, validation issues, and a generic 500 that never leaks a stack. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(body(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message,
      }));
      // The message is the first issue's own words (the spec's texts, e.g. 'Invalid bot token format');
      // where it happened is in the details.
      return reply
        .status(400)
        .send(body('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid request', issues));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send(body('INTERNAL', ERRORS.INTERNAL.message));
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type) keep their status.
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return sendFastifyError(err, reply);
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', ERRORS.INTERNAL.message));
  });
});

/**
 * Fastify's `frameworkErrors`: errors the router raises before any route or error handler exists for the
 * request (a malformed %-escape, a path parameter longer than maxParamLength).
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  return sendFastifyError(err, reply);
}

const CLIENT_ERRORS: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser gave up on the request (its address and headers pass
 * maxHeaderSize, or it is not HTTP), so there is no request object and no reply: the answer is written to the
 * socket as it is, in the one error shape, and the connection closed.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const code = CLIENT_ERRORS[err.code ?? ''] ?? 'BAD_REQUEST';
  const { status, message } = ERRORS[code];
  const json = JSON.stringify(body(code, message));
  this.log.debug({ err: err.message, code: err.code }, 'client error');
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  } else {
    socket.destroy();
  }
}
