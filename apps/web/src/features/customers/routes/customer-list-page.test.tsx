// @vitest-environment jsdom
import type { CustomerListResponse } from '@app/contracts/customers';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { CustomerListPage } from './customer-list-page';

beforeAll(() => {
  startFakeTelegram();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EMPTY: CustomerListResponse = {
  customers: [],
  total: 0,
  totalIsEstimate: false,
  page: 1,
  limit: 50,
  hasMore: false,
};

function serve(list: Partial<CustomerListResponse> = {}) {
  return stubFetch(({ path }) =>
    path.split('?')[0]?.endsWith('/customers')
      ? json({ ...EMPTY, ...list })
      : json({ bots: [], summary: {} }),
  );
}

const limitsAsked = (calls: { path: string }[]) =>
  calls
    .filter((c) => c.path.split('?')[0]?.endsWith('/customers'))
    .map((c) => new URL(c.path, 'http://app.test').searchParams.get('limit'));

describe('Customers list (spec part 1 §2, §9)', () => {
  it('asks for pages of 50', async () => {
    const calls = serve();
    renderApp(<CustomerListPage />, { path: '/customers' });
    expect(await screen.findByText('No customers found')).toBeTruthy();
    expect(limitsAsked(calls)).toEqual(['50']);
  });

  it('asks for up to 1000 customers in a segment view', async () => {
    const calls = serve();
    renderApp(<CustomerListPage />, { path: '/customers', url: '/customers?segment=VIP' });
    expect(await screen.findByText('No customers found')).toBeTruthy();
    expect(limitsAsked(calls)).toEqual(['1000']);
  });

  it('says "about" when the total is an estimate', async () => {
    serve({ total: 200_000, totalIsEstimate: true });
    renderApp(<CustomerListPage />, { path: '/customers' });
    expect(await screen.findByText('about 200,000 customers')).toBeTruthy();
  });

  it('gives an exact total as it is', async () => {
    serve({ total: 7 });
    renderApp(<CustomerListPage />, { path: '/customers' });
    expect(await screen.findByText('7 customers')).toBeTruthy();
  });
});
