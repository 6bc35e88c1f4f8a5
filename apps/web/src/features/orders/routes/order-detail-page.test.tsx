// @vitest-environment jsdom
import type { OrderDetail } from '@app/contracts/orders';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { OrderDetailPage } from './order-detail-page';

const ORDER_ID = '0191e1a2-0000-7000-8000-0000000000a1';
let telegram: ReturnType<typeof startFakeTelegram>;

beforeAll(() => {
  telegram = startFakeTelegram();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  telegram.answerPopupWith(undefined);
});

function order(patch: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: ORDER_ID,
    number: 10423,
    orderId: '#10423',
    status: 'completed',
    productType: 'digital',
    paymentStatus: 'paid',
    amount: 1000,
    currency: 'USD',
    amountFormatted: '$10',
    customer: {
      id: '0191e1a2-0000-7000-8000-0000000000c1',
      name: 'Ann Lee',
      username: null,
      telegramId: 555,
    },
    bot: { id: '0191e1a2-0000-7000-8000-0000000000b1', username: 'corner_bot', name: 'Corner' },
    items: 1,
    note: null,
    allowedStatuses: [],
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:05:00.000Z',
    products: [],
    taxTotal: 0,
    shipping: null,
    packing: null,
    digitalInfo: null,
    serviceInfo: null,
    payment: { status: 'paid', amount: 1000, currency: 'USD', amountFormatted: '$10', method: 'stars' },
    timeline: [],
    notes: [],
    pendingDelivery: null,
    ...patch,
  };
}

/** The server: the order as given, and as `refunded` once the refund was asked for. */
function serve(detail: OrderDetail, refunded: OrderDetail) {
  let current = detail;
  return stubFetch(({ method, path }) => {
    if (method === 'POST' && path.endsWith(`/orders/${ORDER_ID}/refund`)) current = refunded;
    return json(current);
  });
}

describe('refunding an order', () => {
  it('refunds a paid order after Telegram’s confirm popup, and shows it refunded', async () => {
    const refunded = order({ status: 'cancelled', paymentStatus: 'refunded' });
    const calls = serve(order(), refunded);
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));

    const popup = telegram.last('web_app_open_popup');
    expect(String(popup?.message)).toContain('Refund $10.00 for order #10423?');
    await screen.findByText('Refunded');
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith(`/orders/${ORDER_ID}/refund`))).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('refunds nothing when the popup is cancelled', async () => {
    const calls = serve(order(), order());
    telegram.answerPopupWith('cancel');
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));

    await vi.waitFor(() => expect(telegram.last('web_app_open_popup')).toBeDefined());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers no refund for an order that is not paid', async () => {
    serve(
      order({ status: 'pending', paymentStatus: 'pending', allowedStatuses: ['processing', 'cancelled'] }),
      order(),
    );
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    await screen.findByRole('button', { name: 'Cancel Order' });
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});

describe('a cash-on-delivery order', () => {
  it('shows where to deliver, how it ships, the fee, and what to collect on delivery', async () => {
    const cod = order({
      status: 'pending',
      productType: 'physical',
      paymentStatus: 'pending',
      amount: 1450,
      allowedStatuses: ['processing', 'cancelled'],
      shipping: {
        method: 'Standard',
        carrier: null,
        trackingNumber: null,
        deliveryDate: null,
        address: '12 Baker Street, London, NW1 6XE, UK',
        fee: 450,
        trackingUrl: null,
        trackingRequired: false,
      },
      payment: {
        status: 'pending',
        amount: 1450,
        currency: 'USD',
        amountFormatted: '$14.50',
        method: 'cash_on_delivery',
      },
    });
    serve(cod, cod);
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    expect((await screen.findByTestId('order-shipping-address')).textContent).toContain(
      '12 Baker Street, London, NW1 6XE, UK',
    );
    expect(screen.getByText('Standard')).toBeTruthy();
    expect(screen.getByText('Shipping fee').nextSibling?.textContent).toContain('$4.50');
    expect(screen.getByText('Payment method').nextSibling?.textContent).toContain('Cash on Delivery');
    expect(screen.getByTestId('order-collect-on-delivery')?.textContent).toContain('$14.50');
  });

  it('names the payment method of a paid order without asking to collect anything', async () => {
    const paidOrder = order();
    serve(paidOrder, paidOrder);
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    expect((await screen.findByText('Payment method')).nextSibling?.textContent).toContain('Telegram Stars');
    expect(screen.queryByTestId('order-collect-on-delivery')).toBeNull();
  });
});

