import type { OrderProductType, OrderStatus, PaymentStatus } from '@app/contracts/catalogue';
import type { ActorKind } from '@app/contracts/events';
import type { PaymentProviderId } from '@app/contracts/settings';
import type { MessageKey } from '../../../i18n/messages';

export const STATUS_KEYS: Record<OrderStatus, MessageKey> = {
  pending: 'orders.status.pending',
  processing: 'orders.status.processing',
  shipped: 'orders.status.shipped',
  delivered: 'orders.status.delivered',
  completed: 'orders.status.completed',
  scheduled: 'orders.status.scheduled',
  in_progress: 'orders.status.in_progress',
  cancelled: 'orders.status.cancelled',
};

/** The status chips of spec part 1 §2, in its order. */
export const STATUS_FILTERS = [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'completed',
  'scheduled',
  'in_progress',
  'cancelled',
] as const satisfies readonly OrderStatus[];

export const TYPE_KEYS: Record<OrderProductType, MessageKey> = {
  physical: 'orders.type.physical',
  digital: 'orders.type.digital',
  service: 'orders.type.service',
  mixed: 'orders.type.mixed',
};

export const PAYMENT_KEYS: Record<PaymentStatus, MessageKey> = {
  pending: 'orders.payment.pending',
  paid: 'orders.payment.paid',
  refunded: 'orders.payment.refunded',
  failed: 'orders.payment.failed',
};

export const ACTOR_KEYS: Record<ActorKind, MessageKey> = {
  owner: 'orders.actor.you',
  staff: 'orders.actor.someone',
  customer: 'orders.actor.customer',
  system: 'orders.actor.system',
  // An API key's change shows the key's name when it has one.
  apiKey: 'orders.actor.someone',
};

const ICONS: Record<OrderProductType, string> = { physical: '📦', digital: '💾', service: '🗓️', mixed: '🛍️' };
export const typeIcon = (type: OrderProductType) => ICONS[type];

/**
 * Who did it, as the timeline and notes say it: the owner, looking at the owner's own changes, reads "You" (as
 * the feeds do); anyone else reads the name. Null: show `actor.name`.
 */
export function actorKey(
  actor: { kind: ActorKind; name: string | null },
  viewerIsOwner: boolean,
): MessageKey | null {
  if (actor.kind === 'owner' && viewerIsOwner) return 'orders.actor.you';
  if (actor.name) return null;
  return actor.kind === 'owner' ? 'orders.actor.someone' : ACTOR_KEYS[actor.kind];
}

/** How the customer pays (the rails of the Payment Providers screen), by the order's payment method. */
export const PAYMENT_METHOD_KEYS: Partial<Record<string, MessageKey>> = {
  stars: 'settings.payments.provider.stars',
  card: 'settings.payments.provider.card',
  wallet: 'settings.payments.provider.wallet',
  regional: 'settings.payments.provider.regional',
  crypto: 'settings.payments.provider.crypto',
  cash_on_delivery: 'settings.payments.provider.cash_on_delivery',
} satisfies Record<PaymentProviderId, MessageKey>;
