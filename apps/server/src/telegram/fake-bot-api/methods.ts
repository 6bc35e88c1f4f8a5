import { randomBytes } from 'node:crypto';
import {
  type BotCommand,
  type BotRecord,
  type FakeBotApiState,
  type MenuButton,
  type Update,
  wakeWaiters,
} from './state';

// The Bot API's handlers, with its status codes and descriptions. Descriptions were checked against
// errors the real server is reported to answer; the ones the fake had to guess are listed in README.md.

/** A refusal the Bot API answers as `{ ok: false, error_code, description }`. */
export class BotApiError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
  ) {
    super(description);
    this.name = 'BotApiError';
  }
}

export type Params = Record<string, unknown>;
export type MethodResult = { result: unknown; description?: string };
type MethodContext = { state: FakeBotApiState; bot: BotRecord; params: Params };
type Handler = (context: MethodContext) => MethodResult | Promise<MethodResult>;

const QUERY_ID_INVALID = 'Bad Request: query is too old and response timeout expired or query ID is invalid';
const WEBHOOK_ACTIVE =
  "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first";
const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,256}$/;
const MAX_MESSAGE_LENGTH = 4096;
const MAX_POLL_TIMEOUT_SECONDS = 50;

// --- Reading parameters -------------------------------------------------------------------------
// Telegram treats every parameter as a string whichever way it arrived: a JSON body's objects are
// re-serialised, form fields carry JSON text. These helpers accept both shapes.

function readString(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  // An empty parameter is the same as a missing one for the Bot API.
  return text === '' ? undefined : text;
}

function requireString(params: Params, name: string): string {
  const value = readString(params, name);
  if (value === undefined) throw new BotApiError(400, `Bad Request: parameter "${name}" is required`);
  return value;
}

function readInteger(params: Params, name: string): number | undefined {
  const text = readString(params, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

function readFlag(params: Params, name: string): boolean {
  const text = readString(params, name)?.trim().toLowerCase();
  return text === 'true' || text === '1' || text === 'yes';
}

function readJson(params: Params, name: string, what: string): unknown {
  const value = params[name];
  if (typeof value !== 'string') return value ?? undefined;
  if (value === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw new BotApiError(400, `Bad Request: can't parse ${what} JSON object`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

// --- Webhooks and updates -----------------------------------------------------------------------

function readAllowedUpdates(params: Params): string[] | undefined {
  const value = readJson(params, 'allowed_updates', 'allowed updates');
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new BotApiError(400, "Bad Request: can't parse allowed updates JSON object");
  }
  return value;
}

function isAllowedWebhookUrl(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  // Telegram only calls https; plain http to this machine is the fake's allowance for local tests.
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

function deleteWebhook(bot: BotRecord, dropPending: boolean): MethodResult {
  const had = bot.webhook !== undefined;
  bot.webhook = undefined;
  if (dropPending) bot.pending.length = 0;
  return { result: true, description: had ? 'Webhook was deleted' : 'Webhook is already deleted' };
}

const setWebhook: Handler = ({ bot, params }) => {
  const url = readString(params, 'url');
  const dropPending = readFlag(params, 'drop_pending_updates');
  // An empty url is how the Bot API spells deleteWebhook.
  if (url === undefined) return deleteWebhook(bot, dropPending);

  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BotApiError(400, 'Bad Request: invalid webhook URL specified');
  }
  if (!isAllowedWebhookUrl(parsed)) {
    throw new BotApiError(400, 'Bad Request: bad webhook: HTTPS url must be provided for webhook');
  }
  const secret = readString(params, 'secret_token');
  if (secret !== undefined && secret.length > 256) {
    throw new BotApiError(400, 'Bad Request: secret token is too long');
  }
  if (secret !== undefined && !SECRET_TOKEN_PATTERN.test(secret)) {
    throw new BotApiError(400, 'Bad Request: secret token contains unallowed characters');
  }
  const allowedUpdates = readAllowedUpdates(params) ?? bot.allowedUpdates;
  const maxConnections = Math.min(Math.max(readInteger(params, 'max_connections') ?? 40, 1), 100);

  const previous = bot.webhook;
  const unchanged =
    previous !== undefined &&
    previous.url === url &&
    previous.secret_token === secret &&
    previous.max_connections === maxConnections &&
    JSON.stringify(previous.allowed_updates) === JSON.stringify(allowedUpdates);
  if (dropPending) bot.pending.length = 0;
  bot.allowedUpdates = allowedUpdates;
  if (unchanged) return { result: true, description: 'Webhook is already set' };

  bot.webhook = {
    url,
    secret_token: secret,
    allowed_updates: allowedUpdates,
    max_connections: maxConnections,
  };
  return { result: true, description: 'Webhook was set' };
};

const getWebhookInfo: Handler = ({ bot }) => {
  const webhook = bot.webhook;
  const base = {
    url: webhook?.url ?? '',
    has_custom_certificate: false,
    pending_update_count: bot.pending.length,
  };
  if (webhook === undefined) return { result: base };
  // Like Telegram, never the secret_token: whoever can read the bot's settings must not learn it.
  return {
    result: {
      ...base,
      max_connections: webhook.max_connections,
      ...(webhook.allowed_updates && { allowed_updates: webhook.allowed_updates }),
      ...(webhook.last_error_date !== undefined && {
        last_error_date: webhook.last_error_date,
        last_error_message: webhook.last_error_message,
      }),
    },
  };
};

function waitForUpdate(bot: BotRecord, milliseconds: number): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      bot.waiters.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, milliseconds);
    bot.waiters.add(wake);
  });
}