describe('shipping with the bot’s tracking flag', () => {
  const shippingOf = (patch: Partial<NonNullable<OrderDetail['shipping']>> = {}) => ({
    method: 'UPS Ground',
    carrier: null,
    trackingNumber: null,
    deliveryDate: null,
    address: '1 Main St',
    fee: 500,
    trackingUrl: null,
    trackingRequired: true,
    ...patch,
  });
  const mainButton = () => telegram.last('web_app_setup_main_button');

  it('asks for the tracking number and holds the Ship button until one is typed', async () => {
    const processing = order({
      status: 'processing',
      productType: 'physical',
      allowedStatuses: ['shipped', 'cancelled'],
      shipping: shippingOf(),
    });
    serve(processing, processing);
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    const field = await screen.findByRole('textbox', { name: 'Tracking number' });
    expect(screen.getByText('Required by this bot’s shipping settings.')).toBeTruthy();
    await vi.waitFor(() => expect(mainButton()).toMatchObject({ is_visible: true, is_active: false }));

    await userEvent.type(field, '1Z999');
    await vi.waitFor(() => expect(mainButton()).toMatchObject({ is_visible: true, is_active: true }));
  });

  it('shows the packer the parcel weight and how to handle it', async () => {
    const packed = order({
      status: 'processing',
      productType: 'physical',
      allowedStatuses: ['shipped', 'cancelled'],
      shipping: shippingOf({ trackingRequired: false }),
      packing: {
        weightKg: 1.25,
        weightPartial: false,
        fragile: true,
        perishable: false,
        hazmat: true,
        requiresShipping: true,
        items: [],
      },
    });
    serve(packed, packed);
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    expect((await screen.findByTestId('order-parcel-weight')).textContent).toBe('1.25 kg');
    expect(screen.getByTestId('order-handling').textContent).toBe('⚠️ Fragile · ☣️ Hazardous');
  });

  it("shows the packer each line's dimensions, and says when nothing needs shipping", async () => {
    const packed = order({
      status: 'processing',
      productType: 'physical',
      allowedStatuses: ['shipped', 'cancelled'],
      shipping: shippingOf({ trackingRequired: false }),
      packing: {
        weightKg: null,
        weightPartial: false,
        fragile: false,
        perishable: false,
        hazmat: false,
        requiresShipping: false,
        items: [
          {
            name: 'Lamp',
            quantity: 2,
            sku: null,
            shippingClass: null,
            countryOfOrigin: null,
            dimensions: { length: 30, width: 20, height: 45.5, unit: 'cm' },
          },
          {
            name: 'Bulb',
            quantity: 1,
            sku: null,
            shippingClass: null,
            countryOfOrigin: null,
            dimensions: null,
          },
        ],
      },
    });
    serve(packed, packed);
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    expect((await screen.findAllByTestId('order-dimensions')).map((d) => d.textContent)).toEqual([
      '30 × 20 × 45.5 cm',
    ]);
    expect(screen.getByText('Size of Lamp × 2')).toBeTruthy();
    expect(screen.getByText('Nothing to ship')).toBeTruthy();
  });

  it("shows the packer each line's SKU, shipping class and country of origin", async () => {
    const packed = order({
      status: 'processing',
      productType: 'physical',
      allowedStatuses: ['shipped', 'cancelled'],
      shipping: shippingOf({ trackingRequired: false }),
      packing: {
        weightKg: null,
        weightPartial: false,
        fragile: false,
        perishable: false,
        hazmat: false,
        requiresShipping: true,
        items: [
          {
            name: 'Shirt',
            quantity: 2,
            sku: 'SHIRT-M-BLUE',
            shippingClass: 'express',
            countryOfOrigin: 'Portugal',
            dimensions: null,
          },
        ],
      },
    });
    serve(packed, packed);
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    expect((await screen.findByTestId('order-pick')).textContent).toBe(
      'SKU SHIRT-M-BLUE · Express · Made in Portugal',
    );
    expect(screen.getByText('Pick Shirt × 2')).toBeTruthy();
  });

  it('links a shipped order’s tracking number to the carrier’s tracking page', async () => {
    const shipped = order({
      status: 'shipped',
      productType: 'physical',
      allowedStatuses: ['delivered', 'cancelled'],
      shipping: shippingOf({
        trackingNumber: '1Z999',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999',
      }),
    });
    serve(shipped, shipped);
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    const link = await screen.findByTestId('order-tracking-number');
    expect(link.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999');
    expect(link.textContent).toBe('1Z999');
  });
});

describe('the order timeline', () => {
  it('words what the customer chose at payment, and each payment event as what it did', async () => {
    const actor = { kind: 'customer' as const, name: 'Ann Lee' };
    const entry = {
      fromStatus: null,
      status: null,
      note: null,
      trackingNumber: null,
      actor,
      timestamp: '2025-01-01T10:01:00.000Z',
    };
    const detail = order({
      paymentStatus: 'refunded',
      timeline: [
        { ...entry, id: 'e1', kind: 'updated', event: 'order.updated', paymentMethod: 'cash_on_delivery' },
        { ...entry, id: 'e2', kind: 'updated', event: 'order.updated', shippingMethod: 'Express' },
        { ...entry, id: 'e3', kind: 'payment', event: 'payment.received' },
      ],
    });
    serve(detail, detail);
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    await userEvent.click(await screen.findByRole('tab', { name: 'Timeline' }));
    const titles = [...screen.getByTestId('order-timeline').querySelectorAll('li > span:first-child')].map(
      (el) => el.textContent,
    );
    expect(titles).toEqual(['Cash on delivery chosen', 'Shipping chosen: Express', 'Paid']);
  });
});

describe('a digital order with codes', () => {
  it('shows the code the buyer received masked, and in full after Reveal (which the server records)', async () => {
    const CODE_ID = '0191e1a2-0000-7000-8000-0000000000c1';
    const digital = order({
      productType: 'digital',
      digitalInfo: { downloadLink: null, licenseKey: null, codesIssued: 1, held: false },
    });
    const calls = stubFetch(({ method, path }) => {
      if (path.endsWith(`/orders/${ORDER_ID}/codes`)) {
        return json({
          codes: [{ id: CODE_ID, productName: 'Game key', masked: '••••-••••-1234', validUntil: null }],
        });
      }
      if (method === 'POST' && path.endsWith(`/codes/${CODE_ID}/reveal`)) {
        return json({ id: CODE_ID, code: 'ABCD-EFGH-1234' });
      }
      return json(digital);
    });
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    expect(await screen.findByText('••••-••••-1234')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }));

    expect(await screen.findByText('ABCD-EFGH-1234')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/reveal'))).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Reveal' })).toBeNull();
  });
});

