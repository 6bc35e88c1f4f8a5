// No zod here: the web app's shell and Home word order statuses in the activity feed, and must not load zod.
/** Every order status, in the order of the flows (catalogue.ts's `OrderStatus` is the zod enum of these). */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'completed',
  'scheduled',
  'in_progress',
  'cancelled',
] as const;

export type OrderStatusCode = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatusCode {
  return (ORDER_STATUSES as readonly unknown[]).includes(value);
}
