import type { BotListResponse } from '@app/contracts/bots';
import type { DashboardStats } from '@app/contracts/dashboard';
import type { ProductListResponse } from '@app/contracts/products';
import { expect, test } from '@playwright/test';
import { apiGet, chatCustomer, openSignedIn } from './fixtures';

const CODE_TYPES = ['product_key', 'ticket', 'pass', 'subscription'];

test('a customer buys a digital product in the demo shop bot, and the back-office shows the order, the customer and the new figures', async ({
  page,
}) => {
  // Several round trips through the bot, the fake Telegram and the back-office.
  test.setTimeout(60_000);
  await openSignedIn(page);
  const before = await apiGet<DashboardStats>(page, '/dashboard/stats');

  // A running demo shop and a digital product with codes left that it sells.
  const { bots } = await apiGet<BotListResponse>(page, '/bots');
  let sale: { bot: string; productId: string; name: string } | null = null;
  for (const bot of bots.filter((b) => b.isActive)) {
    const { products } = await apiGet<ProductListResponse>(
      page,
      `/products?botId=${bot.id}&productType=digital&status=active&limit=100`,
    );
    const product = products.find((p) => p.digitalType && CODE_TYPES.includes(p.digitalType) && p.stock > 0);
    if (product) {
      sale = { bot: bot.username, productId: product.id, name: product.name };
      break;
    }
  }
  expect(sale, 'a running demo shop sells a digital product with codes').not.toBeNull();
  if (!sale) return;

  const suffix = Date.now() % 100_000;
  const buyer = { id: 7_000_000_000 + suffix, first_name: `Dana${suffix}`, username: `dana_${suffix}` };
  const dana = chatCustomer(page, sale.bot, buyer);

  // In the bot: open the product from its deep link, add it to the cart, check out, pay the Stars invoice.
  await dana.says(`/start product_${sale.productId}`);
  await dana.taps('🛒 Add to cart');
  await dana.taps('🛒 View cart');
  await dana.taps('✅ Checkout');
  const invoice = (await dana.transcript()).find((e) => e.message?.invoice);
  expect(invoice?.message?.invoice?.currency).toBe('XTR');
  const paid = await dana.pays();
  expect(paid.paid).toBe(true);

  // The code arrives in the chat after the payment.
  await expect
    .poll(async () =>
      (await dana.transcript())
        .filter((e) => e.from === 'bot')
        .map((e) => e.message?.text ?? '')
        .join('\n'),
    )
    .toContain('Payment received');

  // The back-office: the order is on the Orders screen, completed, for this customer.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await page.getByRole('searchbox').fill(buyer.first_name);
  const card = page.getByTestId('order-card').filter({ hasText: buyer.first_name });
  await expect(card).toHaveCount(1);
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'completed');

  // Home counts the new order.
  await expect
    .poll(async () => (await apiGet<DashboardStats>(page, '/dashboard/stats')).totalOrders)
    .toBeGreaterThan(before.totalOrders);
  // (Home polls its figures every 30 s, spec §9; opening it afresh shows them at once.) Other specs order from
  // the demo shops meanwhile: Home, opened afresh, shows the count the API gives at that moment.
  await expect(async () => {
    await openSignedIn(page);
    const now = await apiGet<DashboardStats>(page, '/dashboard/stats');
    await expect(page.getByTestId('stat-total-orders')).toContainText(now.totalOrders.toLocaleString('en'), {
      timeout: 2000,
    });
  }).toPass({ timeout: 20_000 });

  // The new customer is on the Customers screen, reached from Home's card.
  await page.getByTestId('stat-total-customers').click();
  await page.getByRole('searchbox').fill(buyer.first_name);
  await expect(page.getByText(buyer.first_name).first()).toBeVisible();
});
