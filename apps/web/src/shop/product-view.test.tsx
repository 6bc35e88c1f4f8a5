// @vitest-environment jsdom
import type { ShopProduct } from '@app/contracts/shop-catalogue';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/fake-server';
import { startFakeTelegram } from '../test/fake-telegram';
import { renderApp } from '../test/render-app';
import ProductView from './product-view';

let telegram: ReturnType<typeof startFakeTelegram>;
beforeAll(() => {
  telegram = startFakeTelegram();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BOT_ID = '5b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const SAND_S = 'a1111111-1111-4111-8111-111111111111';
const NAVY_M = 'b2222222-2222-4222-8222-222222222222';

const KNIFE: ShopProduct = {
  id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Bread knife',
  price: 2000,
  currency: 'USD',
  taxRate: 10,
  taxInclusive: true,
  description: 'Forged steel, walnut handle.',
  shortDescription: 'A serrated knife for crusty loaves.',
  media: [{ type: 'image', url: 'https://shop.test/media/knife.webp', thumbnailUrl: null }],
  autoPlay: false,
  rating: 4.5,
  reviewCount: 2,
  warranty: '1 year',
  returnPolicy: '14 days, unused',
  comparePrice: null,
  brand: null,
  countryOfOrigin: null,
  features: [],
  stockStatus: 'in_stock',
  max: 2,
  types: [],
  options: [],
};

/** Size × colour: S in Sand, M in Navy at $5.00 more (S in Navy is sold out, so not offered). */
const SHIRT: ShopProduct = {
  ...KNIFE,
  id: '8b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  name: 'Linen shirt',
  taxRate: null,
  warranty: null,
  returnPolicy: null,
  max: 0,
  types: ['size', 'color'],
  options: [
    { id: SAND_S, values: ['S', 'Sand'], priceAdjustment: 0, max: 3 },
    { id: NAVY_M, values: ['M', 'Navy'], priceAdjustment: 500, max: 1 },
  ],
};

function open(product: ShopProduct, onClose = () => {}) {
  // The cart answers with what it holds of the product now: here, what was just added.
  const calls = stubFetch(({ method, body }) => {
    const { quantity } = (body ?? {}) as { quantity?: number };
    return method === 'POST' ? json({ quantity, cartCount: quantity }) : json(product);
  });
  const onAdded = vi.fn();
  renderApp(
    <ProductView
      botId={BOT_ID}
      initData="signed"
      productId={product.id}
      onClose={onClose}
      onAdded={onAdded}
    />,
  );
  return { calls, onAdded };
}

const mainButton = () => telegram.last('web_app_setup_main_button') as { text?: string; is_active?: boolean };

describe("the shop's product view", () => {
  it('shows the name, the price with its tax, the rating, stock, aftercare and description', async () => {
    open(KNIFE);
    expect(await screen.findByRole('heading', { name: 'Bread knife' })).toBeTruthy();
    expect(screen.getByTestId('shop-product-price').textContent).toBe('$20.00');
    expect(screen.getByText('Includes 10% tax')).toBeTruthy();
    expect(screen.getByText('★ 4.5 · 2 reviews')).toBeTruthy();
    expect(screen.getByText('In stock')).toBeTruthy();
    expect(screen.getByText('🛡 Warranty: 1 year')).toBeTruthy();
    expect(screen.getByText('↩️ Returns: 14 days, unused')).toBeTruthy();
    expect(screen.getByText('Forged steel, walnut handle.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Bread knife' }).getAttribute('src')).toBe(
      'https://shop.test/media/knife.webp',
    );
  });

  it('shows the compare-at price struck through after the price, the brand, the country of origin and the features', async () => {
    open({
      ...KNIFE,
      comparePrice: 2500,
      brand: 'Victorinox',
      countryOfOrigin: 'Switzerland',
      features: ['Dishwasher safe', 'Lifetime sharpening'],
    });
    await screen.findByRole('heading', { name: 'Bread knife' });
    expect(screen.getByTestId('shop-product-was').textContent).toBe('Was $25.00');
    expect(screen.getByText('Brand: Victorinox')).toBeTruthy();
    expect(screen.getByText('🌍 Made in Switzerland')).toBeTruthy();
    const features = screen.getByRole('heading', { name: 'Features' }).nextElementSibling;
    expect(
      within(features as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dishwasher safe', 'Lifetime sharpening']);
  });

  it('adds the quantity chosen with the main button, never more than one order takes', async () => {
    const { calls, onAdded } = open(KNIFE);
    await screen.findByRole('heading', { name: 'Bread knife' });
    await userEvent.click(screen.getByRole('button', { name: 'One more' }));
    expect(screen.getByTestId('shop-quantity').textContent).toBe('2');
    expect((screen.getByRole('button', { name: 'One more' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Up to 2 per order')).toBeTruthy();
    await vi.waitFor(() => expect(mainButton().text).toBe('Add to cart · $40.00'));

    telegram.press('main');
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalledWith(KNIFE.id, 2));
    expect(screen.getByText('2 in cart')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ productId: KNIFE.id, quantity: 2 });
  });

  it('offers each size, then only the colours in stock with it; the price follows the combination', async () => {
    const { calls } = open(SHIRT);
    await screen.findByRole('heading', { name: 'Linen shirt' });
    await vi.waitFor(() => expect(mainButton()).toMatchObject({ text: 'Choose options', is_active: false }));
    const sizes = screen.getByRole('group', { name: 'Size' });
    const colours = screen.getByRole('group', { name: 'Colour' });
    expect(
      within(sizes)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['S', 'M']);

    await userEvent.click(within(sizes).getByRole('button', { name: 'S' }));
    expect(
      within(colours)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Sand']);
    await userEvent.click(within(sizes).getByRole('button', { name: 'M' }));
    expect(
      within(colours)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Navy']);
    await userEvent.click(within(colours).getByRole('button', { name: 'Navy' }));
    expect(screen.getByTestId('shop-product-price').textContent).toBe('$25.00');
    await vi.waitFor(() =>
      expect(mainButton()).toMatchObject({ text: 'Add to cart · $25.00', is_active: true }),
    );

    telegram.press('main');
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      productId: SHIRT.id,
      quantity: 1,
      variationId: NAVY_M,
    });
  });

  it('says a product with every option sold out is out of stock, and offers nothing to add', async () => {
    open({ ...SHIRT, options: [], stockStatus: 'out_of_stock' });
    await screen.findByRole('heading', { name: 'Linen shirt' });
    expect(screen.queryByRole('group', { name: 'Size' })).toBeNull();
    await vi.waitFor(() => expect(mainButton()).toMatchObject({ text: 'Out of stock', is_active: false }));
  });

  it("plays videos muted and inline, looping, when the product's auto-play is on; with controls when it is off", async () => {
    const video = { type: 'video' as const, url: 'https://shop.test/media/clip.mp4', thumbnailUrl: null };
    open({ ...KNIFE, media: [video], autoPlay: true });
    const playing = (await screen.findByTestId('shop-product-video')) as HTMLVideoElement;
    expect([playing.autoplay, playing.muted, playing.loop, playing.controls]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(playing.hasAttribute('playsinline')).toBe(true);
    cleanup();

    open({ ...KNIFE, media: [video], autoPlay: false });
    const still = (await screen.findByTestId('shop-product-video')) as HTMLVideoElement;
    expect([still.autoplay, still.muted, still.controls]).toEqual([false, false, true]);
  });

  it("returns to the list on Telegram's back button", async () => {
    const onClose = vi.fn();
    open(KNIFE, onClose);
    await screen.findByRole('heading', { name: 'Bread knife' });
    telegram.press('back');
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the product is no longer sold here', async () => {
    stubFetch(() => json({ error: { code: 'PRODUCT_NOT_FOUND', message: 'Product not found.' } }, 404));
    renderApp(
      <ProductView
        botId={BOT_ID}
        initData="signed"
        productId={KNIFE.id}
        onClose={() => {}}
        onAdded={() => {}}
      />,
    );
    expect(await screen.findByText('This product is no longer sold here')).toBeTruthy();
  });
});
