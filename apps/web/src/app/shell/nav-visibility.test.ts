import { describe, expect, it } from 'vitest';
import { isBottomNavHidden } from './nav-visibility';

describe('isBottomNavHidden', () => {
  it.each([
    '/',
    '/bots',
    '/products',
    '/orders',
    '/settings',
    '/customers',
    '/settings/profile',
    '/support-staff',
  ])('shows the bottom navigation on %s', (path) => {
    expect(isBottomNavHidden(path)).toBe(false);
  });

  it.each([
    '/bots/42',
    '/bots/42/store',
    '/products/7',
    '/products/7/edit',
    '/product-new',
    '/bot-new',
    '/orders/99',
    '/support-staff/3/edit',
  ])('hides the bottom navigation and shows the back button on %s', (path) => {
    expect(isBottomNavHidden(path)).toBe(true);
  });
});
