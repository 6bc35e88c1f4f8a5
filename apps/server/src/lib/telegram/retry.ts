import { HttpError, type Transformer } from 'grammy';

export type RetryPolicy = {
  /** The waits before each new try of a call Telegram failed (a 5xx or no answer): one try more than waits. */
  delaysMs: readonly number[];
  /** A 429 is tried again after its retry_after when that is at most this long; longer ones are returned. */
  maxRetryAfterS: number;
};

/**
 * Telegram has bad minutes (SECURITY.md): a short wait and a new try carry most calls through them. Two tries
 * more, one and three seconds later, keep a customer's tap answered within a few seconds; what still fails is
 * the caller's to queue (the delivery job retries for an hour).
 */
export const TELEGRAM_RETRY: RetryPolicy = { delaysMs: [1000, 3000], maxRetryAfterS: 10 };

// grammY's signal is the abort-controller package's type, not the DOM's; this is all the wait needs of it.
type Abortable = { addEventListener(type: 'abort', listener: () => void): void };

const sleep = (ms: number, signal?: Abortable) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('Request aborted while waiting to try again'));
    });
  });

/**
 * A grammY API transformer that tries a failed call again by the policy: after a 429, once its retry_after has
 * passed; after a 5xx or no answer, once the policy's next wait has. Unlike grammY's auto-retry it does not wait
 * after the last try (that wait held a failed checkout 12 s longer for nothing).
 */
export function retryTransformer(policy: RetryPolicy = TELEGRAM_RETRY): Transformer {
  return async (prev, method, payload, signal) => {
    for (let tries = 0; ; tries++) {
      const waitMs = policy.delaysMs[tries];
      let answer: Awaited<ReturnType<typeof prev>>;
      try {
        answer = await prev(method, payload, signal);
      } catch (err) {
        if (!(err instanceof HttpError) || signal?.aborted || waitMs === undefined) throw err;
        await sleep(waitMs, signal);
        continue;
      }
      if (answer.ok || waitMs === undefined) return answer;
      const retryAfter = answer.parameters?.retry_after;
      if (retryAfter !== undefined) {
        if (retryAfter > policy.maxRetryAfterS) return answer;
        await sleep(retryAfter * 1000, signal);
      } else if (answer.error_code >= 500) {
        await sleep(waitMs, signal);
      } else {
        return answer;
      }
    }
  };
}
