import type { Transformer } from 'grammy';
import { type BotApi, TelegramApiError } from './bot-api';

/** A pace: `perSecond` on average, with up to `burst` messages at once before the pace applies. */
export type Pace = { perSecond: number; burst: number };

export type ThrottleLimits = { privateChat: Pace; groupChat: Pace; bot: Pace };

/**
 * Telegram's limits for messages (SECURITY.md): about 1 a second to one chat (short bursts tolerated), 20 a
 * minute to one group, about 30 a second from one bot overall. A bot paces itself one message at a time a little
 * under 30 a second: at exactly 30 the network's jitter, and with a burst the catching up after a pause, put a
 * 31st message into some second, and each 429 stops the bot for a second (a 10,000-customer campaign met 731 of
 * them and took 15% longer than its floor).
 */
export const TELEGRAM_LIMITS: ThrottleLimits = {
  privateChat: { perSecond: 1, burst: 3 },
  groupChat: { perSecond: 20 / 60, burst: 3 },
  bot: botPace(30),
};

/** The pace a bot keeps under a limit of `limit` messages a second (TELEGRAM_LIMITS.bot for Telegram's 30). */
export function botPace(limit: number): Pace {
  return { perSecond: limit - 1, burst: 1 };
}

/** No pace at all: for measuring the runtime itself (config SHOP_THROTTLE=off), never for Telegram. */
export const UNLIMITED: ThrottleLimits = {
  privateChat: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
  groupChat: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
  bot: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
};

export type TelegramThrottle = {
  /** Waits until bot `token` may send a message to `chatId`, and books that moment. */
  wait(token: string, chatId: string | number): Promise<void>;
  /** Telegram answered 429: nothing more goes out from this bot for `seconds`. */
  pause(token: string, seconds: number): void;
  /** The throttle as a grammY API transformer for one bot (install it before the retry, so new tries wait too). */
  transformer(token: string): Transformer;
};

// Messages, and edits of them, count against the limits; answers to queries (a pre-checkout answer is due within
// 10 s) and settings calls do not.
const COUNTED = /^(send|copy|forward|edit)/;
/** Past this many remembered chats and bots, the idle ones are forgotten. */
const MAX_KEYS = 50_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A process-wide throttle for outgoing Telegram messages. Each chat and each bot has a pace kept with the
 * generic cell rate algorithm: one remembered time per key and no queue, so a call under the limits goes at
 * once, and a call over them waits for the first free moment, in order of arrival. Several server processes
 * each keep their own pace; Telegram's 429 (`retry_after`, honoured by `pause`) covers what they add up to.
 */
export function createTelegramThrottle(limits: ThrottleLimits = TELEGRAM_LIMITS): TelegramThrottle {
  // Per key, the theoretical arrival time of the next message (ms): when it would go at exactly the pace.
  const nextAt = new Map<string, number>();
  const pausedUntil = new Map<string, number>();

  /** The earliest moment from `at` that the key's pace allows; books it. */
  function book(key: string, at: number, pace: Pace): number {
    const interval = 1000 / pace.perSecond;
    const tolerance = (pace.burst - 1) * interval;
    const theoretical = nextAt.get(key) ?? at;
    const goAt = Math.max(at, theoretical - tolerance);
    if (!nextAt.has(key) && nextAt.size >= MAX_KEYS) forgetIdle(at);
    nextAt.set(key, Math.max(theoretical, goAt) + interval);
    return goAt;
  }

  // A key whose next time has passed is at full burst again: remembering it changes nothing.
  function forgetIdle(now: number) {
    for (const [key, at] of nextAt) if (at <= now) nextAt.delete(key);
    for (const [key, at] of pausedUntil) if (at <= now) pausedUntil.delete(key);
  }

  async function wait(token: string, chatId: string | number): Promise<void> {
    const now = Date.now();
    const start = Math.max(now, pausedUntil.get(token) ?? 0);
    // Group and channel chats have negative ids (or an @username) and a slower pace.
    const isPrivate = typeof chatId === 'number' ? chatId > 0 : /^\d+$/.test(chatId);
    const chatFree = book(`${token}:${chatId}`, start, isPrivate ? limits.privateChat : limits.groupChat);
    const goAt = book(token, chatFree, limits.bot);
    if (goAt > now) await sleep(goAt - now);
  }

  function pause(token: string, seconds: number) {
    const until = Date.now() + Math.max(1, seconds) * 1000;
    pausedUntil.set(token, Math.max(pausedUntil.get(token) ?? 0, until));
  }

  return {
    wait,
    pause,
    transformer(token) {
      return async (prev, method, payload, signal) => {
        const chatId = (payload as { chat_id?: unknown } | undefined)?.chat_id;
        if (COUNTED.test(method) && (typeof chatId === 'number' || typeof chatId === 'string')) {
          await wait(token, chatId);
        }
        const answer = await prev(method, payload, signal);
        if (!answer.ok && answer.error_code === 429) pause(token, answer.parameters?.retry_after ?? 1);
        return answer;
      };
    },
  };
}

/** The one throttle of this process: the shop bots and the notifications share it. */
export const telegramThrottle = createTelegramThrottle();

/**
 * The Bot API client with messages paced by the throttle, and a 429 pausing the bot for Telegram's
 * `retry_after` (the error is still thrown: the caller decides whether to try again later).
 */
export function throttledBotApi(botApi: BotApi, throttle: TelegramThrottle = telegramThrottle): BotApi {
  return {
    ...botApi,
    async call<T>(token: string, method: string, params: Record<string, unknown> = {}): Promise<T> {
      const chatId = params.chat_id;
      if (COUNTED.test(method) && (typeof chatId === 'number' || typeof chatId === 'string')) {
        await throttle.wait(token, chatId);
      }
      try {
        return await botApi.call<T>(token, method, params);
      } catch (err) {
        if (err instanceof TelegramApiError && err.errorCode === 429)
          throttle.pause(token, err.retryAfter ?? 1);
        throw err;
      }
    },
  };
}
