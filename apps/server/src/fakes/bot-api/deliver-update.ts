import { STATUS_CODES } from 'node:http';
import { BotApiError, callMethod, isUpdateAllowed } from './methods';
import { enqueueUpdate, type FakeBotApiState, type Update } from './state';

export type DeliveryResult = {
  delivered: boolean;
  /** The webhook's HTTP status; null when no request was made or none was answered. */
  status: number | null;
  /** True when the update waits in the queue (no webhook, or the webhook failed) for getUpdates. */
  queued: boolean;
  error?: string;
};

export type DeliverOptions = { fetch?: typeof fetch; timeoutMs?: number };

/**
 * Delivers an update the way Telegram does: a POST of the Update JSON to the webhook with the secret in
 * X-Telegram-Bot-Api-Secret-Token, only a 2xx counting as delivered. Without a webhook the update is
 * queued for getUpdates. A failed update stays queued (pending_update_count) but is not retried.
 */
export async function deliverUpdate(
  state: FakeBotApiState,
  token: string,
  input: Record<string, unknown>,
  options: DeliverOptions = {},
): Promise<DeliveryResult> {
  const bot = state.findBot(token);
  if (bot === undefined) throw new BotApiError(404, 'Not Found: bot is not registered');

  // Tests may leave update_id out; Telegram's ids only ever grow, so later ones continue from the highest.
  const { update_id: givenId, ...fields } = input;
  const update: Update = { update_id: typeof givenId === 'number' ? givenId : bot.nextUpdateId, ...fields };
  bot.nextUpdateId = Math.max(bot.nextUpdateId, update.update_id + 1);

  if (!isUpdateAllowed(bot, update)) {
    return { delivered: false, status: null, queued: false, error: 'update type is not in allowed_updates' };
  }
  const webhook = bot.webhook;
  if (webhook === undefined) {
    enqueueUpdate(bot, update);
    return { delivered: false, status: null, queued: true };
  }

  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (webhook.secret_token !== undefined) headers['x-telegram-bot-api-secret-token'] = webhook.secret_token;
  let status: number | null = null;
  let error: string;
  try {
    const response = await (options.fetch ?? fetch)(webhook.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(update),
      // Telegram does not follow redirects: a 3xx is a wrong response like any other.
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    status = response.status;
    const reply = await response.text().catch(() => '');
    if (response.ok) {
      await runWebhookReply(state, token, reply);
      return { delivered: true, status, queued: false };
    }
    error = `Wrong response from the webhook: ${status} ${STATUS_CODES[status] ?? ''}`.trim();
  } catch (cause) {
    error =
      cause instanceof Error && cause.name === 'TimeoutError' ? 'Connection timed out' : 'Connection refused';
  }
  webhook.last_error_date = Math.floor(Date.now() / 1000);
  webhook.last_error_message = error;
  enqueueUpdate(bot, update);
  return { delivered: false, status, queued: true, error };
}

/**
 * A webhook may answer with one Bot API call (`{ "method": "answerCallbackQuery", … }`), which Telegram makes
 * for it; the bot learns neither its result nor its failure. Tests that post to a webhook themselves, as
 * Telegram, call this with the webhook's answer.
 */
export async function runWebhookReply(state: FakeBotApiState, token: string, body: string): Promise<void> {
  if (!body.includes('"method"')) return;
  let reply: unknown;
  try {
    reply = JSON.parse(body);
  } catch {
    return;
  }
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) return;
  const { method, ...params } = reply as Record<string, unknown>;
  if (typeof method !== 'string') return;
  await callMethod(state, token, method, params).catch(() => undefined);
}
