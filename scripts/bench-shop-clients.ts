/**
 * The shop's load in `npm run bench` (scripts/bench-shop.ts runs this file in a worker thread): `clients` keep-alive
 * connections posting Telegram updates to a shop bot's webhook, as Telegram does (at most max_connections = 40 at
 * once per bot), each sending its next update as soon as the previous answer is read. Each update is a customer
 * browsing the catalogue: a tap on the catalogue, on a category, on a product, in turn. Bounded by time; 127.0.0.1.
 * The bot answers each tap in the webhook's answer (`answerCallbackQuery`), a call Telegram makes for it: this
 * side checks and counts it (statuses "200 + answerCallbackQuery") but makes no call, as the server pays nothing
 * for it in production.
 */
import { Agent, request } from 'node:http';
import { createHistogram, performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

export type ShopLoadInput = {
  port: number;
  /** The webhook's path, /telegram/webhook/<botId>, and the secret its header carries. */
  path: string;
  secret: string;
  /** Callback data the customers tap in turn (catalogue, a category, a product, …). */
  taps: string[];
  /** How many different customers take turns (each has their own chat). */
  customers: number;
  clients: number;
  warmupMs: number;
  durationMs: number;
};

export type ShopLoadOutput = {
  /** Updates sent during the warm-up, not measured. */
  warmupUpdates: number;
  updates: number;
  statuses: Record<string, number>;
  seconds: number;
  /** Update latency in ms, from write to the whole answer read. */
  p50: number;
  p99: number;
  max: number;
};

const input = workerData as ShopLoadInput;
const agent = new Agent({ keepAlive: true, maxSockets: input.clients, maxFreeSockets: input.clients });
let latency = createHistogram();
let statuses: Record<string, number> = {};
const count = (key: string) => {
  statuses[key] = (statuses[key] ?? 0) + 1;
};
let nextUpdateId = 1;

/** A callback_query update as Telegram sends it when customer `customer` taps a button with `data`. */
function tapUpdate(customer: number, data: string): { body: string; callbackQueryId: string } {
  const id = nextUpdateId++;
  const userId = 800_000_000 + customer;
  const chat = { id: userId, type: 'private', first_name: `Customer ${customer}` };
  const callbackQueryId = `bench${id}`;
  const body = JSON.stringify({
    update_id: id,
    callback_query: {
      id: callbackQueryId,
      from: { id: userId, is_bot: false, first_name: chat.first_name, language_code: 'en' },
      chat_instance: String(4_000_000_000 + customer),
      data,
      message: {
        message_id: 1,
        from: { id: 1, is_bot: true, first_name: 'Shop', username: 'shop_bot' },
        chat,
        date: Math.floor(Date.now() / 1000),
        text: 'Choose',
      },
    },
  });
  return { body, callbackQueryId };
}

/**
 * The Bot API call a webhook's answer carries, as " + <method>" (Telegram makes it for the bot, so this load
 * generator, playing Telegram's side that delivers updates, only checks that it answers this tap), or "".
 */
function callIn(answer: string, callbackQueryId: string): string {
  if (!answer.includes('"method"')) return '';
  const call = JSON.parse(answer) as { method?: unknown; callback_query_id?: unknown };
  if (call.method === 'answerCallbackQuery' && call.callback_query_id !== callbackQueryId) {
    return ' + answerCallbackQuery of another tap';
  }
  return ` + ${String(call.method)}`;
}

function post(body: string, callbackQueryId: string): Promise<void> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: input.port,
        path: input.path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-telegram-bot-api-secret-token': input.secret,
        },
        timeout: 30_000,
      },
      (res) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          answer += chunk;
        });
        res.on('end', () => {
          latency.record(Math.max(1, Math.round((performance.now() - started) * 1000)));
          count(`${res.statusCode}${callIn(answer, callbackQueryId)}`);
          resolve();
        });
        res.on('error', () => {
          count('error');
          resolve();
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      count('error');
      resolve();
    });
    req.end(body);
  });
}

/** How many taps each client has sent, warm-up included (the measured run carries on where it stopped). */
const sentBy = new Array<number>(input.clients).fill(0);

/**
 * Every client plays its own customers in turn (client c: customers c, c + clients, …), each tapping through
 * the taps in order, one after another as a person does; a customer's first tap makes them a new customer.
 */
async function run(ms: number): Promise<number> {
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: input.clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const i = sentBy[client] ?? 0;
        sentBy[client] = i + 1;
        const customer = (client + Math.floor(i / input.taps.length) * input.clients) % input.customers;
        const tap = tapUpdate(customer, input.taps[i % input.taps.length] ?? 'catalogue');
        await post(tap.body, tap.callbackQueryId);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

await run(input.warmupMs);
// The measured part starts now: the parent starts its own counters (CPU time, the event-loop monitor).
parentPort?.postMessage('measuring');
const warmupUpdates = latency.count;
latency = createHistogram();
statuses = {};
const seconds = await run(input.durationMs);
agent.destroy();
const ms = (q: number) => Math.round(latency.percentile(q) / 100) / 10;
const output: ShopLoadOutput = {
  warmupUpdates,
  updates: latency.count,
  statuses,
  seconds,
  p50: ms(50),
  p99: ms(99),
  max: Math.round(latency.max / 100) / 10,
};
parentPort?.postMessage(output);
