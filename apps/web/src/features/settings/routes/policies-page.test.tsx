// @vitest-environment jsdom
import type { PolicyList } from '@app/contracts/policies';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { FaqsPage } from './faqs-page';
import { PoliciesPage } from './policies-page';

const BOT_ID = '0191e1a2-0000-7000-8000-0000000000b1';

beforeAll(() => {
  startFakeTelegram();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const policies = (botId: string | null, terms: string): PolicyList => ({
  policies: (['terms', 'privacy', 'refunds', 'shipping'] as const).map((id) => ({
    id,
    botId,
    content: id === 'terms' ? terms : '',
    updatedAt: null,
  })),
});

function serve() {
  return stubFetch(({ path }) => {
    if (path.endsWith('/me/bots')) {
      return json({ bots: [{ id: BOT_ID, name: 'Corner Shop', username: 'corner_bot' }] });
    }
    if (path.includes('/policies')) {
      return json(
        path.includes(`botId=${BOT_ID}`)
          ? policies(BOT_ID, 'Terms of this shop.')
          : policies(null, 'For all.'),
      );
    }
    if (path.includes('/faqs')) return json({ faqs: [] });
    return json({});
  });
}

describe('the Policies screen’s scope', () => {
  it('shows the vendor’s policies for all bots, and a bot’s own versions once the bot is chosen', async () => {
    const calls = serve();
    renderApp(<PoliciesPage />, { path: '/settings/policies' });
    expect(await screen.findByDisplayValue('For all.')).toBeTruthy();
    await screen.findByRole('option', { name: 'Corner Shop' });

    await userEvent.selectOptions(screen.getByLabelText('Applies to'), BOT_ID);

    expect(await screen.findByDisplayValue('Terms of this shop.')).toBeTruthy();
    expect(screen.getByText(/where it is empty, the All bots version/)).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith(`/policies?botId=${BOT_ID}`))).toBe(true);
  });
});

describe('the FAQs screen’s scope', () => {
  it('reads a bot’s own FAQ list once the bot is chosen', async () => {
    const calls = serve();
    renderApp(<FaqsPage />, { path: '/settings/faqs' });
    await screen.findByRole('option', { name: 'Corner Shop' });
    await userEvent.selectOptions(screen.getByLabelText('Applies to'), BOT_ID);

    expect(await screen.findByText(/without, the All bots FAQs/)).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith(`/faqs?botId=${BOT_ID}`))).toBe(true);
  });
});
