// @vitest-environment jsdom
import type { CampaignTargets } from '@app/contracts/campaigns';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type RecordedCall, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { CampaignComposePage } from './campaign-compose-page';

const uploads = vi.hoisted(() => ({ files: [] as File[] }));
vi.mock('../api/upload-campaign-photo', () => ({
  uploadCampaignPhoto: async (file: File, onProgress?: (p: number) => void) => {
    uploads.files.push(file);
    onProgress?.(100);
    return {
      id: '0191e1a2-0000-7000-8000-0000000000f1',
      type: 'image',
      url: '/media/abc123.jpg',
      mediumUrl: '/media/abc123-m.jpg',
      thumbnailUrl: '/media/abc123-t.jpg',
    };
  },
}));

const BOT_ID = '0191e1a2-0000-7000-8000-0000000000b1';
const SOURDOUGH = '0191e1a2-0000-7000-8000-0000000000a1';
const RYE = '0191e1a2-0000-7000-8000-0000000000a2';
const BAKERY = '0191e1a2-0000-7000-8000-0000000000c1';

let telegram: ReturnType<typeof startFakeTelegram>;
let calls: RecordedCall[];

beforeAll(() => {
  telegram = startFakeTelegram();
});
beforeEach(() => {
  calls = stubFetch(({ method, path }) => {
    if (path.endsWith('/bots')) {
      return json({ bots: [{ id: BOT_ID, name: 'Corner Shop', username: 'corner_bot' }] });
    }
    if (path.includes('/campaigns/targets')) {
      const search = new URL(path, 'http://x').searchParams.get('search') ?? '';
      const products = [
        { id: SOURDOUGH, name: 'Sourdough' },
        { id: RYE, name: 'Rye loaf' },
      ].filter((p) => p.name.toLowerCase().includes(search.toLowerCase()));
      return json({
        products,
        categories: [{ id: BAKERY, name: 'Bakery', icon: '🥖' }],
      } satisfies CampaignTargets);
    }
    if (method === 'POST' && path.endsWith('/campaigns')) return json({}, 201);
    return json({});
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = () => renderApp(<CampaignComposePage />, { path: '/campaigns/new' });
const posts = () => calls.filter((c) => c.method === 'POST' && c.path.endsWith('/campaigns'));

async function addButton(kind: 'product' | 'category') {
  await userEvent.click(screen.getByRole('button', { name: 'Add Button' }));
  await userEvent.selectOptions(screen.getByLabelText('Buttons (up to 3)'), kind);
}

describe('a campaign button that opens a product or a category', () => {
  it('picks a product of the bot by name (found by a search) and sends its id, labelled with its name', async () => {
    open();
    await userEvent.type(await screen.findByTestId('campaign-text'), 'Fresh bread today');
    await addButton('product');
    await userEvent.type(screen.getByLabelText('Search products'), 'rye');
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Product'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose…', 'Rye loaf']),
    );
    await userEvent.selectOptions(screen.getByLabelText('Product'), RYE);
    expect((screen.getByLabelText('Button label') as HTMLInputElement).value).toBe('Rye loaf');
    act(() => telegram.press('main'));

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({
      botId: BOT_ID,
      buttons: [{ kind: 'product', text: 'Rye loaf', productId: RYE }],
    });
  });

  it('picks a category of the shop and sends its id', async () => {
    open();
    await userEvent.type(await screen.findByTestId('campaign-text'), 'Fresh bread today');
    await addButton('category');
    await userEvent.selectOptions(await screen.findByLabelText('Category'), BAKERY);
    act(() => telegram.press('main'));

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({
      buttons: [{ kind: 'category', text: '🥖 Bakery', categoryId: BAKERY }],
    });
  });

  it('asks to choose what the button opens before sending, and sends nothing', async () => {
    open();
    await userEvent.type(await screen.findByTestId('campaign-text'), 'Fresh bread today');
    await addButton('product');
    await userEvent.type(screen.getByLabelText('Button label'), 'Buy');
    act(() => telegram.press('main'));

    expect(await screen.findByText('Choose what the button opens')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });
});

describe("a campaign's photo", () => {
  it('uploads the photo through the media module and sends it, the text becoming its caption (up to 1,024)', async () => {
    open();
    await userEvent.type(await screen.findByTestId('campaign-text'), 'Fresh bread today');
    expect(screen.getByText('17 / 4,096')).toBeTruthy();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'bread.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByTestId('campaign-photo-file'), photo);

    const url = `${window.location.origin}/media/abc123-m.jpg`;
    await waitFor(() =>
      expect((screen.getByLabelText('Photo URL (optional)') as HTMLInputElement).value).toBe(url),
    );
    expect(uploads.files.map((f) => f.name)).toEqual(['bread.jpg']);
    expect(screen.getByText('17 / 1,024')).toBeTruthy();
    expect(screen.getByTestId('campaign-preview').querySelector('img')?.getAttribute('src')).toBe(url);
    act(() => telegram.press('main'));

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({ text: 'Fresh bread today', photoUrl: url });
  });

  it('refuses a text over 1,024 characters with a photo before sending anything', async () => {
    open();
    const text = await screen.findByTestId('campaign-text');
    await userEvent.click(text);
    await userEvent.paste('a'.repeat(1025));
    await userEvent.type(screen.getByLabelText('Photo URL (optional)'), 'https://example.com/bread.jpg');
    act(() => telegram.press('main'));

    expect(
      await screen.findByText('The message is longer than Telegram allows (1,024 characters)'),
    ).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });
});
