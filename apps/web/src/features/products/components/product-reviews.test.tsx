// @vitest-environment jsdom
import type { ProductReviewsResponse } from '@app/contracts/reviews';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { ProductReviews } from './product-reviews';

let telegram: ReturnType<typeof startFakeTelegram>;
beforeAll(() => {
  telegram = startFakeTelegram();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PRODUCT_ID = '3f0c2a8e-1d4b-4c6a-9b7e-2a1d3c4b5e6f';
const REVIEW_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const REVIEWS: ProductReviewsResponse = {
  rating: 4,
  reviewCount: 1,
  reviews: [
    {
      id: REVIEW_ID,
      productId: PRODUCT_ID,
      orderId: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
      customerName: 'Ann',
      rating: 4,
      text: 'Lovely cup',
      hidden: false,
      createdAt: '2026-11-27T10:00:00.000Z',
    },
  ],
};

describe("a product's reviews", () => {
  it('shows the rating and each review, and hides one after the Telegram confirmation', async () => {
    telegram.answerPopupWith('confirm');
    const calls = stubFetch(({ method }) =>
      method === 'PATCH' ? json({ ...REVIEWS.reviews[0], hidden: true }) : json(REVIEWS),
    );
    renderApp(<ProductReviews productId={PRODUCT_ID} />);

    expect((await screen.findByTestId('product-rating')).textContent).toBe('★ 4 · 1 review');
    expect(screen.getByText('Lovely cup')).toBeTruthy();
    expect(screen.getByRole('img', { name: '4 out of 5' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.path).toContain(`/products/${PRODUCT_ID}/reviews/${REVIEW_ID}`);
    expect(patch?.body).toEqual({ hidden: true });
    telegram.answerPopupWith(undefined);
  });

  it('says so when the product has no review yet', async () => {
    stubFetch(() => json({ rating: null, reviewCount: 0, reviews: [] }));
    renderApp(<ProductReviews productId={PRODUCT_ID} />);
    expect((await screen.findByTestId('product-rating')).textContent).toBe('No reviews yet');
  });
});
