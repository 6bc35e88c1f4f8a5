import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { OBJECT_LINKS, openStartParam, resolveStartParam, SECTION_LINKS, startParamFor } from './deep-links';

const ID = '3f0c2a9e-5b7d-4c1e-9a2b-1c2d3e4f5a6b';

describe('resolveStartParam', () => {
  it.each([
    [`bot_${ID}`, `/bots/${ID}`],
    ['order_42', '/orders/42'],
    [`product_${ID}`, `/products/${ID}`],
    [`customer_${ID}`, `/customers/${ID}`],
    [`plans_${ID}`, `/subscription-plans/${ID}`],
    ['orders', '/orders'],
    ['products', '/products'],
    ['settings', '/settings'],
    ['bots', '/bots'],
    ['analytics', '/analytics'],
    ['subscriptions', '/subscriptions'],
  ])('opens %s on %s', (param, path) => {
    expect(resolveStartParam(param)).toBe(path);
  });

  it.each([
    ['an unknown word', 'promo2024'],
    ['an unknown prefix', 'coupon_5'],
    ['a prefix without an id', 'bot_'],
    ['an id that tries to leave its path segment', 'bot_..%2F..%2Fsettings'],
    ['an inherited property name', 'constructor'],
    ['nothing', ''],
  ])('opens Home for %s', (_what, param) => {
    expect(resolveStartParam(param)).toBeNull();
  });

  it('builds the parameter it reads', () => {
    expect(resolveStartParam(startParamFor('order', ID))).toBe(`/orders/${ID}`);
  });
});

describe('openStartParam', () => {
  it('puts Home beneath the screen, so back leads Home', async () => {
    const navigate = vi.fn(async () => undefined);
    await openStartParam(`bot_${ID}`, navigate);
    expect(navigate.mock.calls).toEqual([['/', { replace: true }], [`/bots/${ID}`]]);
  });

  it('opens Home, clearing the launch address, for an unknown parameter', async () => {
    const navigate = vi.fn(async () => undefined);
    await openStartParam('nonsense', navigate);
    expect(navigate.mock.calls).toEqual([['/', { replace: true }]]);
  });

  it('stays where it is when the launch has no parameter', async () => {
    const navigate = vi.fn(async () => undefined);
    await openStartParam(null, navigate);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('the README table', () => {
  it('lists every deep link the code knows', () => {
    const readme = readFileSync(join(import.meta.dirname, 'README.md'), 'utf8');
    for (const word of Object.keys(SECTION_LINKS)) expect(readme).toContain(`| \`${word}\` |`);
    for (const prefix of Object.keys(OBJECT_LINKS)) expect(readme).toContain(`| \`${prefix}_<id>\` |`);
  });
});
