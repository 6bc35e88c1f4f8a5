// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { makeBotDetail } from '../test-fixtures';
import { OverviewTab } from './overview-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the bot Overview', () => {
  it('links to the customers and analytics of this bot only', async () => {
    // The week's figures and activity are not what this test reads: their calls fail quietly.
    stubFetch(async () => json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404));
    const bot = makeBotDetail();
    renderApp(<OverviewTab bot={bot} />, { path: `/bots/${bot.id}` });

    expect((await screen.findByRole('link', { name: /Customers/ })).getAttribute('href')).toBe(
      `/customers?botId=${bot.id}`,
    );
    expect(screen.getByRole('link', { name: /Analytics/ }).getAttribute('href')).toBe(
      `/analytics?botId=${bot.id}`,
    );
  });
});
