// @vitest-environment jsdom
import type { OrderListItem } from '@app/contracts/orders';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { OrderCard } from './order-card';

let telegram: ReturnType<typeof startFakeTelegram>;
beforeAll(() => {
  telegram = startFakeTelegram();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  telegram.answerPopupWith(undefined);
});

function makeOrder(patch: Partial<OrderListItem> = {}): OrderListItem {
  return {
    id: '0191e1a2-0000-7000-8000-000000000001',
    number: 10423,
    orderId: '#10423',
    status: 'pending',
    productType: 'physical',
    paymentStatus: 'paid',
    amount: 2450,
    currency: 'USD',
    amountFormatted: '$24.50',
    customer: {
      id: '0191e1a2-0000-7000-8000-000000000002',
      name: 'Emma Stone',
      username: 'emma',
      telegramId: 1,
    },
    bot: { id: '0191e1a2-0000-7000-8000-000000000003', username: 'shop_bot', name: 'Shop' },
    items: 2,
    note: null,
    allowedStatuses: ['processing', 'cancelled'],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...patch,
  };
}

const haptics = () =>
  telegram.events
    .filter((event) => event.name === 'web_app_trigger_haptic_feedback')
    .map((event) => event.params.notification_type)
    .filter(Boolean);

describe('Update Status on an order card', () => {
  it.each([
    ['physical', 'pending', ['processing', 'cancelled'], 'Processing'],
    ['service', 'pending', ['scheduled', 'cancelled'], 'Scheduled'],
    ['service', 'scheduled', ['in_progress', 'cancelled'], 'In Progress'],
    ['digital', 'processing', ['completed', 'cancelled'], 'Completed'],
  ] as const)(
    'a %s order that is %s offers the next status of its path',
    (productType, status, allowed, label) => {
      stubFetch(() => json({}));
      renderApp(<OrderCard order={makeOrder({ productType, status, allowedStatuses: [...allowed] })} />);
      expect(screen.getByRole('button', { name: `Update Status: Mark as ${label}` })).toBeTruthy();
    },
  );

  it('offers nothing on a finished order', () => {
    stubFetch(() => json({}));
    renderApp(<OrderCard order={makeOrder({ status: 'completed', allowedStatuses: [] })} />);
    expect(screen.queryByRole('button', { name: /Update Status/ })).toBeNull();
  });

  it('asks in a Telegram popup, then moves the order and gives a success haptic', async () => {
    const calls = stubFetch(() => json({ ...makeOrder({ status: 'processing' }) }));
    renderApp(<OrderCard order={makeOrder()} />);
    const before = haptics().length;
    await userEvent.click(screen.getByRole('button', { name: 'Update Status: Mark as Processing' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const popup = telegram.last('web_app_open_popup');
    expect(popup?.message).toBe('Change order #10423 from Pending to Processing?');
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toMatch(/\/orders\/0191e1a2-0000-7000-8000-000000000001\/status$/);
    expect(patch?.body).toEqual({ status: 'processing' });
    await waitFor(() => expect(haptics().slice(before)).toEqual(['success']));
  });

  it('changes nothing when the popup is cancelled', async () => {
    const calls = stubFetch(() => json({}));
    telegram.answerPopupWith('cancel');
    renderApp(<OrderCard order={makeOrder()} />);
    const answered = telegram.popupsAnswered();
    await userEvent.click(screen.getByRole('button', { name: 'Update Status: Mark as Processing' }));
    await waitFor(() => expect(telegram.popupsAnswered()).toBe(answered + 1));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('gives an error haptic when the server refuses the move', async () => {
    stubFetch(({ method }) =>
      method === 'PATCH'
        ? json({ error: { code: 'ORDER_STATUS_NOT_ALLOWED', message: 'Not allowed' } }, 409)
        : json({}),
    );
    renderApp(<OrderCard order={makeOrder()} />);
    const before = haptics().length;
    await userEvent.click(screen.getByRole('button', { name: 'Update Status: Mark as Processing' }));
    await waitFor(() => expect(haptics().slice(before)).toEqual(['error']));
  });

  it('opens the order to ask for a tracking number when the bot’s shipping requires one', async () => {
    stubFetch(({ method }) =>
      method === 'PATCH'
        ? json({ error: { code: 'TRACKING_NUMBER_REQUIRED', message: 'Add a tracking number' } }, 400)
        : json({}),
    );
    const order = makeOrder({ status: 'processing', allowedStatuses: ['shipped', 'cancelled'] });
    const { router } = renderApp(<OrderCard order={order} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update Status: Mark as Shipped' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${order.id}`));
  });
});
