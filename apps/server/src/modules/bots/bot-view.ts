import type { Bot, BotDetail, BotIntegrations, BotSettings, BotSubscription } from '@app/contracts/bots';
import { BotCategory, BotCurrency, BotLanguage, BotTimezone, NEW_BOT_DEFAULTS } from '@app/contracts/bots';
import { formatMoney } from '../../lib/money';
import type { BotMeasures, BotRow, SubscriptionRow } from './bots.repository';

/** `7104822391:AAHqDbr_…Fqxth` → `7104822391:AAH…Fqxth`: enough to recognise a token, never enough to use it. */
export function maskToken(token: string): string {
  const [id, secret = ''] = token.split(':');
  return `${id}:${secret.slice(0, 3)}…${secret.slice(-5)}`;
}

const FREE: BotSubscription = { plan: 'FREE', status: 'active', label: 'FREE', expiresAt: null };

/**
 * What a bot's current subscription row means at `now`. No row: FREE, which never ends. A trial or paid
 * period past its end reads as expired even before the expiry job has marked it.
 */
export function subscriptionOf(row: SubscriptionRow | undefined, now: Date): BotSubscription {
  if (!row) return FREE;
  const lapsed = (row.status === 'trial' || row.status === 'active') && row.endsAt.getTime() <= now.getTime();
  const status = lapsed ? 'expired' : row.status;
  return {
    plan: row.plan,
    status,
    label: status === 'trial' ? 'TRIAL' : row.plan,
    expiresAt: row.endsAt.toISOString(),
  };
}

export const isSubscriptionLive = (s: BotSubscription) => s.status === 'trial' || s.status === 'active';

export function toBot(
  row: BotRow,
  token: string,
  subscription: BotSubscription,
  measures: BotMeasures | undefined,
): Bot {
  const m = measures ?? { orders: 0, revenueMinor: 0, customers: 0, products: 0 };
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    description: row.description,
    maskedToken: maskToken(token),
    isActive: row.isActive,
    isVerified: row.isVerified,
    hasActiveSubscription: isSubscriptionLive(subscription),
    subscription,
    stats: {
      orders: m.orders,
      customers: m.customers,
      products: m.products,
      revenue: m.revenueMinor,
      currency: row.currency,
      revenueFormatted: formatMoney(m.revenueMinor, row.currency),
    },
    webhookUrl: row.webhookUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const defaults = NEW_BOT_DEFAULTS.settings;
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

export function settingsOf(row: BotRow): BotSettings {
  const s = row.settings;
  return {
    // Columns hold values the contracts allow; an odd legacy value falls back rather than failing the response.
    language: BotLanguage.catch(defaults.language).parse(row.language),
    currency: BotCurrency.catch(defaults.currency).parse(row.currency),
    timezone: BotTimezone.catch(defaults.timezone).parse(row.timezone),
    welcomeMessage: row.welcomeMessage ?? defaults.welcomeMessage,
    orderNotifications: flag(s.orderNotifications, defaults.orderNotifications),
    stockAlerts: flag(s.stockAlerts, defaults.stockAlerts),
    customerNotifications: flag(s.customerNotifications, defaults.customerNotifications),
    analyticsEnabled: flag(s.analyticsEnabled, defaults.analyticsEnabled),
    maintenanceMode: flag(s.maintenanceMode, defaults.maintenanceMode),
  };
}

export function integrationsOf(row: BotRow): BotIntegrations {
  const i = row.integrations;
  return { payments: strings(i.payments), shipping: strings(i.shipping), thirdParty: strings(i.thirdParty) };
}

export function toBotDetail(bot: Bot, row: BotRow): BotDetail {
  return {
    ...bot,
    category: BotCategory.catch(NEW_BOT_DEFAULTS.category).parse(row.category),
    settings: settingsOf(row),
    integrations: integrationsOf(row),
  };
}

/** "Jane D." */
export function shortName(firstName: string, lastName: string | null): string {
  const initial = lastName?.trim().charAt(0);
  return initial ? `${firstName} ${initial.toUpperCase()}.` : firstName;
}
