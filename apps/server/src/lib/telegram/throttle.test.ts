import type { ApiCallFn } from 'grammy';
import { describe, expect, it } from 'vitest';
import { type BotApi, TelegramApiError } from './bot-api';
import { createTelegramThrottle, type ThrottleLimits, throttledBotApi } from './throttle';

// Fast paces, so the tests measure waits in milliseconds: 10 a second (100 ms apart) per chat.
const limits: ThrottleLimits = {
  privateChat: { perSecond: 10, burst: 2 },
  groupChat: { perSecond: 10, burst: 1 },
  bot: { perSecond: 1000, burst: 1000 },
};

/** When each of `n` waits finished, in ms after the first started. */
async function timesOf(waits: (() => Promise<void>)[]): Promise<number[]> {
  const started = performance.now();
  return Promise.all(waits.map((wait) => wait().then(() => performance.now() - started)));
}

describe('the Telegram throttle', () => {
  it('lets a short burst to one chat go at once, then keeps the pace', async () => {
    const throttle = createTelegramThrottle(limits);
    const times = await timesOf([1, 2, 3, 4].map(() => () => throttle.wait('bot-a', 42)));

    expect(times[0]).toBeLessThan(50);
    expect(times[1]).toBeLessThan(50);
    expect(times[2]).toBeGreaterThanOrEqual(95);
    expect(times[3]).toBeGreaterThanOrEqual(195);
  });

  it('does not make one chat wait for another, nor one bot for another', async () => {
    const throttle = createTelegramThrottle(limits);
    const times = await timesOf(
      [1, 2, 3, 4, 5].flatMap((chat) => [
        () => throttle.wait('bot-a', chat),
        () => throttle.wait('bot-b', chat),
      ]),
    );

    expect(Math.max(...times)).toBeLessThan(50);
  });

  it('keeps a bot’s overall pace across its chats', async () => {
    const throttle = createTelegramThrottle({ ...limits, bot: { perSecond: 10, burst: 1 } });
    const times = await timesOf([1, 2, 3].map((chat) => () => throttle.wait('bot-a', chat)));

    expect(times[2]).toBeGreaterThanOrEqual(195);
  });

  it('holds a bot’s messages back for retry_after once Telegram answers 429', async () => {
    const throttle = createTelegramThrottle(limits);
    const transformer = throttle.transformer('bot-a');
    const tooMany = (async () => ({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    })) as unknown as ApiCallFn;
    await transformer(tooMany, 'sendMessage', { chat_id: 1, text: 'hi' });
    const [waited] = await timesOf([() => throttle.wait('bot-a', 2)]);

    expect(waited).toBeGreaterThanOrEqual(950);
  });

  it('does not hold back answers to queries, which Telegram wants within seconds', async () => {
    const throttle = createTelegramThrottle({ ...limits, bot: { perSecond: 1, burst: 1 } });
    const sent: string[] = [];
    const api: BotApi = {
      call: async <T>(_token: string, method: string) => {
        sent.push(method);
        return true as T;
      },
      getMe: async () => ({ id: 1, is_bot: true, first_name: 'Bot' }),
      setWebhook: async () => true,
      deleteWebhook: async () => true,
    };
    const paced = throttledBotApi(api, throttle);
    const started = performance.now();
    await paced.call('bot-a', 'sendMessage', { chat_id: 1, text: 'hi' });
    await paced.call('bot-a', 'answerPreCheckoutQuery', { pre_checkout_query_id: 'q', ok: true });

    expect(performance.now() - started).toBeLessThan(500);
    expect(sent).toEqual(['sendMessage', 'answerPreCheckoutQuery']);
  });

  it('pauses the bot when a paced Bot API call meets 429, and still reports the refusal', async () => {
    const throttle = createTelegramThrottle(limits);
    const api: BotApi = {
      call: () => Promise.reject(new TelegramApiError(429, 'Too Many Requests: retry after 1', 1)),
      getMe: async () => ({ id: 1, is_bot: true, first_name: 'Bot' }),
      setWebhook: async () => true,
      deleteWebhook: async () => true,
    };
    await expect(
      throttledBotApi(api, throttle).call('bot-a', 'sendMessage', { chat_id: 1 }),
    ).rejects.toMatchObject({ errorCode: 429 });
    const [waited] = await timesOf([() => throttle.wait('bot-a', 3)]);

    expect(waited).toBeGreaterThanOrEqual(950);
  });
});
