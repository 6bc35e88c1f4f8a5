import { type ApiCallFn, HttpError } from 'grammy';
import type { ApiResponse } from 'grammy/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryTransformer } from './retry';

type Answer = ApiResponse<unknown>;
const ok: Answer = { ok: true, result: true };
const serverError: Answer = { ok: false, error_code: 500, description: 'Internal Server Error' };
const tooMany = (retryAfter: number): Answer => ({
  ok: false,
  error_code: 429,
  description: 'Too Many Requests',
  parameters: { retry_after: retryAfter },
});

/** A Bot API that gives the answers in turn (the last one for ever), counting the calls. */
function telegram(...answers: (Answer | Error)[]) {
  let calls = 0;
  const prev = (async () => {
    const answer = answers[Math.min(calls, answers.length - 1)] as Answer | Error;
    calls += 1;
    if (answer instanceof Error) throw answer;
    return answer;
  }) as unknown as ApiCallFn;
  return { prev, calls: () => calls };
}

const retry = retryTransformer({ delaysMs: [1000, 3000], maxRetryAfterS: 10 });

/** Starts a call through the retry; `settled()` says whether it has answered yet. */
function send(prev: ApiCallFn) {
  let answer: Answer | undefined;
  const call = retry(prev, 'sendMessage', { chat_id: 1, text: 'hi' }).then((a) => {
    answer = a as Answer;
    return answer;
  });
  return { call, settled: () => answer !== undefined };
}

describe('trying again a call Telegram failed', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries a call that failed with a 5xx again after each wait, and answers the first success', async () => {
    const api = telegram(serverError, serverError, ok);
    const { call } = send(api.prev);

    await vi.advanceTimersByTimeAsync(999);
    expect(api.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await call).toEqual(ok);
    expect(api.calls()).toBe(3);
  });

  it('answers the last failure as soon as the last try fails, with no wait after it', async () => {
    const api = telegram(serverError);
    const { call, settled } = send(api.prev);

    await vi.advanceTimersByTimeAsync(4000);
    expect(settled()).toBe(true);
    expect(await call).toEqual(serverError);
    expect(api.calls()).toBe(3);
  });

  it('tries again a call that got no answer at all', async () => {
    const api = telegram(new HttpError('Network request failed', new Error('ECONNRESET')), ok);
    const { call } = send(api.prev);

    await vi.advanceTimersByTimeAsync(1000);
    expect(await call).toEqual(ok);
  });

  it("waits a 429's retry_after before trying again, and gives up at once on a longer one", async () => {
    const short = telegram(tooMany(2), ok);
    const first = send(short.prev);
    await vi.advanceTimersByTimeAsync(1999);
    expect(short.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await first.call).toEqual(ok);

    const long = telegram(tooMany(60), ok);
    const second = send(long.prev);
    await vi.advanceTimersByTimeAsync(0);
    expect(second.settled()).toBe(true);
    expect(long.calls()).toBe(1);
  });

  it('does not try again a call Telegram refused (a 4xx other than 429)', async () => {
    const refused: Answer = {
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    };
    const api = telegram(refused, ok);
    const { call } = send(api.prev);

    expect(await call).toEqual(refused);
    expect(api.calls()).toBe(1);
  });
});
