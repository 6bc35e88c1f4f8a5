import { type Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';

/** What grammY hands its `fetch` (its JSON calls carry a string body, its file uploads a multipart stream). */
type GrammyRequest = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Readable;
  signal?: AbortSignal;
  agent?: Agent;
};

/** What grammY reads of the answer: only its JSON. */
type GrammyResponse = { ok: boolean; status: number; json(): Promise<unknown> };

/**
 * The HTTP client of the shop bots' grammY clients: Node's own `http.request` over the kept-alive connections
 * grammY sets up per Bot API root, reading the answer as one string. grammY's default on Node is node-fetch,
 * whose Request/Headers/Body layers and legacy URL parsing cost a quarter of a browsing update's CPU (every tap
 * sends one Bot API call); this does the same call with none of them. Errors name no URL: it holds the token.
 */
export function botApiFetch(url: string, init: GrammyRequest = {}): Promise<GrammyResponse> {
  const { body, signal } = init;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('The Bot API call was aborted'));
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const headers = { ...init.headers };
    if (typeof body === 'string') headers['content-length'] = String(Buffer.byteLength(body));
    let request: ReturnType<typeof send>;
    try {
      request = send(url, { method: init.method ?? 'POST', headers, agent: init.agent });
    } catch (err) {
      // A malformed address: Node's error quotes it, token and all.
      return reject(new Error(`The Bot API address is not valid (${(err as NodeJS.ErrnoException).code})`));
    }
    const abort = () => request.destroy(new Error('The Bot API call was aborted'));
    signal?.addEventListener('abort', abort);
    const done = () => signal?.removeEventListener('abort', abort);
    request.on('error', (err) => {
      done();
      reject(
        new Error(`The Bot API could not be reached (${(err as NodeJS.ErrnoException).code ?? err.message})`),
      );
    });
    request.on('response', (response: IncomingMessage) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        done();
        const status = response.statusCode ?? 0;
        resolve({ ok: status >= 200 && status < 300, status, json: async () => JSON.parse(text) });
      });
      response.on('error', (err) => {
        done();
        reject(err);
      });
    });
    if (body === undefined || typeof body === 'string') request.end(body);
    else body.pipe(request);
  });
}