const getUpdates: Handler = async ({ bot, params }) => {
  if (bot.webhook !== undefined) throw new BotApiError(409, WEBHOOK_ACTIVE);
  const offset = readInteger(params, 'offset');
  const limit = Math.min(Math.max(readInteger(params, 'limit') ?? 100, 1), 100);
  const timeout = Math.min(Math.max(readInteger(params, 'timeout') ?? 0, 0), MAX_POLL_TIMEOUT_SECONDS);
  bot.allowedUpdates = readAllowedUpdates(params) ?? bot.allowedUpdates;

  // An offset confirms every earlier update; a negative one keeps only the last -offset updates.
  if (offset !== undefined && offset < 0) bot.pending.splice(0, Math.max(bot.pending.length + offset, 0));
  else if (offset !== undefined) bot.pending = bot.pending.filter((update) => update.update_id >= offset);

  // Long polling: without waiting, a client polling with a timeout would spin on empty answers.
  if (bot.pending.length === 0 && timeout > 0) await waitForUpdate(bot, timeout * 1000);
  return { result: bot.pending.slice(0, limit) };
};

// --- Messages -----------------------------------------------------------------------------------

function chatFor(chatId: string): Record<string, unknown> {
  if (/^@[A-Za-z0-9_]{4,32}$/.test(chatId)) {
    // Only public channels and supergroups are addressed by @username; give it a stable id.
    let hash = 0;
    for (const char of chatId) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000_000;
    return {
      id: -1_001_000_000_000 - hash,
      type: 'channel',
      title: chatId.slice(1),
      username: chatId.slice(1),
    };
  }
  const id = Number(chatId);
  if (!Number.isSafeInteger(id) || id === 0) throw new BotApiError(400, 'Bad Request: chat not found');
  if (id > 0) return { id, type: 'private' };
  if (chatId.startsWith('-100')) return { id, type: 'supergroup', title: 'Fake supergroup' };
  return { id, type: 'group', title: 'Fake group' };
}

const sendMessage: Handler = ({ state, bot, params }) => {
  const chatId = readString(params, 'chat_id');
  if (chatId === undefined) throw new BotApiError(400, 'Bad Request: chat_id is empty');
  const text = readString(params, 'text');
  if (text === undefined || text.trim() === '')
    throw new BotApiError(400, 'Bad Request: message text is empty');
  if (text.length > MAX_MESSAGE_LENGTH) throw new BotApiError(400, 'Bad Request: message is too long');
  const replyMarkup = readJson(params, 'reply_markup', 'reply keyboard markup');
  if (replyMarkup !== undefined && !isRecord(replyMarkup)) {
    throw new BotApiError(400, 'Bad Request: object expected as reply markup');
  }

  const { id, first_name, username } = bot.user;
  const message: Record<string, unknown> = {
    message_id: state.nextMessageId(),
    from: { id, is_bot: true, first_name, username },
    chat: chatFor(chatId),
    date: nowSeconds(),
    text,
    // A Message carries reply_markup only for inline keyboards; reply keyboards stay with the client.
    ...(isRecord(replyMarkup) && 'inline_keyboard' in replyMarkup && { reply_markup: replyMarkup }),
  };
  state.messages.push({ token: bot.token, botId: bot.user.id, message });
  return { result: message };
};

// --- Payments (Telegram Stars) ------------------------------------------------------------------

function readPrices(params: Params): { label: string; amount: number }[] {
  const value = readJson(params, 'prices', 'prices');
  if (value === undefined) throw new BotApiError(400, 'Bad Request: parameter "prices" is required');
  const valid =
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (price) =>
        isRecord(price) && typeof price.label === 'string' && Number.isSafeInteger(Number(price.amount)),
    );
  if (!valid) throw new BotApiError(400, "Bad Request: can't parse prices JSON object");
  return value.map((price: Record<string, unknown>) => ({
    label: String(price.label),
    amount: Number(price.amount),
  }));
}

