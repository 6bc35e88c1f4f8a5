// @vitest-environment jsdom
import type { ActivityItem } from '@app/contracts/events';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ActivityList } from './activity-list';

const NOW = Date.parse('2026-05-10T12:00:00Z');

function item(overrides: Partial<ActivityItem>): ActivityItem {
  return {
    id: crypto.randomUUID(),
    event: 'bot.stopped',
    category: 'bot',
    botId: 'b1',
    actor: { kind: 'owner', name: 'Alex' },
    subject: { kind: 'bot', id: 'b1' },
    params: { botUsername: 'shop_bot' },
    timestamp: new Date(NOW - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

const show = (props: Parameters<typeof ActivityList>[0]) =>
  render(
    <MemoryRouter>
      <ActivityList {...props} />
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('ActivityList', () => {
  it('words an event from its type and parameters, with the time and a link to its subject', () => {
    show({ items: [item({})], isError: false, now: NOW });
    expect(screen.getByText('Bot stopped')).toBeTruthy();
    expect(screen.getByText('Alex stopped @shop_bot')).toBeTruthy();
    expect(screen.getByText('5 minutes ago')).toBeTruthy();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/bots/b1');
  });

  it('formats money in the currency of the event and picks the plural form by item count', () => {
    show({
      items: [
        item({
          event: 'order.created',
          category: 'order',
          subject: { kind: 'order', id: 'o1' },
          params: {
            orderNumber: 1042,
            totalMinor: 123450,
            currency: 'USD',
            itemCount: 3,
            customerName: 'Maria',
            botUsername: 'shop_bot',
          },
          timestamp: new Date(NOW - 10_000).toISOString(),
        }),
      ],
      isError: false,
      now: NOW,
    });
    expect(screen.getByText('New order #1042')).toBeTruthy();
    expect(screen.getByText('Maria ordered 3 items for $1,234.50 via @shop_bot')).toBeTruthy();
    expect(screen.getByText('just now')).toBeTruthy();
  });

  it('shows the spec texts when empty and on error', () => {
    show({ items: [], isError: false });
    expect(screen.getByText('No recent activity')).toBeTruthy();
    cleanup();
    show({ items: undefined, isError: true });
    expect(screen.getByText('Failed to load activity')).toBeTruthy();
  });
});
