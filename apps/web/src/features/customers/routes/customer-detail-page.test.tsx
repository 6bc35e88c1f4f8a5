// @vitest-environment jsdom
import type { CustomerDetail } from '@app/contracts/customers';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { CustomerDetailPage } from './customer-detail-page';

let telegram: ReturnType<typeof startFakeTelegram>;
beforeAll(() => {
  telegram = startFakeTelegram();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  telegram.answerPopupWith(undefined);
});

const ID = '00000000-0000-4000-8000-0000000000c1';
const CUSTOMER: CustomerDetail = {
  id: ID,
  name: 'Ann Lee',
  firstName: 'Ann',
  lastName: 'Lee',
  username: 'ann',
  telegramId: 42,
  segment: 'New',
  status: 'Active',
  orders: 0,
  totalSpent: 0,
  totalSpentFormatted: '$0',
  lastOrderDate: null,
  bot: null,
  botId: null,
  tags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  email: null,
  phone: null,
  notes: null,
  orderCount: 0,
  firstOrderDate: null,
  avgOrderValue: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
  allBots: [],
};

function serve() {
  return stubFetch(({ method, path }) => {
    if (path.split('?')[0]?.endsWith(`/customers/${ID}`)) {
      return method === 'DELETE' ? json({ success: true }) : json(CUSTOMER);
    }
    return json({ bots: [], summary: {} });
  });
}

const open = () =>
  renderApp(<CustomerDetailPage />, { path: '/customers/:customerId', url: `/customers/${ID}` });

describe('Customer erasure from the customer screen', () => {
  it('erases the customer after the confirmation popup is confirmed', async () => {
    const calls = serve();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Erase Customer Data' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('erases nothing when the confirmation popup is cancelled', async () => {
    const calls = serve();
    telegram.answerPopupWith('cancel');
    open();
    const answered = telegram.popupsAnswered();
    await userEvent.click(await screen.findByRole('button', { name: 'Erase Customer Data' }));
    await waitFor(() => expect(telegram.popupsAnswered()).toBe(answered + 1));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});