const createInvoiceLink: Handler = ({ state, bot, params }) => {
  const title = requireString(params, 'title');
  const description = requireString(params, 'description');
  const payload = requireString(params, 'payload');
  const currency = requireString(params, 'currency');
  const prices = readPrices(params);
  const providerToken = readString(params, 'provider_token');
  const subscriptionPeriod = readInteger(params, 'subscription_period');

  if (currency === 'XTR') {
    // Stars: no payment provider, exactly one price, no tips (Bot API "Payments in Telegram Stars").
    const tips = readInteger(params, 'max_tip_amount') ?? 0;
    if (providerToken !== undefined || prices.length !== 1 || tips > 0) {
      throw new BotApiError(400, 'Bad Request: STARS_INVOICE_INVALID');
    }
  } else if (providerToken === undefined) {
    throw new BotApiError(400, 'Bad Request: PAYMENT_PROVIDER_INVALID');
  }
  if (prices.some((price) => price.amount <= 0)) {
    throw new BotApiError(400, 'Bad Request: CURRENCY_TOTAL_AMOUNT_INVALID');
  }
  // The docs allow only 30-day subscriptions, and only in Stars.
  if (subscriptionPeriod !== undefined && (subscriptionPeriod !== 2_592_000 || currency !== 'XTR')) {
    throw new BotApiError(400, 'Bad Request: SUBSCRIPTION_PERIOD_INVALID');
  }

  // Real invoice links are https://t.me/$<slug>; the "fake_" prefix makes a leaked one recognisable.
  const url = `https://t.me/$fake_${randomBytes(12).toString('base64url')}`;
  state.invoiceLinks.push({
    token: bot.token,
    botId: bot.user.id,
    url,
    title,
    description,
    payload,
    currency,
    prices,
    subscription_period: subscriptionPeriod,
  });
  return { result: url };
};

function answerQueryOnce(bot: BotRecord, kind: string, queryId: string | undefined): void {
  // Telegram refuses a missing id, an unknown one and a second answer with the same words.
  const key = `${kind}:${queryId}`;
  if (queryId === undefined || bot.answeredQueryIds.has(key)) throw new BotApiError(400, QUERY_ID_INVALID);
  bot.answeredQueryIds.add(key);
}

const answerPreCheckoutQuery: Handler = ({ state, bot, params }) => {
  const queryId = readString(params, 'pre_checkout_query_id');
  if (params.ok === undefined) throw new BotApiError(400, 'Bad Request: parameter "ok" is required');
  // The docs make error_message required when ok is False: the user is shown why the payment stopped.
  const ok = readFlag(params, 'ok');
  if (!ok) requireString(params, 'error_message');
  answerQueryOnce(bot, 'pre_checkout', queryId);
  state.preCheckoutAnswers.set(String(queryId), { ok, error_message: readString(params, 'error_message') });
  return { result: true };
};

const editUserStarSubscription: Handler = ({ state, bot, params }) => {
  const userId = readInteger(params, 'user_id');
  if (userId === undefined || userId <= 0)
    throw new BotApiError(400, 'Bad Request: invalid user_id specified');
  const chargeId = requireString(params, 'telegram_payment_charge_id');
  if (params.is_canceled === undefined) {
    throw new BotApiError(400, 'Bad Request: parameter "is_canceled" is required');
  }
  state.starSubscriptionEdits.push({
    token: bot.token,
    user_id: userId,
    telegram_payment_charge_id: chargeId,
    is_canceled: readFlag(params, 'is_canceled'),
  });
  return { result: true };
};

const refundStarPayment: Handler = ({ state, bot, params }) => {
  const userId = readInteger(params, 'user_id');
  if (userId === undefined || userId <= 0)
    throw new BotApiError(400, 'Bad Request: invalid user_id specified');
  const chargeId = requireString(params, 'telegram_payment_charge_id');
  if (bot.refundedChargeIds.has(chargeId)) throw new BotApiError(400, 'Bad Request: CHARGE_ALREADY_REFUNDED');
  bot.refundedChargeIds.add(chargeId);
  state.refunds.push({
    token: bot.token,
    botId: bot.user.id,
    user_id: userId,
    telegram_payment_charge_id: chargeId,
  });
  return { result: true };
};

// --- Bot settings -------------------------------------------------------------------------------

function commandsKey(params: Params): string {
  const scope = readJson(params, 'scope', 'bot command scope') ?? { type: 'default' };
  return `${JSON.stringify(scope)}|${readString(params, 'language_code') ?? ''}`;
}

