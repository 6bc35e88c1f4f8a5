import { connect } from 'node:net';
import { ERRORS, type ErrorCode } from '@app/contracts/errors';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness';

let t: TestApp;
afterEach(async () => {
  await t.app.close();
});

const errorBody = (code: ErrorCode) => ({ error: { code, message: ERRORS[code].message } });

/** Sends raw bytes to a listening server and answers its status and body: for what app.inject cannot send. */
function rawRequest(port: number, request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk;
    });
    // The server may close while the request is still being written; the answer was read by then.
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err);
    });
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (!status) reject(new Error(`no HTTP answer: ${JSON.stringify(received.slice(0, 200))}`));
      else resolve({ status, body });
    });
    socket.write(request);
  });
}

describe("Fastify's own client errors answer the one error body", () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('answers 414 URI_TOO_LONG for a 5,000-character id', async () => {
    const session = await signIn(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vendors/${session.vendor.id}/bot-details/${'a'.repeat(5000)}`,
      headers: bearer(session.accessToken),
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual(errorBody('URI_TOO_LONG'));
  });

  it('answers 400 BAD_URL for a malformed %-escape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/vendors/%E0%A4%A/bots' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('BAD_URL'));
  });

  it('answers 413 BODY_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE and 400 BAD_REQUEST for bad JSON', async () => {
    const post = (payload: string, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { 'content-type': contentType },
        payload,
      });
    const big = await post(JSON.stringify({ refreshToken: 'x'.repeat(2 * 1024 * 1024) }), 'application/json');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual(errorBody('BODY_TOO_LARGE'));
    const xml = await post('<refreshToken/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual(errorBody('UNSUPPORTED_MEDIA_TYPE'));
    const broken = await post('{"refreshToken":', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('BAD_REQUEST');
  });

  describe('on a listening server', () => {
    /** Puts the test's app on a port, for requests app.inject cannot make. */
    async function listening() {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening on TCP');
      return address.port;
    }

    it('answers 413 BODY_TOO_LARGE to a body sent whole over a connection, never closing it under the sender', async () => {
      const port = await listening();
      // 4 MB written chunk by chunk, each once the last left, as a client that sends its whole request before it
      // reads: a server that closes the connection on its answer breaks the client's writes (EPIPE) instead.
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let received = '';
        socket.setEncoding('utf8');
        socket.on('data', (c) => {
          received += c;
        });
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', body = ''] = received.split('\r\n\r\n');
          resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), body });
        });
        socket.write(
          'POST /api/v1/auth/refresh HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            `Content-Length: ${4 * 1024 * 1024}\r\nConnection: close\r\n\r\n`,
        );
        const chunk = Buffer.alloc(64 * 1024, 'x');
        let sent = 0;
        const more = () => {
          while (sent < 64) {
            sent += 1;
            if (!socket.write(chunk)) return void socket.once('drain', more);
          }
        };
        more();
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual(errorBody('BODY_TOO_LARGE'));
    });

    it('answers 431 HEADERS_TOO_LARGE for a 100 KB address', async () => {
      const port = await listening();
      const res = await rawRequest(port, `GET /api/v1/${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual(errorBody('HEADERS_TOO_LARGE'));
    });

    it('answers 431 HEADERS_TOO_LARGE for a 20 KB header', async () => {
      const port = await listening();
      const res = await rawRequest(
        port,
        `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Padding: ${'b'.repeat(20_000)}\r\n\r\n`,
      );
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual(errorBody('HEADERS_TOO_LARGE'));
    });

    it('answers 400 BAD_REQUEST for bytes that are not HTTP', async () => {
      const port = await listening();
      const res = await rawRequest(port, 'HELLO\r\n\r\n');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual(errorBody('BAD_REQUEST'));
    });
  });
});
