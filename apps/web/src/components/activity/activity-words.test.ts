import type { ActivityItem, EventType } from '@app/contracts/events';
import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de/index';
import { en } from '../../i18n/en/index';
import { es } from '../../i18n/es/index';
import { fr } from '../../i18n/fr/index';
import { type Locale, type MessageParams, translate } from '../../i18n/i18n';
import type { Catalogue, MessageKey } from '../../i18n/messages';
import { ru } from '../../i18n/ru/index';
import { zh } from '../../i18n/zh/index';
import { activityWords } from './activity-text';

const CATALOGUES: Record<Locale, Catalogue> = { en, es, fr, de, ru, zh };

const order = { orderNumber: 1042, totalMinor: 2450, currency: 'USD', botUsername: 'corner_bot' };
const bot = { botUsername: 'corner_bot', plan: 'BASIC' };
const campaign = { campaignName: 'Summer sale', botUsername: 'corner_bot', segment: 'VIP' };

/**
 * Every event type with the payload the server records for it (the services' recordEvent calls), and its
 * variants the feed words differently (an order.updated at payment, a provider switched in settings).
 */
const SAMPLES: [EventType, Record<string, unknown>][] = [
  ['order.created', { ...order, customerName: 'Ann Lee', itemCount: 2, status: 'pending' }],
  ['order.updated', { ...order, customerName: 'Ann Lee', paymentMethod: 'cash_on_delivery' }],
  ['order.updated', { ...order, customerName: 'Ann Lee', shippingMethod: 'Standard', shippingMinor: 450 }],
  ['order.updated', { ...order, customerName: 'Ann Lee' }],
  ['order.completed', { ...order, from: 'delivered', to: 'completed' }],
  [
    'order.cancelled',
    { ...order, from: 'pending', to: 'cancelled', note: 'Not paid within the reservation time' },
  ],
  ['order.status_changed', { ...order, from: 'pending', to: 'processing' }],
  ['order.note_added', { orderNumber: 1042, text: 'Gift wrap' }],
  ['order.code_revealed', { orderNumber: 1042, productName: 'Game key', masked: '••••-••••-1234' }],
  ['order.delivery_released', { orderId: 'o1', orderNumber: 1042 }],
  ['payment.received', { orderNumber: 1042, amountMinor: 2450, currency: 'USD', rail: 'card' }],
  ['payment.failed', { orderNumber: 1042, amountMinor: 2450, currency: 'USD' }],
  ['refund.created', { orderNumber: 1042, amountMinor: 2450, currency: 'USD' }],
  ['customer.created', { customerName: 'Ann Lee', botUsername: 'corner_bot' }],
  ['customer.updated', { customerName: 'Ann Lee', botUsername: 'corner_bot', profileChanged: true }],
  ['customer.deleted', { customerName: 'Ann Lee' }],
  ['product.created', { productName: 'Mug', sku: 'HOM-101' }],
  ['product.updated', { productName: 'Mug', sku: 'HOM-101' }],
  ['product.outofstock', { productName: 'Mug', sku: 'HOM-101', stock: 0 }],
  ['product.lowstock', { productName: 'Mug', sku: 'HOM-101', stock: 3 }],
  ['bot.message', { botUsername: 'corner_bot' }],
  ['bot.command', { botUsername: 'corner_bot', command: '/start' }],
  ['bot.error', { botUsername: 'corner_bot' }],
  ['bot.created', bot],
  ['bot.updated', bot],
  ['bot.started', bot],
  ['bot.stopped', bot],
  ['bot.deleted', bot],
  ['subscription.started', bot],
  ['subscription.renewed', { ...bot, amountMinor: 2900, currency: 'USD' }],
  ['subscription.cancelled', bot],
  ['subscription.expired', bot],
  ['subscription.trial_ending', { ...bot, daysLeft: 2, endsAt: '2026-06-01T00:00:00Z' }],
  ['subscription.ending', { ...bot, daysLeft: 3, endsAt: '2026-06-01T00:00:00Z' }],
  ['subscription.refunded', { ...bot, amountMinor: 2900, currency: 'USD' }],
  ['staff.added', { staffName: 'Sam' }],
  ['staff.updated', { staffName: 'Sam' }],
  ['staff.removed', { staffName: 'Sam' }],
  ['settings.updated', { botUsername: 'corner_bot', section: 'shipping', fields: 'freeShippingThreshold' }],
  [
    'settings.updated',
    { botUsername: 'corner_bot', section: 'payments', fields: 'enabled', provider: 'card', enabled: true },
  ],
  [
    'settings.updated',
    { botUsername: 'corner_bot', section: 'payments', provider: 'cash_on_delivery', enabled: false },
  ],
  ['settings.updated', { botUsername: 'corner_bot', section: 'token', action: 'webhook_updated' }],
  ['settings.updated', { section: 'payment_methods' }],
  ['settings.updated', { section: 'payouts' }],
  ['settings.updated', { section: 'policies' }],
  ['wallet.credited', { amountMinor: 5000, currency: 'USD' }],
  ['wallet.debited', { ...bot, amountMinor: 2900, currency: 'USD' }],
  ['bot.message_flagged', { botUsername: 'corner_bot', filterWord: 'scam' }],
  ['bot.order_limit_reached', { botUsername: 'corner_bot', plan: 'FREE', limit: 50 }],
  ['category.created', { categoryName: 'Mugs' }],
  ['category.updated', { categoryName: 'Mugs' }],
  ['category.deleted', { categoryName: 'Mugs' }],
  ['api_key.created', { keyName: 'Inventory sync', last4: 'a1b2', permissions: 'read,write' }],
  ['api_key.revoked', { keyName: 'Inventory sync', last4: 'a1b2' }],
  ['webhook.created', { url: 'https://example.com/hook', events: 'order.created,order.completed' }],
  ['webhook.updated', { url: 'https://example.com/hook', events: 'order.created' }],
  ['webhook.deleted', { url: 'https://example.com/hook', events: 'order.created' }],
  ['webhook.disabled', { url: 'https://example.com/hook', failures: 10 }],
  ['export.requested', { types: 'orders, order_items', format: 'csv', range: 'month' }],
  ['export.completed', { types: 'orders, order_items', format: 'csv', sizeBytes: 20480 }],
  [
    'order.delivery_delayed',
    { orderId: 'o1', orderNumber: 1042, error: 'Forbidden: bot was blocked by the user' },
  ],
  [
    'order.delivery_failed',
    { orderId: 'o1', orderNumber: 1042, error: 'Forbidden: bot was blocked by the user' },
  ],
  // Not in the owner's feed, but in the staff member's activity log (the same words).
  ['order.move_refused', { to: 'shipped', telegramId: 5550001 }],
  ['support.conversation_opened', { customerName: 'Ann Lee', orderId: null }],
  ['support.message_received', { customerName: 'Ann Lee', assignedTo: null }],
  ['support.replied', { customerName: 'Ann Lee', first: true, responseMs: 120000 }],
  ['support.closed', { customerName: 'Ann Lee' }],
  ['support.rated', { customerName: 'Ann Lee', rating: 5, closedBy: 5550001 }],
  ['campaign.created', { ...campaign, segment: 'all' }],
  ['campaign.created', { ...campaign, segment: 'Inactive' }],
  ['campaign.scheduled', { ...campaign, scheduledAt: '2026-06-01T09:00:00Z' }],
  ['campaign.started', { ...campaign, recipients: 1 }],
  ['campaign.started', { ...campaign, recipients: 250 }],
  ['campaign.completed', { ...campaign, total: 250, delivered: 240, failed: 3, blocked: 7 }],
  ['campaign.cancelled', { ...campaign, sent: 120, total: 250 }],
  ['campaign.cancelled', { ...campaign, sent: 0, total: 0 }],
];