describe('a digital order’s validity and release', () => {
  const CODE_ID = '0191e1a2-0000-7000-8000-0000000000c2';

  it('shows until when each code is valid', async () => {
    const digital = order({
      digitalInfo: { downloadLink: null, licenseKey: null, codesIssued: 1, held: false },
    });
    stubFetch(({ path }) =>
      path.endsWith(`/orders/${ORDER_ID}/codes`)
        ? json({
            codes: [
              {
                id: CODE_ID,
                productName: 'Season pass',
                masked: '••••-1234',
                validUntil: '2031-03-15T12:00:00.000Z',
              },
            ],
          })
        : json(digital),
    );
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    expect(await screen.findByText('Valid until Mar 15, 2031')).toBeTruthy();
  });

  it('releases a held order after Telegram’s confirm popup, and the held note goes', async () => {
    const held = order({
      status: 'processing',
      digitalInfo: { downloadLink: null, licenseKey: null, codesIssued: 1, held: true },
    });
    const released = order({
      status: 'completed',
      digitalInfo: { downloadLink: null, licenseKey: null, codesIssued: 1, held: false },
    });
    let current = held;
    const calls = stubFetch(({ method, path }) => {
      if (path.endsWith(`/orders/${ORDER_ID}/codes`)) return json({ codes: [] });
      if (method === 'POST' && path.endsWith(`/orders/${ORDER_ID}/release`)) current = released;
      return json(current);
    });
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    expect(await screen.findByText('On hold: the buyer receives it when you release it.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Release' }));

    expect(String(telegram.last('web_app_open_popup')?.message)).toContain(
      'Send the buyer of order #10423 what it holds now?',
    );
    await screen.findByText('Completed');
    expect(screen.queryByTestId('order-held')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/release'))).toHaveLength(1);
  });
});

