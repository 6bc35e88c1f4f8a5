// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type RecordedCall, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { ProductNewPage } from './product-new-page';

/** XMLHttpRequest as uploads use it (for their progress): the test answers each one. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  url = '';
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const CLOTHING = '11111111-1111-4111-8111-111111111111';
const TEES = '22222222-2222-4222-8222-222222222222';
const SHOES = '33333333-3333-4333-8333-333333333333';
const BOT = '44444444-4444-4444-8444-444444444444';

const category = (id: string, name: string, subs: { id: string; name: string }[]) => ({
  id,
  name,
  icon: null,
  status: 'active',
  sortOrder: 0,
  productCount: 0,
  subcategories: subs.map((s) => ({ ...s, categoryId: id, productCount: 0 })),
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

let telegram: ReturnType<typeof startFakeTelegram>;
let calls: RecordedCall[];
let alerts: string[];

beforeAll(() => {
  telegram = startFakeTelegram();
  // jsdom lays nothing out, so it has no scrollIntoView; the tab strip scrolls the chosen tab into view.
  Element.prototype.scrollIntoView = () => undefined;
});

beforeEach(() => {
  alerts = [];
  calls = stubFetch(({ method, path, body }) => {
    if (path.endsWith('/categories')) {
      return json({
        categories: [
          category(CLOTHING, 'Clothing', [{ id: TEES, name: 'T-Shirts' }]),
          category(SHOES, 'Shoes', []),
        ],
        stats: { totalCategories: 2, totalSubcategories: 1, totalProducts: 0, activeCategories: 2 },
      });
    }
    if (path.endsWith('/bots')) {
      return json({ bots: [{ id: BOT, name: 'Shop', username: 'shop_bot' }], summary: {} });
    }
    if (path.endsWith('/profile')) return json({ timezone: 'Asia/Tokyo' });
    if (method === 'POST' && path.endsWith('/products')) {
      return json({ id: 'new', ...(body as object) }, 201);
    }
    return json({ error: { code: 'NOT_FOUND', message: 'no' } }, 404);
  });
  // The fake client answers popups by pressing a button; the success alert is one of them.
  telegram.answerPopupWith(undefined);
  telegram.events.length = 0;
  vi.spyOn(window, 'alert').mockImplementation((message) => alerts.push(String(message)));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const popups = () =>
  telegram.events.filter((e) => e.name === 'web_app_open_popup').map((e) => e.params.message as string);

const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('Add New Product', () => {
  it('starts a physical product at §9’s defaults: at most 5 per order, returns within 30 days', async () => {
    renderApp(<ProductNewPage />, { path: '/product-new' });
    await userEvent.type(await screen.findByLabelText('Product Name'), 'Mug');
    await screen.findByRole('option', { name: 'Clothing' });
    await userEvent.selectOptions(screen.getByLabelText('Category'), CLOTHING);
    await userEvent.click(screen.getByRole('tab', { name: 'Pricing' }));
    await userEvent.type(screen.getByLabelText('Price (USD)'), '9');
    await userEvent.click(screen.getByRole('tab', { name: 'Inventory' }));
    expect(fieldValue('Max per order')).toBe('5');

    // The return policy is set on the product's edit page; a new product is sent with its default.
    act(() => telegram.press('main'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as { physical?: object };
    expect(body.physical).toMatchObject({ maxPerOrder: 5, returnPolicy: '30 days' });
  });

  it('starts a digital product at §9’s defaults: 1000 downloads, a link that expires after 30 days', async () => {
    renderApp(<ProductNewPage />, { path: '/product-new' });
    await userEvent.click(await screen.findByRole('button', { name: /Digital/ }));
    await userEvent.click(screen.getByRole('tab', { name: 'Details' }));
    expect(fieldValue('Max Downloads')).toBe('1000');
    expect(fieldValue('Download expiry (days)')).toBe('30');
  });

  /** A downloadable product named, priced and categorised, its Details tab open. */
  async function newDownload() {
    renderApp(<ProductNewPage />, { path: '/product-new' });
    await userEvent.click(await screen.findByRole('button', { name: /Digital/ }));
    await userEvent.type(screen.getByLabelText('Product Name'), 'Baking guide');
    await screen.findByRole('option', { name: 'Clothing' });
    await userEvent.selectOptions(screen.getByLabelText('Category'), CLOTHING);
    await userEvent.click(screen.getByRole('tab', { name: 'Pricing' }));
    await userEvent.type(screen.getByLabelText(/^Price/), '5');
    await userEvent.click(screen.getByRole('tab', { name: 'Details' }));
    await userEvent.type(screen.getByLabelText('Download URL'), 'https://files.example.test/guide.pdf');
  }

  async function saved() {
    act(() => telegram.press('main'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    return calls.find((c) => c.method === 'POST')?.body as { digital?: object };
  }

  it('sends a download’s size typed in MB as bytes, the size its delivery message gives', async () => {
    await newDownload();
    await userEvent.type(screen.getByLabelText('File Name'), 'Baking guide.pdf');
    await userEvent.type(screen.getByLabelText('File Size'), '2.5');
    expect(fieldValue('Size unit')).toBe('mb');
    expect((await saved()).digital).toMatchObject({ fileName: 'Baking guide.pdf', fileSize: 2_621_440 });
  });

  it('sends a download’s size typed in KB as bytes (1 KB = 1024 bytes)', async () => {
    await newDownload();
    await userEvent.type(screen.getByLabelText('File Size'), '512');
    await userEvent.selectOptions(screen.getByLabelText('Size unit'), 'kb');
    expect((await saved()).digital).toMatchObject({ fileSize: 524_288 });
  });

  it('starts a service at §9’s defaults: 60 minutes, cancellation with 24 hours notice', async () => {
    renderApp(<ProductNewPage />, { path: '/product-new' });
    await userEvent.click(await screen.findByRole('button', { name: /Service/ }));
    await userEvent.click(screen.getByRole('tab', { name: 'Details' }));
    expect(fieldValue('Duration')).toBe('60');
    expect(fieldValue('Duration unit')).toBe('minutes');
    expect(fieldValue('Cancellation Policy')).toBe('24 hours notice');
  });

  it('reads a new service’s hours in the vendor’s profile timezone, and sends the one chosen', async () => {
    renderApp(<ProductNewPage />, { path: '/product-new' });
    await userEvent.type(await screen.findByLabelText('Product Name'), 'Haircut');
    await screen.findByRole('option', { name: 'Clothing' });
    await userEvent.selectOptions(screen.getByLabelText('Category'), CLOTHING);
    await userEvent.click(screen.getByRole('button', { name: /Service/ }));
    await userEvent.click(screen.getByRole('tab', { name: 'Details' }));
    await waitFor(() => expect(fieldValue('Timezone')).toBe('Asia/Tokyo'));
    await userEvent.selectOptions(screen.getByLabelText('Timezone'), 'Europe/London');
    await userEvent.click(screen.getByRole('tab', { name: 'Pricing' }));
    await userEvent.type(screen.getByLabelText('Price (USD)'), '30');

    act(() => telegram.press('main'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as { service?: { availability?: object } };
    expect(body.service?.availability).toMatchObject({ timezone: 'Europe/London' });
  });

  it('Save with name, price or category missing says the spec sentence and sends nothing', async () => {
    renderApp(<ProductNewPage />, { path: '/product-new' });
    await screen.findByLabelText('Product Name');
    act(() => telegram.press('main'));
    await waitFor(() =>
      expect(popups()).toContain('Please fill in required fields: Name, Price, and Category.'),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('a category change clears the subcategory', async () => {
    renderApp(<ProductNewPage />, { path: '/product-new' });
    await screen.findByRole('option', { name: 'Clothing' });
    await userEvent.selectOptions(screen.getByLabelText('Category'), CLOTHING);
    await userEvent.selectOptions(await screen.findByLabelText('Subcategory'), TEES);
    expect((screen.getByLabelText('Subcategory') as HTMLSelectElement).value).toBe(TEES);
    await userEvent.selectOptions(screen.getByLabelText('Category'), SHOES);
    await userEvent.selectOptions(screen.getByLabelText('Category'), CLOTHING);
    expect((screen.getByLabelText('Subcategory') as HTMLSelectElement).value).toBe('');
  });

  it('asks Save & Continue / Save & Exit / Cancel, then sends the contract body without empty fields', async () => {
    renderApp(<ProductNewPage />, { path: '/product-new' });
    await userEvent.type(await screen.findByLabelText('Product Name'), 'Blue Tee');
    await screen.findByRole('option', { name: 'Clothing' });
    await userEvent.selectOptions(screen.getByLabelText('Category'), CLOTHING);
    // Spec §4: choosing a bot replaces 'all'.
    await userEvent.click(screen.getByRole('button', { name: '@shop_bot' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Pricing' }));
    await userEvent.type(screen.getByLabelText('Price (USD)'), '19.99');
    await userEvent.click(screen.getByRole('tab', { name: 'Inventory' }));
    // The field starts at the spec's default (100): the vendor replaces it.
    await userEvent.clear(screen.getByLabelText('Stock Quantity'));
    await userEvent.type(screen.getByLabelText('Stock Quantity'), '12');

    act(() => telegram.press('main'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const question = telegram.events.find((e) => e.name === 'web_app_open_popup')?.params ?? {};
    expect(question.message).toBe('Save this product?');
    const buttons = question.buttons as { text?: string; type: string }[];
    expect(buttons.map((b) => b.text ?? b.type)).toEqual(['Save & Continue', 'Save & Exit', 'cancel']);
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Blue Tee',
      price: 1999,
      stock: 12,
      categoryId: CLOTHING,
      productType: 'physical',
      botIds: [BOT],
      status: 'active',
      isFeatured: false,
      currency: 'USD',
      // Spec part 2 §9's edit defaults: low stock alert 10, tax 10 %.
      minStock: 10,
      taxRate: 10,
    });
    expect(body).not.toHaveProperty('sku');
    expect(body).not.toHaveProperty('digital');
    expect(body).not.toHaveProperty('service');
    await waitFor(() => expect(popups()).toContain('Product saved successfully!'));
    // Save & Continue: the core fields are cleared for the next product.
    await waitFor(() => expect((screen.getByLabelText('Product Name') as HTMLInputElement).value).toBe(''));
  });

  it('sends stock, price and SKU per size × colour combination when the product has two variation types', async () => {
    renderApp(<ProductNewPage />, { path: '/product-new' });
    await userEvent.type(await screen.findByLabelText('Product Name'), 'Tee');
    await screen.findByRole('option', { name: 'Clothing' });
    await userEvent.selectOptions(screen.getByLabelText('Category'), CLOTHING);
    await userEvent.click(screen.getByRole('tab', { name: 'Pricing' }));
    await userEvent.type(screen.getByLabelText('Price (USD)'), '20');
    await userEvent.click(screen.getByRole('tab', { name: 'Details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Variation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Variation' }));
    const types = screen.getAllByLabelText('Variation type');
    await userEvent.selectOptions(types[1] as HTMLElement, 'color');
    const values = () => screen.getAllByLabelText('Value');
    await userEvent.type(values()[0] as HTMLElement, 'S');
    await userEvent.type(values()[1] as HTMLElement, 'Red');
    await userEvent.click(screen.getByRole('button', { name: 'Set per combination' }));
    const stock = screen.getByLabelText('Stock of S / Red');
    await userEvent.clear(stock);
    await userEvent.type(stock, '4');

    act(() => telegram.press('main'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as { physical?: { combinations?: unknown[] } };
    expect(body.physical?.combinations).toEqual([{ values: ['S', 'Red'], stock: 4, priceAdjustment: 0 }]);
  });
});

describe("Add New Product's media tab", () => {
  const VIDEO_ID = '55555555-5555-4555-8555-555555555555';

  it('uploads a video next to the video addresses, previews it, and sends it with the gallery’s auto-play', async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderApp(<ProductNewPage />, { path: '/product-new' });
    await userEvent.type(await screen.findByLabelText('Product Name'), 'Tee with a clip');
    await screen.findByRole('option', { name: 'Clothing' });
    await userEvent.selectOptions(screen.getByLabelText('Category'), CLOTHING);
    await userEvent.click(screen.getByRole('tab', { name: 'Pricing' }));
    await userEvent.type(screen.getByLabelText('Price (USD)'), '19.99');
    await userEvent.click(screen.getByRole('tab', { name: 'Media' }));

    expect(
      screen.getByText('Images (JPEG, PNG, GIF, WEBP) up to 5 MB, videos (MP4, WEBM, OGG) up to 50 MB.'),
    ).toBeTruthy();
    const input = screen.getByTestId('media-file-input') as HTMLInputElement;
    expect(input.accept).toContain('video/mp4');
    await userEvent.upload(input, new File([new Uint8Array(64)], 'clip.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const [xhr] = FakeXhr.sent as [FakeXhr];
    expect(xhr.url).toMatch(/\/upload\/media$/);
    expect(xhr.body?.get('video')).toBeInstanceOf(File);
    act(() =>
      xhr.respond(201, {
        id: VIDEO_ID,
        type: 'video',
        url: `/media/${VIDEO_ID}.mp4`,
        thumbnail: null,
        thumbnailUrl: null,
        mediumUrl: null,
        name: 'clip.mp4',
        size: 64,
        mimeType: 'video/mp4',
        width: null,
        height: null,
        duration: null,
        createdAt: '2026-11-27T10:00:00.000Z',
      }),
    );
    // Its tile previews the video itself.
    const preview = await screen.findByLabelText('clip.mp4', { selector: 'video' });
    expect(preview.getAttribute('src')).toBe(`/media/${VIDEO_ID}.mp4`);

    await userEvent.click(screen.getByRole('switch', { name: 'Auto-play gallery' }));
    act(() => telegram.press('main'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/products'))).toBe(true),
    );
    const body = calls.find((c) => c.method === 'POST' && c.path.endsWith('/products'))?.body;
    expect(body).toMatchObject({ imageIds: [VIDEO_ID], mainImageId: VIDEO_ID, galleryAutoPlay: true });
  });

  it('refuses a video over 50 MB before sending it, with the spec message', async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderApp(<ProductNewPage />, { path: '/product-new' });
    await screen.findByLabelText('Product Name');
    await userEvent.click(screen.getByRole('tab', { name: 'Media' }));
    const big = new File([new Uint8Array(8)], 'long.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 + 1 });
    await userEvent.upload(screen.getByTestId('media-file-input') as HTMLInputElement, big);
    await waitFor(() =>
      expect(popups()).toContain(
        'Some files are invalid. Images (JPEG, PNG, GIF, WEBP) max 5MB, Videos (MP4, WEBM) max 50MB',
      ),
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