/** Who may have done it: named or not, each kind of actor. */
const ACTORS: ActivityItem['actor'][] = [
  { kind: 'owner', name: 'Alex' },
  { kind: 'owner', name: null },
  { kind: 'staff', name: 'Sam' },
  { kind: 'staff', name: null },
  { kind: 'customer', name: 'Ann Lee' },
  { kind: 'customer', name: null },
  { kind: 'system', name: null },
  { kind: 'apiKey', name: 'Inventory sync' },
  { kind: 'apiKey', name: null },
];

const fmt = {
  formatMoney: (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`,
  formatDate: (date: string) => date.slice(0, 10),
};

function item(event: EventType, params: Record<string, unknown>, actor: ActivityItem['actor']): ActivityItem {
  return {
    id: 'a1',
    event,
    category: 'other',
    botId: null,
    actor,
    subject: { kind: 'bot', id: 'b1' },
    params: params as ActivityItem['params'],
    timestamp: '2026-05-10T12:00:00Z',
  };
}

describe('every feed line, in every language', () => {
  it('covers every event type of the catalogue', () => {
    expect(new Set(SAMPLES.map(([event]) => event))).toEqual(
      new Set(
        (Object.keys(en) as string[]).flatMap(
          (k) => /^activity\.([a-z_]+\.[a-z_]+)\.title$/.exec(k)?.[1] ?? [],
        ),
      ),
    );
  });

  for (const locale of Object.keys(CATALOGUES) as Locale[]) {
    const t = (key: MessageKey, params?: MessageParams) => translate(locale, CATALOGUES[locale], key, params);
    const someone = t('activity.someone');
    it.each(SAMPLES)(`names who, what and the value of %s (${locale})`, (event, params) => {
      for (const actor of ACTORS) {
        const { title, description } = activityWords(item(event, params, actor), t, fmt);
        for (const text of [title, description]) {
          const where = `${locale} ${event} by ${actor.kind} ${actor.name ?? '(unnamed)'}: "${text}"`;
          expect(text, where).not.toMatch(/\{[a-zA-Z_]+\}/);
          expect(text, where).not.toMatch(/undefined|null|NaN|\[object/);
          expect(text.trim(), where).not.toBe('');
          // An actor left blank leaves the line starting on a space or a verb's ending.
          expect(text, where).toBe(text.trimStart());
          expect(text, where).not.toContain(someone);
        }
        if (actor.name) expect(`${title} ${description}`).not.toMatch(/^\s/);
      }
    });
  }

  it('words a cash-on-delivery choice, a shipping choice, a provider switched on, exported data types and campaigns', () => {
    const t = (key: MessageKey, params?: MessageParams) => translate('en', en, key, params);
    const ann = { kind: 'customer' as const, name: 'Ann Lee' };
    const [, cod] = SAMPLES[1] as [EventType, Record<string, unknown>];
    const [, shipping] = SAMPLES[2] as [EventType, Record<string, unknown>];
    expect(activityWords(item('order.updated', cod, ann), t, fmt).description).toBe(
      'Ann Lee chose cash on delivery: USD 24.50 to collect',
    );
    expect(activityWords(item('order.updated', shipping, ann), t, fmt).description).toBe(
      'Ann Lee chose Standard shipping: USD 24.50 in all',
    );
    const system = { kind: 'system' as const, name: null };
    const moved = { ...order, from: 'pending', to: 'processing' };
    expect(activityWords(item('order.status_changed', moved, system), t, fmt).description).toBe(
      'The shop moved it to Processing',
    );
    const alex = { kind: 'owner' as const, name: 'Alex' };
    const switched = { botUsername: 'corner_bot', section: 'payments', provider: 'card', enabled: true };
    expect(activityWords(item('settings.updated', switched, alex), t, fmt).description).toBe(
      'Alex switched on Card Payments for @corner_bot',
    );
    const shippingSaved = { botUsername: 'corner_bot', section: 'shipping', fields: 'freeShippingThreshold' };
    expect(activityWords(item('settings.updated', shippingSaved, alex), t, fmt).description).toBe(
      'Alex changed the shipping settings of @corner_bot',
    );
    const sale = { campaignName: 'Summer sale', botUsername: 'corner_bot', segment: 'VIP' };
    expect(activityWords(item('campaign.created', sale, alex), t, fmt).description).toBe(
      'Alex is sending “Summer sale” to VIP customers of @corner_bot',
    );
    expect(
      activityWords(
        item('campaign.scheduled', { ...sale, scheduledAt: '2026-06-01T09:00:00Z' }, alex),
        t,
        fmt,
      ).description,
    ).toBe('Alex scheduled “Summer sale” to VIP customers of @corner_bot for 2026-06-01');
    expect(activityWords(item('campaign.started', { ...sale, recipients: 250 }, system), t, fmt)).toEqual({
      title: 'Campaign sending',
      description: '“Summer sale” is going out to 250 customers of @corner_bot',
    });
    const done = { ...sale, total: 250, delivered: 240, failed: 3, blocked: 7 };
    expect(activityWords(item('campaign.completed', done, system), t, fmt).description).toBe(
      '“Summer sale”: 240 of 250 delivered, 7 blocked the bot, 3 failed',
    );
    expect(
      activityWords(item('campaign.cancelled', { ...sale, sent: 0, total: 0 }, alex), t, fmt).description,
    ).toBe('Alex cancelled “Summer sale” before it was sent');
    const exported = { types: 'orders, order_items', format: 'csv', sizeBytes: 20480 };
    expect(activityWords(item('export.completed', exported, system), t, fmt).description).toBe(
      'The export of Orders, Order items is ready to download',
    );
  });
});
