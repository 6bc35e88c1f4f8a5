import { z } from 'zod';

/**
 * What a caller may do in a vendor's account (spec part 2 §3.7). `all` (Full Access) grants every other one;
 * the owner holds it. Staff hold a subset, on all of the vendor's bots or on the ones assigned to them.
 */
export const Permission = z.enum([
  'all',
  'orders',
  'customers',
  'products',
  'support',
  'analytics',
  'bots',
  'settings',
  'billing',
]);
export type Permission = z.infer<typeof Permission>;
