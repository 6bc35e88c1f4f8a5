import type { Bot, BotDetail, BotIntegrations, BotSettings, BotSubscription } from '@app/contracts/bots';
import { BotCategory, BotCurrency, BotLanguage, BotTimezone, NEW_BOT_DEFAULTS } from '@app/contracts/bots';
import { formatMoney } from '../../lib/money';
import type { Secrets } from '../../lib/secrets';
import type { CustomersService } from '../customers/customers.service';
import type { OrderReads } from '../orders/order-reads';
import type { ProductsService } from '../products/products.service';
import { isSubscriptionLive, type SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { BotRow } from './bots.repository';

/** A bot's figures, gathered from the orders, customers and products modules. */
export type BotMeasures = { orders: number; revenueMinor: number; customers: number; products: number };

/** Where a bot's figures come from: its subscription, and the orders, customers and products modules. */
export type BotViewDeps = {
  secrets: Pick<Secrets, 'decrypt'>;
  subscriptions: Pick<SubscriptionsService, 'currentOf'>;
  orders: Pick<OrderReads, 'salesByBot'>;
  customers: Pick<CustomersService, 'memberCounts'>;
  products: Pick<ProductsService, 'countsByBot'>;
};

/**
 * The bots as the API shows them (subscription and figures from their modules) in a fixed number of queries,
 * with the sum of their revenues in USD: each order counted at the USD value fixed when it was placed.
 */
export async function presentBots(
  deps: BotViewDeps,
  vendorId: string,
  rows: BotRow[],
): Promise<{ bots: Bot[]; revenueUsdMinor: number }> {
  const ids = rows.map((r) => r.id);
  const [subscriptionOf, sales, members, products] = await Promise.all([
    deps.subscriptions.currentOf(vendorId, ids),
    deps.orders.salesByBot(vendorId, ids),
    deps.customers.memberCounts(vendorId, ids),
    deps.products.countsByBot(vendorId, ids),
  ]);
  const bots = rows.map((r) =>
    toBot(r, deps.secrets.decrypt(r.tokenCiphertext), subscriptionOf(r.id), {
      orders: sales.get(r.id)?.orders ?? 0,
      revenueMinor: sales.get(r.id)?.revenueMinor ?? 0,
      customers: members.get(r.id) ?? 0,
      products: products.get(r.id) ?? 0,
    }),
  );
  const revenueUsdMinor = ids.reduce((sum, id) => sum + (sales.get(id)?.revenueUsdMinor ?? 0), 0);
  return { bots, revenueUsdMinor };
}

/** One bot as the API shows it (see presentBots). */
export async function presentBot(deps: BotViewDeps, row: BotRow): Promise<Bot> {
  const [bot] = (await presentBots(deps, row.vendorId, [row])).bots;
  if (!bot) throw new Error('present answered nothing');
  return bot;
}

/** `7104822391:AAHqDbr_…Fqxth` → `7104822391:AAH…Fqxth`: enough to recognise a token, never enough to use it. */
export function maskToken(token: string): string {
  const [id, secret = ''] = token.split(':');
  return `${id}:${secret.slice(0, 3)}…${secret.slice(-5)}`;
}

export function toBot(row: BotRow, token: string, subscription: BotSubscription, m: BotMeasures): Bot {
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

/** The stored settings over the new-bot defaults: a flag never set reads as its default. */
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

export function toBotDetail(bot: Bot, row: BotRow, integrations: BotIntegrations): BotDetail {
  return {
    ...bot,
    category: BotCategory.catch(NEW_BOT_DEFAULTS.category).parse(row.category),
    settings: settingsOf(row),
    integrations,
  };
}
