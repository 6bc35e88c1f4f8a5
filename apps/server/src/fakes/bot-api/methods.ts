import { messageHandlers } from './messages';
import {
  answerQueryOnce,
  BotApiError,
  type Handler,
  isRecord,
  type MethodResult,
  type Params,
  readFlag,
  readInteger,
  readJson,
  readString,
} from './params';
import { paymentHandlers } from './payments';
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
// Messages are in messages.ts, payments in payments.ts; parameters are read with params.ts.

export { BotApiError, type MethodResult, type Params } from './params';

const WEBHOOK_ACTIVE =
  "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first";
const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,256}$/;
const MAX_POLL_TIMEOUT_SECONDS = 50;

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

const answerCallbackQuery: Handler = ({ state, bot, params }) => {
  const id = answerQueryOnce(bot, 'callback', readString(params, 'callback_query_id'));
  const text = readString(params, 'text');
  const url = readString(params, 'url');
  // What the customer saw: a notification at the top of the chat, or an alert to dismiss.
  state.answerQuery('callback', id, {
    show_alert: readFlag(params, 'show_alert'),
    ...(text !== undefined && { text }),
    ...(url !== undefined && { url }),
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
    // Mini Apps are only opened over https; as in Telegram's test environment, a local server may use http.
    if (!/^(https:\/\/|http:\/\/(127\.0\.0\.1|localhost)[:/])/.test(url)) {
      throw new BotApiError(400, 'Bad Request: BUTTON_URL_INVALID');
    }
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

const setMyDescription: Handler = ({ bot, params }) => {
  const description = readString(params, 'description') ?? '';
  if (description.length > 512) throw new BotApiError(400, 'Bad Request: BOT_DESCRIPTION_INVALID');
  const language = readString(params, 'language_code') ?? '';
  // An empty description removes the one for that language, as in Telegram.
  if (description === '') bot.descriptions.delete(language);
  else bot.descriptions.set(language, description);
  return { result: true };
};

const getMyDescription: Handler = ({ bot, params }) => {
  const language = readString(params, 'language_code') ?? '';
  return { result: { description: bot.descriptions.get(language) ?? '' } };
};

/** getFile: a file the fake knows, with the path its bytes are downloaded from (`/file/bot<token>/<path>`). */
const getFile: Handler = ({ state, params }) => {
  const fileId = readString(params, 'file_id');
  const file = fileId === undefined ? undefined : state.files.get(fileId);
  if (!file) throw new BotApiError(400, 'Bad Request: invalid file_id');
  return {
    result: {
      file_id: file.file_id,
      file_unique_id: file.file_unique_id,
      ...(file.bytes ? { file_size: file.bytes.length, file_path: `files/${file.file_id}` } : {}),
    },
  };
};

// --- Dispatch -----------------------------------------------------------------------------------

const handlers: Record<string, Handler> = {
  getMe: ({ bot }) => ({ result: bot.user }),
  setWebhook,
  deleteWebhook: ({ bot, params }) => deleteWebhook(bot, readFlag(params, 'drop_pending_updates')),
  getWebhookInfo,
  getUpdates,
  ...messageHandlers,
  ...paymentHandlers,
  answerCallbackQuery,
  setMyCommands,
  getMyCommands,
  deleteMyCommands,
  setChatMenuButton,
  getChatMenuButton,
  setMyDescription,
  getMyDescription,
  getFile,
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
  state.logCall({
    token,
    botId: bot?.user.id ?? null,
    method: name ?? method,
    params,
    at: new Date().toISOString(),
  });
  if (bot === undefined) throw new BotApiError(401, 'Unauthorized');
  // An outage a test (or the demo) asked for: the call is logged but not made.
  const failure = state.failureFor(token, name ?? method, params);
  if (failure) {
    const code = failure.errorCode ?? 500;
    if (code === 429) {
      const retryAfter = failure.retryAfter ?? 1;
      throw new BotApiError(
        429,
        failure.description ?? `Too Many Requests: retry after ${retryAfter}`,
        retryAfter,
      );
    }
    throw new BotApiError(
      code,
      failure.description ?? (code === 500 ? 'Internal Server Error' : 'Bad Request'),
    );
  }
  // Flood control, when a test or the bench asked for it: over the limit, 429 with retry_after.
  const floodWait = state.floodFor(token, name ?? method, params);
  if (floodWait !== undefined) {
    throw new BotApiError(429, `Too Many Requests: retry after ${floodWait}`, floodWait);
  }
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