describe('a delivery Telegram refused', () => {
  it('shows the delivery still pending: attempts, the next one and Telegram’s words', async () => {
    const nextAttemptAt = new Date(Date.now() + 10 * 60_000).toISOString();
    stubFetch(() =>
      json(
        order({
          status: 'processing',
          pendingDelivery: {
            attempts: 3,
            maxAttempts: 14,
            nextAttemptAt,
            lastError: 'Internal Server Error',
          },
        }),
      ),
    );
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    const section = await screen.findByTestId('order-pending-delivery');
    expect(section.textContent).toContain('Delivery pending');
    expect(section.textContent).toContain('3 of 14');
    expect(section.textContent).toContain(
      new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(new Date(nextAttemptAt)),
    );
    expect(section.textContent).toContain('Internal Server Error');
  });

  it('shows no such section when nothing is pending', async () => {
    stubFetch(() => json(order()));
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    await screen.findByText('Completed');
    expect(screen.queryByTestId('order-pending-delivery')).toBeNull();
  });
});

describe('a booked service', () => {
  const service = {
    scheduledDate: '2031-04-12T09:00:00.000Z',
    duration: 60,
    durationType: 'minutes',
    location: 'hybrid' as const,
    address: '12 Rua Augusta, Lisbon',
    meetingLink: 'https://meet.example.com/piano',
    customerAddress: '5 Baker Street, London',
    requested: false,
    cancellationPolicy: '24 hours notice',
    occurrences: [],
  };

  it('shows where it takes place, the customer’s address and the cancellation policy', async () => {
    stubFetch(() => json(order({ productType: 'service', status: 'scheduled', serviceInfo: service })));
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    expect(await screen.findByText('Hybrid')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://meet.example.com/piano' })).toBeTruthy();
    expect(screen.getByText('12 Rua Augusta, Lisbon')).toBeTruthy();
    expect(screen.getByText('5 Baker Street, London')).toBeTruthy();
    expect(screen.getByText('24 hours notice')).toBeTruthy();
    expect(screen.queryByTestId('order-booking-requested')).toBeNull();
  });

  it('lists every date of a recurring service’s series', async () => {
    const occurrences = ['2026-03-02T09:00:00.000Z', '2026-03-09T09:00:00.000Z', '2026-03-16T09:00:00.000Z'];
    stubFetch(() =>
      json(order({ productType: 'service', status: 'scheduled', serviceInfo: { ...service, occurrences } })),
    );
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    expect(await screen.findByText('Series (3 sessions)')).toBeTruthy();
  });

  it('says a requested booking waits for the vendor, whose main button confirms it', async () => {
    stubFetch(() =>
      json(
        order({
          productType: 'service',
          status: 'pending',
          allowedStatuses: ['scheduled', 'cancelled'],
          serviceInfo: { ...service, requested: true },
        }),
      ),
    );
    renderApp(<OrderDetailPage />, { path: '/orders/:orderId', url: `/orders/${ORDER_ID}` });

    expect(await screen.findByTestId('order-booking-requested')).toBeTruthy();
    expect(telegram.last('web_app_setup_main_button')?.text).toBe('Confirm booking');
  });
});
