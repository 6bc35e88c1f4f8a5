// @vitest-environment jsdom

import { focusManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { emitEvent } from '@telegram-apps/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeTelegram } from '../test/fake-telegram';
import { bindQueryFocusToApp } from './app-focus';

let unbind: () => void;
beforeAll(() => {
  startFakeTelegram();
  unbind = bindQueryFocusToApp();
});
afterAll(() => unbind());

describe('queries follow whether Telegram shows the Mini App', () => {
  it('pause polling while Telegram keeps the app in the background, and refetch when it brings it back', async () => {
    // Telegram's visibility events, and the polling they pause, on a clock the test moves itself.
    vi.useFakeTimers();
    const client = new QueryClient();
    const queryFn = vi.fn(async () => 'figures');
    const observer = new QueryObserver(client, { queryKey: ['stats'], queryFn, refetchInterval: 20 });
    const stop = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(50);
    expect(queryFn.mock.calls.length).toBeGreaterThanOrEqual(2);

    emitEvent('visibility_changed', { is_visible: false });
    expect(focusManager.isFocused()).toBe(false);
    const whileHidden = queryFn.mock.calls.length;
    await vi.advanceTimersByTimeAsync(200);
    expect(queryFn.mock.calls.length).toBe(whileHidden);

    emitEvent('visibility_changed', { is_visible: true });
    expect(focusManager.isFocused()).toBe(true);
    await vi.advanceTimersByTimeAsync(50);
    expect(queryFn.mock.calls.length).toBeGreaterThan(whileHidden);
    stop();
    client.clear();
    vi.useRealTimers();
  });
});
