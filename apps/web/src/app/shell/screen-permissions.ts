import type { Permission } from '@app/contracts/permissions';

/**
 * The permission each section of the app needs (spec part 2 §3.7 permission ids): a staff member without it
 * sees a "no access" screen there, and its navigation items and Home cards are hidden. The server checks the
 * same permission on every call; this only spares the person screens they cannot use.
 */
const SECTIONS: readonly [prefix: string, permission: Permission][] = [
  ['/staff-management', 'all'],
  ['/staff', 'all'],
  ['/support-staff', 'all'],
  ['/support', 'support'],
  ['/analytics', 'analytics'],
  ['/orders', 'orders'],
  ['/customers', 'customers'],
  ['/products', 'products'],
  ['/product-new', 'products'],
  ['/categories', 'products'],
  ['/bots', 'bots'],
  ['/bot-new', 'bots'],
  ['/subscriptions', 'billing'],
  ['/subscription-plans', 'billing'],
  ['/settings/payment', 'billing'],
  ['/settings/invoices', 'billing'],
  ['/settings/payouts', 'billing'],
];

/** The permission a path needs, or null when any signed-in caller may open it (Home, Settings, profile). */
export function permissionForPath(path: string): Permission | null {
  // Per-bot settings pages live under /bots/<id>/…: they are settings, not bot management.
  if (/^\/bots\/[^/]+\/(store|welcome|filters|token|payments|shipping|webhooks)$/.test(path))
    return 'settings';
  const match = SECTIONS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  return match ? match[1] : null;
}
