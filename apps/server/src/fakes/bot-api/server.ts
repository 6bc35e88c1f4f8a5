import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Fastify, { LogController } from 'fastify';
import { fakeBotApiPlugin } from './plugin';
import { createFakeBotApiState, type FakeBotApiState, type RegisterBotInput } from './state';

export type StartFakeBotApiOptions = {
  port?: number;
  host?: string;
  bots?: RegisterBotInput[];
  logger?: boolean;
};

export type FakeBotApi = {
  /** The API root: requests go to `${url}/bot${token}/${method}`, as with TELEGRAM_API_ROOT. */
  url: string;
  state: FakeBotApiState;
  close(): Promise<void>;
};

/** Starts the fake Bot API on its own Fastify instance; port 0 picks a free port. */
export async function startFakeBotApi(options: StartFakeBotApiOptions = {}): Promise<FakeBotApi> {
  const state = createFakeBotApiState(options.bots);
  // Request logs would print bot tokens, which sit in every Bot API URL.
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: true }),
  });
  await app.register(fakeBotApiPlugin, { state });
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    state,
    close: async () => {
      await app.close();
    },
  };
}

// FAKE_BOT_TOKENS="123:abc,456:def" registers bots at start; others can be added via POST /__control/bots.
function readBotsFromEnv(): RegisterBotInput[] {
  const tokens = (process.env.FAKE_BOT_TOKENS ?? '').split(',').map((token) => token.trim());
  return tokens.filter(Boolean).map((token) => ({ token, username: `fake_${token.split(':')[0]}_bot` }));
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  const api = await startFakeBotApi({
    // An empty PORT= means unset, not port 0.
    port: process.env.PORT ? Number(process.env.PORT) : 8081,
    host: process.env.HOST || '127.0.0.1',
    bots: readBotsFromEnv(),
  });
  console.info(`Fake Telegram Bot API listening on ${api.url} (TELEGRAM_API_ROOT=${api.url})`);
  const stop = () => {
    api.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
