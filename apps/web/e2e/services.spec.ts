import type { BotListResponse } from '@app/contracts/bots';
import type { CategoryListResponse } from '@app/contracts/categories';
import type { Product } from '@app/contracts/products';
import type { PaymentProviders } from '@app/contracts/settings';
import { expect, test } from '@playwright/test';
import { chatCustomer, openSignedIn, vendorApi } from './fixtures';

// Issue 24 (services): a booked onsite service's confirmation carries its address.

test('a booked onsite service’s confirmation carries its address', async ({ page }) => {
  test.setTimeout(60_000);
  await openSignedIn(page);
  // A demo shop that takes card payments (the seed's shops selling goods; bots other specs create take none).
  const { bots } = await vendorApi<BotListResponse>(page, 'GET', '/bots');
  let shop: { id: string; username: string } | null = null;
  for (const bot of bots.filter((b) => b.isActive)) {
    const { providers } = await vendorApi<PaymentProviders>(page, 'GET', `/bots/${bot.id}/payments`);
    if (providers.some((p) => p.id === 'card' && p.enabled)) {
      shop = { id: bot.id, username: bot.username };
      break;
    }
  }
  expect(shop, 'a running demo shop takes card payments').not.toBeNull();
  if (!shop) return;

  const suffix = Date.now() % 100_000;
  const { categories } = await vendorApi<CategoryListResponse>(page, 'GET', '/categories');
  const lesson = await vendorApi<Product>(page, 'POST', '/products', {
    name: `E2E Home visit ${suffix}`,
    productType: 'service',
    price: 4000,
    categoryId: categories[0]?.id,
    botIds: [shop.id],
    service: {
      duration: 60,
      durationUnit: 'minutes',
      location: 'onsite',
      address: '12 Rua Augusta, Lisbon',
      maxBookings: 5,
      availability: {
        days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
        timeSlots: [{ start: '09:00', end: '17:00' }],
        timezone: 'UTC',
      },
    },
  });

  const buyer = { id: 7_200_000_000 + suffix, first_name: `Sol${suffix}` };
  const sol = chatCustomer(page, shop.username, buyer);
  await sol.says(`/start product_${lesson.id}`);
  await sol.taps('🛒 Add to cart');
  await sol.taps('🛒 View cart');
  await sol.tapsData(`co:s:${lesson.id}`);
  const slot = (await sol.lastBotMessage())?.reply_markup?.inline_keyboard
    ?.flat()
    .find((b) => b.callback_data?.startsWith('sl:'))?.callback_data;
  expect(slot).toBeTruthy();
  await sol.tapsData(slot ?? '');
  await sol.taps('✅ Confirm');
  // The shop may offer a choice of rails: the card.
  const rails = (await sol.lastBotMessage())?.reply_markup?.inline_keyboard?.flat() ?? [];
  if (rails.some((b) => b.text === '💳 Card')) await sol.taps('💳 Card');
  expect((await sol.pays()).paid).toBe(true);

  await expect.poll(() => sol.botTexts()).toContain('Your booking is confirmed');
  expect(await sol.botTexts()).toContain('📍 Address: 12 Rua Augusta, Lisbon');
});
