import type { BotListResponse } from '@app/contracts/bots';
import type { CategoryListResponse } from '@app/contracts/categories';
import type { Product } from '@app/contracts/products';
import type { PaymentProviders } from '@app/contracts/settings';
import { expect, type Page, test } from '@playwright/test';
import { openSignedIn } from './fixtures';

// Issue 24 (services): a booked onsite service's confirmation carries its address.

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: object): Promise<T> {
  const { token, vendorId } = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    vendorId: localStorage.getItem('vendor_id'),
  }));
  const response = await page.request.fetch(`/api/v1/vendors/${vendorId}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

type Keyboard = { inline_keyboard?: { text: string; callback_data?: string }[][] };
type Entry = { type: string; from?: 'bot' | 'user'; message?: { text?: string; reply_markup?: Keyboard } };

function customer(page: Page, bot: string, user: { id: number; first_name: string }) {
  const control = async (route: string, body: object) => {
    const response = await page.request.post(`/fake-telegram/__control/chat/${route}`, {
      data: { bot, user, ...body },
    });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  };
  const transcript = async (): Promise<Entry[]> => {
    const response = await page.request.get(
      `/fake-telegram/__control/chat?bot=${encodeURIComponent(bot)}&userId=${user.id}`,
    );
    return (await response.json()).entries;
  };
  const lastBotMessage = async () => (await transcript()).filter((e) => e.from === 'bot').at(-1)?.message;
  return {
    says: (text: string) => control('send', { text }),
    taps: (text: string) => control('tap', { text }),
    tapsData: (data: string) => control('tap', { data }),
    pays: () => control('pay', {}),
    lastBotMessage,
    botTexts: async () =>
      (await transcript())
        .filter((e) => e.from === 'bot')
        .map((e) => e.message?.text ?? '')
        .join('\n'),
  };
}

test('a booked onsite service’s confirmation carries its address', async ({ page }) => {
  test.setTimeout(60_000);
  await openSignedIn(page);
  // A demo shop that takes card payments (the seed's shops selling goods; bots other specs create take none).
  const { bots } = await api<BotListResponse>(page, 'GET', '/bots');
  let shop: { id: string; username: string } | null = null;
  for (const bot of bots.filter((b) => b.isActive)) {
    const { providers } = await api<PaymentProviders>(page, 'GET', `/bots/${bot.id}/payments`);
    if (providers.some((p) => p.id === 'card' && p.enabled)) {
      shop = { id: bot.id, username: bot.username };
      break;
    }
  }
  expect(shop, 'a running demo shop takes card payments').not.toBeNull();
  if (!shop) return;

  const suffix = Date.now() % 100_000;
  const { categories } = await api<CategoryListResponse>(page, 'GET', '/categories');
  const lesson = await api<Product>(page, 'POST', '/products', {
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
  const sol = customer(page, shop.username, buyer);
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
