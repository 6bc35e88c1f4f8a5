import type { OrderProductType } from '@app/contracts/catalogue';
import type { PaymentProviderId } from '@app/contracts/settings';
import type { RuntimePaymentProvider } from '../../settings/settings.service';

/**
 * The ways a shop may take payment for an order, by Telegram's rules and what the bot has set up:
 * - digital goods: Telegram Stars only (Telegram suspends bots that sell digital goods any other way);
 * - physical goods and services: the bot's Telegram Payments providers that take the order's currency, the
 *   crypto provider when its keys are set, and (physical goods only) cash on delivery.
 * In the order the back-office lists the providers. Empty when nothing fits: the shop says so politely.
 */
export function railsFor(
  productType: OrderProductType,
  currency: string,
  providers: readonly RuntimePaymentProvider[],
): PaymentProviderId[] {
  if (productType === 'digital') return providers.some((p) => p.kind === 'stars') ? ['stars'] : [];
  const takes = (p: RuntimePaymentProvider) => (p.currencies as readonly string[]).includes(currency);
  return providers
    .filter((p) => {
      if (p.kind === 'telegram_token') return takes(p) && Boolean(p.secrets.providerToken);
      if (p.kind === 'crypto') return takes(p) && Boolean(p.secrets.apiKey && p.secrets.ipnSecret);
      if (p.kind === 'none') return productType !== 'service';
      return false;
    })
    .map((p) => p.id);
}
