import type { ActivityCategory, ActivityItem, EventType, SubjectKind } from '@app/contracts/events';
import { isExportDataType } from '@app/contracts/export-types';
import { isOrderStatus } from '@app/contracts/order-statuses';
import type { MessageParams } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages';

/** Where an activity row leads: the screen of what it is about. */
const SUBJECT_PATHS: Partial<Record<SubjectKind, (id: string) => string>> = {
  bot: (id) => `/bots/${id}`,
  order: (id) => `/orders/${id}`,
  customer: (id) => `/customers/${id}`,
  product: (id) => `/products/${id}`,
  subscription: () => '/subscriptions',
  staff: (id) => `/staff/${id}/activity`,
  settings: () => '/settings',
  category: () => '/categories',
  campaign: () => '/campaigns',
};

export const ACTIVITY_ICONS: Record<ActivityCategory, string> = {
  order: '🛒',
  customer: '👤',
  product: '📦',
  payment: '💳',
  bot: '🤖',
  other: '🔔',
};

export function activityLink(item: ActivityItem): string | null {
  return SUBJECT_PATHS[item.subject.kind]?.(item.subject.id) ?? null;
}

/** The catalogue keys of an event's title and description. */
export function activityKeys(event: EventType): { title: MessageKey; description: MessageKey } {
  return {
    title: `activity.${event}.title` as MessageKey,
    description: `activity.${event}.description` as MessageKey,
  };
}

/**
 * The catalogue keys an item is worded with. The shop keeps a customer's record up to date from their Telegram
 * profile, recording customer.updated with the customer as its actor (a customer acts on nobody else): that
 * reads as their own change ("Ann updated their details", not "Ann updated Ann"), or, when all that changed is
 * that they started another of the vendor's bots, as that. An order.updated is the customer's choice at
 * payment (cash on delivery, a shipping method); a settings.updated that switched a payment provider says so.
 */
export function activityKeysOf(item: Pick<ActivityItem, 'event' | 'actor' | 'subject' | 'params'>): {
  title: MessageKey;
  description: MessageKey;
} {
  const keys = activityKeys(item.event);
  const p = item.params;
  if (item.event === 'order.updated') {
    if (p.paymentMethod === 'cash_on_delivery')
      return { ...keys, description: 'activity.order.updated.codDescription' };
    if (typeof p.shippingMethod === 'string' && p.shippingMethod)
      return { ...keys, description: 'activity.order.updated.shippingDescription' };
    return keys;
  }
  if (item.event === 'settings.updated' && typeof p.provider === 'string' && typeof p.enabled === 'boolean') {
    return {
      ...keys,
      description: p.enabled
        ? 'activity.settings.updated.providerOnDescription'
        : 'activity.settings.updated.providerOffDescription',
    };
  }
  // A campaign cancelled before any message went out.
  if (item.event === 'campaign.cancelled' && !p.sent) {
    return { ...keys, description: 'activity.campaign.cancelled.beforeDescription' };
  }
  // The account's own settings (payment methods, payouts, policies) belong to no bot.
  if (item.event === 'settings.updated' && typeof p.botUsername !== 'string') {
    return { ...keys, description: 'activity.settings.updated.accountDescription' };
  }
  if (
    item.event !== 'customer.updated' ||
    item.actor.kind !== 'customer' ||
    item.subject.kind !== 'customer'
  ) {
    return keys;
  }
  const onlyJoined = p.joinedBot === true && p.profileChanged !== true;
  return {
    ...keys,
    description: onlyJoined
      ? 'activity.customer.updated.joinedDescription'
      : 'activity.customer.updated.ownDescription',
  };
}

/** Who did it when the event names nobody: you (the owner), the shop itself (system), a customer, staff. */
const UNNAMED: Record<ActivityItem['actor']['kind'], MessageKey> = {
  owner: 'activity.you',
  staff: 'activity.aStaffMember',
  customer: 'activity.aCustomer',
  system: 'activity.system',
  apiKey: 'activity.anApiKey',
};

type Translate = (key: MessageKey, params?: MessageParams) => string;

/**
 * An item's title and description as a reader sees them: the catalogue texts with every parameter filled in,
 * the actor always named (never blank, never "{actor}"), statuses, settings sections, providers and exported
 * data types worded in the reader's language.
 */
export function activityWords(
  item: ActivityItem,
  t: Translate,
  fmt: Formatters,
): { title: string; description: string } {
  const keys = activityKeysOf(item);
  const params = activityParams(item, fmt, t(UNNAMED[item.actor.kind]));
  // Order statuses arrive as codes (in_progress): word them in the user's language.
  for (const name of ['status', 'from', 'to']) {
    const status = params[name];
    if (isOrderStatus(status)) params[name] = t(`orders.status.${status}`);
  }
  if (typeof params.section === 'string')
    params.section = t(`activity.settings.section.${params.section}` as MessageKey);
  // A campaign's audience arrives as a segment code (VIP, all): word it.
  if (item.event.startsWith('campaign.') && typeof params.segment === 'string')
    params.segment = t(`activity.campaign.segment.${params.segment}` as MessageKey);
  if (typeof params.provider === 'string')
    params.provider = t(`settings.payments.provider.${params.provider}` as MessageKey);
  // An export's data types arrive as codes ("orders, order_items"): word each known one.
  if (item.event.startsWith('export.') && typeof params.types === 'string') {
    params.types = params.types
      .split(',')
      .map((code) => {
        const type = code.trim();
        return isExportDataType(type) ? t(`developer.export.type.${type}`) : type;
      })
      .join(', ');
  }
  return { title: t(keys.title, params), description: t(keys.description, params) };
}

type Formatters = {
  formatMoney: (minor: number, currency: string) => string;
  formatDate: (date: string) => string;
};

/**
 * The parameters a catalogue text gets: the event's own, plus `actor` (who did it), `amount` (money from
 * amountMinor or totalMinor and currency) and `count` (for plural forms), each formatted for the locale.
 */
export function activityParams(item: ActivityItem, fmt: Formatters, someone: string): MessageParams {
  const p = item.params;
  const params: MessageParams = { actor: item.actor.name?.trim() || someone };
  for (const [key, value] of Object.entries(p)) {
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
  }
  // A number that names something is not a quantity: "#1042", never "#1,042".
  if (p.orderNumber !== undefined && p.orderNumber !== null) params.orderNumber = String(p.orderNumber);
  const minor = typeof p.amountMinor === 'number' ? p.amountMinor : p.totalMinor;
  if (typeof minor === 'number')
    params.amount = fmt.formatMoney(minor, typeof p.currency === 'string' ? p.currency : 'USD');
  if (typeof p.endsAt === 'string') params.endsAt = fmt.formatDate(p.endsAt);
  if (typeof p.scheduledAt === 'string') params.scheduledAt = fmt.formatDate(p.scheduledAt);
  params.count =
    typeof p.itemCount === 'number'
      ? p.itemCount
      : typeof p.daysLeft === 'number'
        ? p.daysLeft
        : typeof p.recipients === 'number'
          ? p.recipients
          : 0;
  return params;
}
