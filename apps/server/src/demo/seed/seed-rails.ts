import type { ProviderCurrency } from '@app/contracts/settings';
import type { Tx } from '../../db/client';
import { botPaymentProviders, botShippingMethods } from '../../db/schema/index';
import type { Secrets } from '../../lib/secrets';
import { DEMO_PRODUCTS } from './demo-catalogue';
import type { SeededBots } from './seed-vendor';
import { seededUuid } from './sql-random';

// How the demo shops that sell physical goods take payment and ship: without it Stars (digital goods only) is
// their one rail, and a customer trying the demo could not buy a T-shirt.

/** A Telegram Payments test token: only the fake Bot API accepts it (demo mode never talks to Telegram). */
export const DEMO_PROVIDER_TOKEN = '284685063:TEST:demo-card-payments';

/** The shipping methods each physical shop offers (prices in minor units of the bot's currency). */
const DEMO_SHIPPING = [
  {
    key: 'standard',
    name: 'Standard',
    description: 'Tracked postal delivery',
    priceMinor: 499,
    estimatedDays: '3-5',
    regions: ['US', 'CA', 'UK', 'EU', 'AU'] as const,
  },
  {
    key: 'express',
    name: 'Express',
    description: 'Courier, signature on delivery',
    priceMinor: 1499,
    estimatedDays: '1-2',
    regions: ['US', 'UK', 'EU'] as const,
  },
];

/** Whether the bot sells any active physical product (its own or the "All bots" ones). */
const sellsPhysical = (sells: string) =>
  DEMO_PRODUCTS.some(
    (p) => p.type === 'physical' && !p.status && (p.bots === 'all' || p.bots.includes(sells as never)),
  );

/**
 * Cash on delivery and card payments (a test provider token against the fake) switched on, and two shipping
 * methods, for every seeded bot that sells physical goods.
 */
export async function insertRailsAndShipping(
  tx: Tx,
  vendorId: string,
  seed: number,
  now: Date,
  secrets: Secrets,
  seeded: SeededBots,
): Promise<void> {
  const shops = seeded.bots.flatMap((bot, i) =>
    sellsPhysical(bot.sells) ? [{ bot, id: seeded.ids[i] as string }] : [],
  );
  if (shops.length === 0) return;
  // The demo bots are all priced in US dollars (bots.currency's default).
  const currencies: ProviderCurrency[] = ['USD'];
  await tx.insert(botPaymentProviders).values(
    shops.flatMap(({ id }) => [
      {
        vendorId,
        botId: id,
        provider: 'cash_on_delivery' as const,
        enabled: true,
        configured: true,
        currencies,
        updatedAt: now,
      },
      {
        vendorId,
        botId: id,
        provider: 'card' as const,
        enabled: true,
        configured: true,
        currencies,
        testMode: true,
        secretsCiphertext: secrets.encrypt(JSON.stringify({ providerToken: DEMO_PROVIDER_TOKEN })),
        updatedAt: now,
      },
    ]),
  );
  await tx.insert(botShippingMethods).values(
    shops.flatMap(({ bot, id }) =>
      DEMO_SHIPPING.map((m) => ({
        vendorId,
        id: seededUuid(seed, 'shipping-method', bot.key, m.key),
        botId: id,
        name: m.name,
        description: m.description,
        priceMinor: m.priceMinor,
        estimatedDays: m.estimatedDays,
        regions: [...m.regions],
        createdAt: now,
        updatedAt: now,
      })),
    ),
  );
}
