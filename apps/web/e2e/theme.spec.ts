import { expect, type Locator, type Page, test } from '@playwright/test';
import { openSignedIn, telegramEvents } from './fixtures';

// Telegram Desktop's night palette, which demo mode hands the mocked client (lib/demo-theme.ts).
const NIGHT = { button: '#5288c1', background: '#17212b' };

function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The contrast of a piece of text against the background of the card it sits on. */
async function contrastOnCard(text: Locator, card: Locator): Promise<number> {
  const color = await text.evaluate((el) => getComputedStyle(el).color);
  const background = await card.evaluate((el) => getComputedStyle(el).backgroundColor);
  return contrast(color, background);
}

async function eventsSince(page: Page, count: number) {
  return (await telegramEvents(page)).slice(count);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`hint text on Home's cards reads at 4.5:1 or better in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await openSignedIn(page);
    const card = page.getByTestId('stat-total-orders');
    await expect(card).toBeVisible();
    expect(await contrastOnCard(card.getByText('vs last 30 days'), card)).toBeGreaterThanOrEqual(4.5);
  });
}

test('a live theme change repaints the main button, the background and the text colours', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openSignedIn(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Bots' }).click();
  await expect(page.getByTestId('demo-main-button')).toBeVisible();
  const before = (await telegramEvents(page)).length;
  const lightHint = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-hint-color'),
  );

  // The user switches Telegram to night mode (demo mode: the system's scheme stands in for it).
  await page.emulateMedia({ colorScheme: 'dark' });

  await expect
    .poll(async () => (await eventsSince(page, before)).filter((e) => e.name === 'web_app_setup_main_button'))
    .toContainEqual(expect.objectContaining({ params: expect.objectContaining({ color: NIGHT.button }) }));
  expect(await eventsSince(page, before)).toContainEqual({
    name: 'web_app_set_background_color',
    params: { color: NIGHT.background },
  });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  const darkHint = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-hint-color'),
  );
  expect(darkHint).not.toBe(lightHint);
});
