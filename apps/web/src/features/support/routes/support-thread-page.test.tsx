// @vitest-environment jsdom
import type { SupportConversationDetail, SupportMessage } from '@app/contracts/support';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { SupportThreadPage } from './support-thread-page';

beforeAll(() => {
  startFakeTelegram();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '00000000-0000-4000-8000-0000000000d1';
const CONVERSATION: SupportConversationDetail = {
  id: ID,
  botId: '00000000-0000-4000-8000-0000000000b1',
  customerId: '00000000-0000-4000-8000-0000000000c1',
  customerName: 'Ann',
  customerUsername: null,
  orderId: null,
  status: 'open',
  assignedTo: null,
  assignedName: null,
  unread: 0,
  waiting: true,
  lastMessageAt: '2026-11-27T12:00:00.000Z',
  lastMessageText: '📷',
  firstResponseAt: null,
  closedAt: null,
  rating: null,
  createdAt: '2026-11-27T12:00:00.000Z',
  customer: null,
};
const message = (id: string, text: string, media: SupportMessage['media']): SupportMessage => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  direction: 'in',
  text,
  media,
  author: null,
  delivery: 'received',
  error: null,
  createdAt: '2026-11-27T12:00:00.000Z',
});

function serve(messages: SupportMessage[]) {
  return stubFetch(({ path }) => {
    const p = path.split('?')[0] ?? '';
    if (p.endsWith(`/support/conversations/${ID}`)) return json(CONVERSATION);
    if (p.endsWith(`/support/conversations/${ID}/messages`)) return json({ messages });
    return json({ replies: [] });
  });
}

const open = () =>
  renderApp(<SupportThreadPage />, { path: '/support/:conversationId', url: `/support/${ID}` });

describe('the customer’s files in the thread', () => {
  it('shows a customer’s stored photo in the thread, with its caption', async () => {
    serve([
      message('1', 'The box arrived broken', {
        kind: 'photo',
        name: null,
        url: '/media/abc_m.webp',
        size: 52_000,
      }),
    ]);
    open();
    const photo = await screen.findByRole('img', { name: "The customer's photo" });
    expect(photo.getAttribute('src')).toBe('/media/abc_m.webp');
    expect(screen.getByText('The box arrived broken')).toBeTruthy();
  });

  it('shows a customer’s document by its name and size', async () => {
    serve([message('2', '', { kind: 'document', name: 'receipt.pdf', url: null, size: 2_400_000 })]);
    open();
    expect(await screen.findByText(/receipt\.pdf/)).toBeTruthy();
    expect(screen.getByText(/2\.3\sMB/)).toBeTruthy();
  });
});