const setMyCommands: Handler = ({ bot, params }) => {
  const commands = readJson(params, 'commands', 'commands');
  if (commands === undefined) throw new BotApiError(400, 'Bad Request: parameter "commands" is required');
  if (!Array.isArray(commands) || commands.length > 100 || !commands.every(isRecord)) {
    throw new BotApiError(400, "Bad Request: can't parse commands JSON object");
  }
  const parsed: BotCommand[] = commands.map((command) => ({
    command: String(command.command ?? ''),
    description: String(command.description ?? ''),
  }));
  if (parsed.some(({ command }) => !/^[a-z0-9_]{1,32}$/.test(command))) {
    throw new BotApiError(400, 'Bad Request: BOT_COMMAND_INVALID');
  }
  if (parsed.some(({ description }) => description.length < 1 || description.length > 256)) {
    throw new BotApiError(400, 'Bad Request: BOT_COMMAND_DESCRIPTION_INVALID');
  }
  bot.commands.set(commandsKey(params), parsed);
  return { result: true };
};

const getMyCommands: Handler = ({ bot, params }) => ({ result: bot.commands.get(commandsKey(params)) ?? [] });

const deleteMyCommands: Handler = ({ bot, params }) => {
  bot.commands.delete(commandsKey(params));
  return { result: true };
};

function readMenuButton(params: Params): MenuButton {
  const value = readJson(params, 'menu_button', 'menu button') ?? { type: 'default' };
  if (isRecord(value) && (value.type === 'commands' || value.type === 'default')) return { type: value.type };
  if (
    isRecord(value) &&
    value.type === 'web_app' &&
    typeof value.text === 'string' &&
    isRecord(value.web_app)
  ) {
    const url = String(value.web_app.url ?? '');
    // Mini Apps are only opened over https.
    if (!url.startsWith('https://')) throw new BotApiError(400, 'Bad Request: BUTTON_URL_INVALID');
    return { type: 'web_app', text: value.text, web_app: { url } };
  }
  throw new BotApiError(400, "Bad Request: can't parse menu button JSON object");
}

const setChatMenuButton: Handler = ({ bot, params }) => {
  const chatId = readString(params, 'chat_id');
  bot.menuButtons.set(chatId ?? 'default', readMenuButton(params));
  return { result: true };
};

const getChatMenuButton: Handler = ({ bot, params }) => {
  const chatId = readString(params, 'chat_id');
  const button = (chatId && bot.menuButtons.get(chatId)) ?? bot.menuButtons.get('default');
  return { result: button ?? { type: 'commands' } };
};

// --- Dispatch -----------------------------------------------------------------------------------

const handlers: Record<string, Handler> = {
  getMe: ({ bot }) => ({ result: bot.user }),
  setWebhook,
  deleteWebhook: ({ bot, params }) => deleteWebhook(bot, readFlag(params, 'drop_pending_updates')),
  getWebhookInfo,
  getUpdates,
  sendMessage,
  createInvoiceLink,
  answerPreCheckoutQuery,
  refundStarPayment,
  editUserStarSubscription,
  answerCallbackQuery: ({ bot, params }) => {
    answerQueryOnce(bot, 'callback', readString(params, 'callback_query_id'));
    return { result: true };
  },
  setMyCommands,
  getMyCommands,
  deleteMyCommands,
  setChatMenuButton,
  getChatMenuButton,
};

// Method names are case-insensitive in the Bot API.
const handlersByLowerName = new Map(Object.keys(handlers).map((name) => [name.toLowerCase(), name]));

/**
 * Answers one Bot API call as Telegram would, after logging it. Throws BotApiError for every refusal:
 * 401 for an unknown token (checked first, as Telegram does), 404 for an unknown method.
 */
export async function callMethod(
  state: FakeBotApiState,
  token: string,
  method: string,
  params: Params,
): Promise<MethodResult> {
  const bot = state.findBot(token);
  const name = handlersByLowerName.get(method.toLowerCase());
  state.log.push({
    token,
    botId: bot?.user.id ?? null,
    method: name ?? method,
    params,
    at: new Date().toISOString(),
  });
  if (bot === undefined) throw new BotApiError(401, 'Unauthorized');
  const handler = name === undefined ? undefined : handlers[name];
  if (handler === undefined) throw new BotApiError(404, 'Not Found: method not found');
  return handler({ state, bot, params });
}

/** Wakes every long poll, so a server can close without waiting out their timeouts. */
export function releaseLongPolls(state: FakeBotApiState): void {
  for (const bot of state.bots.values()) wakeWaiters(bot);
}

export function isUpdateAllowed(bot: BotRecord, update: Update): boolean {
  const type = Object.keys(update).find((key) => key !== 'update_id');
  if (type === undefined) return false;
  // Telegram's default leaves out the update types a bot must ask for explicitly.
  const allowed = bot.allowedUpdates?.length ? bot.allowedUpdates : undefined;
  if (allowed === undefined)
    return !['chat_member', 'message_reaction', 'message_reaction_count'].includes(type);
  return allowed.includes(type);
}
