import { GrammyError } from 'grammy';

/** Telegram refused the call: its `{ ok: false, error_code, description }` envelope. */
export class TelegramApiError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    /** On 429 (flood control): the seconds Telegram asks us to wait before calling again. */
    readonly retryAfter?: number,
  ) {
    super(description);
    this.name = 'TelegramApiError';
  }
}

/** No answer from Telegram (network failure, timeout, or something that is not the Bot API envelope). */
export class TelegramUnreachableError extends Error {
  constructor(reason: string) {
    super(`Telegram could not be reached: ${reason}`);
    this.name = 'TelegramUnreachableError';
  }
}

/** The Bot API `User` getMe answers, trimmed to what we use. */
export type TelegramBotUser = { id: number; is_bot: boolean; first_name: string; username?: string };

export type SetWebhookParams = {
  url: string;
  secret_token: string;
  allowed_updates?: string[];
  drop_pending_updates?: boolean;
  max_connections?: number;
};

export type BotApi = {
  call<T>(token: string, method: string, params?: Record<string, unknown>): Promise<T>;
  getMe(token: string): Promise<TelegramBotUser>;
  setWebhook(token: string, params: SetWebhookParams): Promise<true>;
  deleteWebhook(token: string, params?: { drop_pending_updates?: boolean }): Promise<true>;
};

export type BotApiOptions = { apiRoot: string; fetch?: typeof fetch; timeoutMs?: number };

type Envelope =
  | { ok: true; result: unknown }
  | { ok: false; error_code?: number; description?: string; parameters?: { retry_after?: number } };

const isEnvelope = (body: unknown): body is Envelope =>
  typeof body === 'object' && body !== null && typeof (body as { ok?: unknown }).ok === 'boolean';

/**
 * A small Bot API client. Errors never carry the request URL: it contains the bot token, so a logged error
 * must not be able to leak one.
 */
export function createBotApi(options: BotApiOptions): BotApi {
  const root = options.apiRoot.replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call<T>(token: string, method: string, params: Record<string, unknown> = {}): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${root}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      // Deliberately not the cause: undici's errors may quote the URL, and with it the token.
      throw new TelegramUnreachableError(timedOut ? 'timed out' : 'connection failed');
    }
    const body: unknown = await response.json().catch(() => null);
    if (!isEnvelope(body)) throw new TelegramUnreachableError(`unexpected answer (HTTP ${response.status})`);
    if (body.ok) return body.result as T;
    throw new TelegramApiError(
      body.error_code ?? response.status,
      body.description ?? 'Unknown error',
      body.parameters?.retry_after,
    );
  }

  return {
    call,
    getMe: (token) => call<TelegramBotUser>(token, 'getMe'),
    setWebhook: (token, params) => call<true>(token, 'setWebhook', params),
    deleteWebhook: (token, params = {}) => call<true>(token, 'deleteWebhook', params),
  };
}

/**
 * Telegram's refusal, whichever client met it: this module's TelegramApiError or grammY's GrammyError (the shop
 * runtime's). Undefined for anything else (Telegram unreachable, a bug).
 */
export function telegramRefusal(err: unknown): { code: number; description: string } | undefined {
  if (err instanceof TelegramApiError) return { code: err.errorCode, description: err.description };
  if (err instanceof GrammyError) return { code: err.error_code, description: err.description };
  return undefined;
}

/** The user blocked the bot, or never started it: 403 Forbidden. Calling again will not help. */
export const isForbiddenError = (err: unknown): boolean => telegramRefusal(err)?.code === 403;

/** A token Telegram does not know (revoked, or never issued): 401 Unauthorized, or 404 for a malformed one. */
export const isUnknownTokenError = (err: unknown): boolean => {
  const code = telegramRefusal(err)?.code;
  return code === 401 || code === 404;
};
