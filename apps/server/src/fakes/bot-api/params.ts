import type { BotRecord, FakeBotApiState } from './state';

// Reading Bot API parameters, and the Bot API's refusal. Telegram treats every parameter as a string whichever
// way it arrived: a JSON body's objects are re-serialised, form fields carry JSON text. These helpers accept both.

/** A refusal the Bot API answers as `{ ok: false, error_code, description }`. */
export class BotApiError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    /** On 429: the seconds the caller must wait, sent as `parameters.retry_after`. */
    readonly retryAfter?: number,
  ) {
    super(description);
    this.name = 'BotApiError';
  }
}

export type Params = Record<string, unknown>;
export type MethodResult = { result: unknown; description?: string };

export function readString(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  // An empty parameter is the same as a missing one for the Bot API.
  return text === '' ? undefined : text;
}

export function requireString(params: Params, name: string): string {
  const value = readString(params, name);
  if (value === undefined) throw new BotApiError(400, `Bad Request: parameter "${name}" is required`);
  return value;
}

export function readInteger(params: Params, name: string): number | undefined {
  const text = readString(params, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

export function readFlag(params: Params, name: string): boolean {
  const text = readString(params, name)?.trim().toLowerCase();
  return text === 'true' || text === '1' || text === 'yes';
}

export function readJson(params: Params, name: string, what: string): unknown {
  const value = params[name];
  if (typeof value !== 'string') return value ?? undefined;
  if (value === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw new BotApiError(400, `Bad Request: can't parse ${what} JSON object`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

// An inline button does exactly one of these; a button with text alone is refused.
const BUTTON_ACTIONS = [
  'url',
  'callback_data',
  'web_app',
  'login_url',
  'switch_inline_query',
  'switch_inline_query_current_chat',
  'switch_inline_query_chosen_chat',
  'copy_text',
  'callback_game',
  'pay',
] as const;

export type InlineButton = Record<string, unknown> & { text: string };
export type InlineKeyboard = { inline_keyboard: InlineButton[][] };

/**
 * reply_markup, when given. Only an inline keyboard belongs to the Message the bot gets back (reply keyboards and
 * keyboard removals stay with the client), so only that one is returned; the others are checked and dropped.
 */
export function readReplyMarkup(params: Params): InlineKeyboard | undefined {
  const markup = readJson(params, 'reply_markup', 'reply keyboard markup');
  if (markup === undefined) return undefined;
  if (!isRecord(markup)) throw new BotApiError(400, 'Bad Request: object expected as reply markup');
  if (!('inline_keyboard' in markup)) return undefined;
  const rows = markup.inline_keyboard;
  if (!Array.isArray(rows) || !rows.every(Array.isArray)) {
    throw new BotApiError(
      400,
      'Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup must be an Array',
    );
  }
  for (const row of rows as unknown[][]) {
    for (const button of row) {
      if (!isRecord(button) || typeof button.text !== 'string') {
        throw new BotApiError(
          400,
          'Bad Request: can\'t parse inline keyboard button: Field "text" must be of type String',
        );
      }
      if (!BUTTON_ACTIONS.some((action) => button[action] !== undefined)) {
        throw new BotApiError(
          400,
          "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
        );
      }
      // Telegram limits callback data to 1-64 bytes.
      const data = button.callback_data;
      if (data !== undefined && (typeof data !== 'string' || Buffer.byteLength(data) > 64 || data === '')) {
        throw new BotApiError(400, 'Bad Request: BUTTON_DATA_INVALID');
      }
    }
  }
  return { inline_keyboard: rows as InlineButton[][] };
}

/**
 * A new message's reply_markup: an inline keyboard, or (sendMessage only) a reply keyboard under the input
 * field, whose buttons may ask the user to pick people (`request_users`), or the removal of one.
 */
export function readSendMarkup(params: Params): Record<string, unknown> | undefined {
  const markup = readJson(params, 'reply_markup', 'reply keyboard markup');
  if (isRecord(markup) && markup.remove_keyboard === true) return { remove_keyboard: true };
  if (!isRecord(markup) || !('keyboard' in markup)) return readReplyMarkup(params);
  const rows = markup.keyboard;
  if (!Array.isArray(rows) || !rows.every(Array.isArray)) {
    throw new BotApiError(400, 'Bad Request: field "keyboard" of the ReplyKeyboardMarkup must be an Array');
  }
  for (const row of rows as unknown[][]) {
    for (const button of row) {
      const text = isRecord(button) ? button.text : button;
      if (typeof text !== 'string' || text === '') {
        throw new BotApiError(
          400,
          'Bad Request: can\'t parse keyboard button: Field "text" must be of type String',
        );
      }
      const request = isRecord(button) ? button.request_users : undefined;
      if (request !== undefined && (!isRecord(request) || !Number.isInteger(request.request_id))) {
        throw new BotApiError(400, 'Bad Request: request_users must have an integer request_id');
      }
    }
  }
  return markup;
}

/** The buttons of a keyboard, row after row. */
export function buttonsOf(markup: unknown): InlineButton[] {
  if (!isRecord(markup) || !Array.isArray(markup.inline_keyboard)) return [];
  return (markup.inline_keyboard as unknown[]).flatMap((row) =>
    Array.isArray(row)
      ? (row.filter((b) => isRecord(b) && typeof b.text === 'string') as InlineButton[])
      : [],
  );
}

export type MethodContext = { state: FakeBotApiState; bot: BotRecord; params: Params };
export type Handler = (context: MethodContext) => MethodResult | Promise<MethodResult>;

const QUERY_ID_INVALID = 'Bad Request: query is too old and response timeout expired or query ID is invalid';

/** Telegram refuses a missing query id and a second answer to the same query with the same words. */
export function answerQueryOnce(bot: BotRecord, kind: string, queryId: string | undefined): string {
  const key = `${kind}:${queryId}`;
  if (queryId === undefined || bot.answeredQueryIds.has(key)) throw new BotApiError(400, QUERY_ID_INVALID);
  bot.answeredQueryIds.add(key);
  return queryId;
}
