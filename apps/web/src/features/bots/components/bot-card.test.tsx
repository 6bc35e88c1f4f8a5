// @vitest-environment jsdom
import type { Bot } from '@app/contracts/bots';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { useBots } from '../api/get-bots';
import { makeBot, makeBotList } from '../test-fixtures';
import { BotCard } from './bot-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function FirstBot() {
  const bots = useBots();
  const bot = bots.data?.bots[0];
  return bot ? <BotCard bot={bot} /> : null;
}

describe('the run switch', () => {
  it('settles once after a stop: it never shows the bot running again while the list refetches', async () => {
    let bot: Bot = makeBot();
    let listsAfterStop = 0;
    stubFetch(async ({ method }) => {
      if (method === 'POST') {
        await new Promise((resolve) => setTimeout(resolve, 30));
        bot = { ...bot, isActive: false, hasActiveSubscription: false };
        return json(bot);
      }
      // The refetch after the stop is slow, as on a phone network.
      if (!bot.isActive) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        listsAfterStop += 1;
      }
      return json(makeBotList([bot]));
    });
    const { queryClient } = renderApp(<FirstBot />, { path: '/bots' });
    const toggle = await screen.findByRole('switch', { name: 'Stop Test Shop' });

    // Every state the switch shows, in order.
    const shown: string[] = [toggle.getAttribute('aria-checked') ?? ''];
    const observer = new MutationObserver(() => {
      const current = document.querySelector('[role="switch"]');
      const state = current ? (current.getAttribute('aria-checked') ?? '') : 'gone';
      if (shown.at(-1) !== state) shown.push(state);
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });

    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByText('INACTIVE')).toBeTruthy());
    // The slow refetch has answered and the cache has taken it: whatever it would show, it has shown.
    await waitFor(() => expect(listsAfterStop > 0 && queryClient.isFetching() === 0).toBe(true));
    observer.disconnect();
    // Running, then stopping (pending), then the red inactive card (no switch): never back to running.
    expect(shown).toEqual(['true', 'false', 'gone']);
  });
});

describe('a bot stopped while its subscription runs', () => {
  it('shows Stopped with the switch to start it, not the red “disabled until renewal” card', async () => {
    const bot = makeBot({ isActive: false, hasActiveSubscription: true });
    stubFetch(() => json(makeBotList([bot])));
    renderApp(<FirstBot />, { path: '/bots' });

    const start = await screen.findByRole('switch', { name: 'Start Test Shop' });
    expect(start.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Stopped')).toBeTruthy();
    expect(screen.queryByText('All bot features are disabled until renewal')).toBeNull();
  });
});
