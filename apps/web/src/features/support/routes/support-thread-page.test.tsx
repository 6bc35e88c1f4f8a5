// @vitest-environment jsdom
import type { SupportConversationDetail, SupportMessage } from '@app/contracts/support';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { SupportThreadPage } from './support-thread-page';

let telegram: ReturnType<typeof startFakeTelegram>;
beforeAll(() => {
  telegram = startFakeTelegram();
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
    if (p.endsWith('/file/link')) {
      return json({
        url: '/api/v1/downloads/support-files/m2?token=signed',
        expiresAt: '2026-11-27T12:05:00Z',
      });
    }
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

  it('downloads a customer’s document through Telegram from its signed link', async () => {
    const doc = message('2', '', { kind: 'document', name: 'receipt.pdf', url: null, size: 2_400_000 });
    const calls = serve([doc]);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Download' }));
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith(`/messages/${doc.id}/file/link`))).toBe(
      true,
    );
    await vi.waitFor(() =>
      expect(telegram.last('web_app_request_file_download')).toEqual({
        url: `${window.location.origin}/api/v1/downloads/support-files/m2?token=signed`,
        file_name: 'receipt.pdf',
      }),
    );
  });
});
