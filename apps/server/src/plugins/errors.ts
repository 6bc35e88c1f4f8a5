import type { IncomingMessage } from 'node:http';
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

/** How much of a refused body is still read (and dropped) so that its sender reads the answer: see drained(). */
const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 10_000;

/**
 * Waits until the rest of a request's body has arrived (read and dropped), up to LINGER_BYTES or LINGER_MS.
 * Fastify answers a body too large as soon as it knows (its Content-Length, or the limit reached) and closes
 * the connection: a client still sending gets EPIPE on its next write and never reads the 413. Taking the rest
 * first lets it finish sending and read the answer; a sender beyond the bounds is cut off as before.
 */
function drained(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('close', done);
      raw.off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > LINGER_BYTES) done();
    };
    const timer = setTimeout(done, LINGER_MS);
    raw.on('data', onData);
    raw.on('end', done);
    raw.on('close', done);
    raw.on('error', done);
    raw.resume();
  });
}

/** One error shape everywhere: AppError codes, validation issues, and a generic 500 that never leaks a stack. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (err: FastifyError, req, reply) => {
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
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') await drained(req.raw);
      return sendFastifyError(err, reply);
    }
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
