import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Api, InputFile } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { botApiFetch } from './bot-api-fetch';

type Received = { url: string; headers: IncomingMessage['headers']; body: string };

let server: Server | undefined;

/** A Bot API stand-in on a free port that records each request and answers `{ ok: true, result }`. */
async function botApiServer(result: unknown = true) {
  const received: Received[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true, result }));
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { received, apiRoot: `http://127.0.0.1:${port}` };
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

const apiWith = (apiRoot: string) =>
  new Api('123:SECRET', { apiRoot, fetch: botApiFetch as unknown as typeof fetch });

describe("the shop bots' Bot API client", () => {
  it("sends grammY's JSON call with its length and reads the answer", async () => {
    const { received, apiRoot } = await botApiServer({ message_id: 7 });
    const sent = await apiWith(apiRoot).sendMessage(42, 'Hello, Ann');
    expect(sent).toEqual({ message_id: 7 });
    expect(received[0]?.url).toBe('/bot123:SECRET/sendMessage');
    expect(received[0]?.headers['content-length']).toBe(String(Buffer.byteLength(received[0]?.body ?? '')));
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({ chat_id: 42, text: 'Hello, Ann' });
  });

  it('streams a file upload as multipart form data', async () => {
    const { received, apiRoot } = await botApiServer({ message_id: 8 });
    await apiWith(apiRoot).sendDocument(42, new InputFile(Buffer.from('the licence text'), 'licence.txt'));
    expect(received[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[0]?.body).toContain('the licence text');
  });

  it('fails without naming the token when the Bot API cannot be reached', async () => {
    const { apiRoot } = await botApiServer();
    await new Promise((resolve) => server?.close(resolve));
    const failure = await apiWith(apiRoot)
      .getMe()
      .catch((err: unknown) => err as Error);
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).not.toContain('SECRET');
  });

  it('gives up a call whose signal is aborted', async () => {
    const { apiRoot } = await botApiServer();
    const controller = new AbortController();
    controller.abort();
    await expect(
      botApiFetch(`${apiRoot}/bot123:SECRET/getMe`, { signal: controller.signal, body: '{}' }),
    ).rejects.toThrow('aborted');
  });
});
