import type { CreateProductBody, Product } from '@app/contracts/products';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createProduct, productBody } from '../../../test/factories';
import {
  ANN,
  answersOf,
  buttonsOf,
  chatWith,
  customerSays,
  customerTaps,
  customerTapsButton,
  eventually,
  lastTextTo,
  type OpenShop,
  openShop,
  sentTo,
} from '../../../test/shop';
import {
  botDailyStats,
  customerBots,
  customers,
  events,
  productDailyStats,
  products,
  shopSessions,
} from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { productPageMeta } from '../products/products-sale.service';

let fake: FakeBotApi;
let s: OpenShop;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
beforeEach(async () => {
  s = await openShop(fake);
});
afterEach(() => s.t.app.close());

async function sell(extra: Partial<CreateProductBody> = {}, type: 'physical' | 'digital' = 'physical') {
  const category = await createCategory(s.t.app, s.owner, `Bread ${Math.random()}`, []);
  return createProduct(
    s.t.app,
    s.owner,
    productBody(type, category.id, { name: 'Sourdough loaf', price: 650, stock: 10, ...extra }),
  );
}

const tap = (data: string) => customerTaps(s, data);
const press = (data: string) => customerTapsButton(s, data);
const lastText = () => lastTextTo(s, ANN.id);
/** The bot's newest message in the chat, as Ann sees it now (edits made). */
const screen = () => chatWith(s, ANN.id).at(-1);
const screenText = () => screen()?.text;

describe('customers of a shop bot', () => {
  it('becomes a customer of the vendor and a member of the bot on their first update, with one customer.created event', async () => {
    const ann = { ...ANN, last_name: 'Lee', username: 'annlee', language_code: 'de' };
    await customerSays(s, '/start', ann);
    await customerSays(s, 'bread', ann);

    const rows = await s.t.database.db
      .select()
      .from(customers)
      .where(eq(customers.vendorId, s.owner.vendorId));
    expect(rows.map((c) => [c.telegramId, c.firstName, c.lastName, c.username, c.languageCode])).toEqual([
      [ANN.id, 'Ann', 'Lee', 'annlee', 'de'],
    ]);
    const members = await s.t.database.db
      .select()
      .from(customerBots)
      .where(eq(customerBots.botId, s.shop.id));
    expect(members.map((m) => m.customerId)).toEqual([rows[0]?.id]);
    const recorded = await s.t.database.db
      .select()
      .from(events)
      .where(and(eq(events.vendorId, s.owner.vendorId), eq(events.subjectKind, 'customer')));
    expect(recorded.map((e) => [e.type, e.actorKind, e.payload.customerName, e.payload.botUsername])).toEqual(
      [['customer.created', 'customer', 'Ann Lee', s.shop.username]],
    );
  });

  it('brings the customer up to date when their Telegram profile changes, with a customer.updated event', async () => {
    await customerSays(s, '/start', { ...ANN, username: 'ann' });
    await customerSays(s, '/start', { ...ANN, username: 'ann_new' });

    const [row] = await s.t.database.db
      .select()
      .from(customers)
      .where(eq(customers.vendorId, s.owner.vendorId));
    expect(row?.username).toBe('ann_new');
    const recorded = await s.t.database.db
      .select({ type: events.type })
      .from(events)
      .where(and(eq(events.vendorId, s.owner.vendorId), eq(events.subjectKind, 'customer')));
    expect(recorded.map((e) => e.type).sort()).toEqual(['customer.created', 'customer.updated']);
  });
});

describe('the product card', () => {
  it('offers Add to cart, and counts the product view for analytics', async () => {
    const loaf = await sell();
    await tap(`product:${loaf.id}`);
    expect(buttonsOf(sentTo(s, ANN.id)[0])).toContainEqual({ text: '🛒 Add to cart', data: `ca:${loaf.id}` });

    await eventually(async () => {
      const [day] = await s.t.database.db
        .select()
        .from(botDailyStats)
        .where(eq(botDailyStats.botId, s.shop.id));
      expect(day?.views).toBe(1);
      const [product] = await s.t.database.db.select().from(products).where(eq(products.id, loaf.id));
      expect(product?.viewCount).toBe(1);
      // The product page's analytics chart reads the product's day.
      const [productDay] = await s.t.database.db
        .select()
        .from(productDailyStats)
        .where(eq(productDailyStats.productId, loaf.id));
      expect([productDay?.botId, productDay?.views, productDay?.units]).toEqual([s.shop.id, 1, 0]);
    });
  });

  it('offers each variation in stock with its price, and none that is sold out', async () => {
    const shirt = await sell({
      name: 'Shirt',
      price: 2000,
      physical: {
        variations: [
          {
            type: 'size',
            values: [
              { value: 'S', stock: 3 },
              { value: 'M', stock: 0 },
              { value: 'L', stock: 2, priceAdjustment: 200 },
            ],
          },
        ],
      },
    });
    await tap(`product:${shirt.id}`);
    const buttons = buttonsOf(sentTo(s, ANN.id)[0]).map((b) => b.text);
    expect(buttons).toContain('🛒 S · $20.00');
    expect(buttons).toContain('🛒 L · $22.00');
    expect(buttons.some((b) => b.startsWith('🛒 M'))).toBe(false);
  });
});

describe("the shop's shareable product address", () => {
  it('names the product the bot sells under a slug by its SEO title, description and keywords, else its name', async () => {
    const loaf = await sell({
      urlSlug: 'Rye Loaf',
      seo: {
        seoTitle: 'Rye loaf, baked today',
        seoDescription: 'Dark rye with caraway',
        seoKeywords: ['rye', 'caraway'],
      },
    });
    expect(loaf.urlSlug).toBe('rye-loaf');
    expect(await productPageMeta(s.t.database.db, s.owner.vendorId, s.shop.id, 'rye-loaf')).toEqual({
      productId: loaf.id,
      name: 'Sourdough loaf',
      title: 'Rye loaf, baked today',
      description: 'Dark rye with caraway',
      keywords: ['rye', 'caraway'],
    });
    const plain = await sell({ name: 'Bagel', urlSlug: 'bagel', shortDescription: 'Chewy' });
    expect(await productPageMeta(s.t.database.db, s.owner.vendorId, s.shop.id, 'bagel')).toMatchObject({
      productId: plain.id,
      title: 'Bagel',
      description: 'Chewy',
    });
    expect(await productPageMeta(s.t.database.db, s.owner.vendorId, s.shop.id, 'no-such-loaf')).toBeNull();
  });
});

describe('a product sold by size × colour', () => {
  const shirtBody = (combos: { values: [string, string]; stock: number; priceAdjustment?: number }[]) => ({
    name: 'Shirt',
    price: 2000,
    physical: {
      variations: [
        { type: 'size' as const, values: [{ value: 'S' }, { value: 'M' }, { value: 'L' }] },
        { type: 'color' as const, values: [{ value: 'Red' }, { value: 'Blue' }] },
      ],
      combinations: combos,
    },
  });

  it('asks for the size, then the colour among the combinations in stock, and takes that combination’s stock', async () => {
    const shirt = await sell(
      shirtBody([
        { values: ['S', 'Red'], stock: 2 },
        { values: ['S', 'Blue'], stock: 0 },
        { values: ['M', 'Blue'], stock: 1, priceAdjustment: 300 },
        { values: ['L', 'Red'], stock: 0 },
      ]),
    );
    expect(shirt.stock).toBe(3);
    await tap(`product:${shirt.id}`);
    // L has nothing left in any colour: not offered.
    expect(buttonsOf(screen()).map((b) => b.text)).toEqual(['Size: S', 'Size: M', '‹ Back']);

    await press(`vc:${shirt.id}:1`);
    expect(answersOf(s).at(-1)).toBe('Now choose the Colour');
    expect(buttonsOf(screen()).map((b) => b.text)).toEqual(['🛒 Colour: Blue · $23.00', '‹ Back']);
    await press(`vc:${shirt.id}`);
    await press(`vc:${shirt.id}:0`);
    expect(buttonsOf(screen()).map((b) => b.text)).toEqual(['🛒 Colour: Red · $20.00', '‹ Back']);
    const red = buttonsOf(screen())[0]?.data ?? '';
    await press(red);
    expect(answersOf(s).at(-1)).toBe('Added to your cart: Shirt (S / Red) × 1');

    await press('cart');
    await press('co:p');
    const [row] = await s.t.database.db.select().from(products).where(eq(products.id, shirt.id));
    const combos = (row?.details.combinations ?? []) as { values: string[]; stock: number }[];
    expect(combos.map((c) => [c.values.join('/'), c.stock])).toEqual([
      ['S/Red', 1],
      ['S/Blue', 0],
      ['M/Blue', 1],
      ['L/Red', 0],
    ]);
    expect(row?.stock).toBe(2);
  });

  it('refuses a combination with negative stock, or one naming a value the product does not have (400)', async () => {
    const category = await createCategory(s.t.app, s.owner, 'Tops', []);
    const post = (combos: { values: [string, string]; stock: number }[]) =>
      s.t.app.inject({
        method: 'POST',
        url: `${s.owner.base}/products`,
        headers: s.owner.auth,
        payload: productBody('physical', category.id, shirtBody(combos)),
      });
    const negative = await post([{ values: ['S', 'Red'], stock: -1 }]);
    expect(negative.statusCode).toBe(400);
    expect(negative.body).toContain('Stock cannot be negative');
    const unknown = await post([{ values: ['XL', 'Red'], stock: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('A combination names a value its variation does not have');
    const rows = await s.t.database.db.select().from(products).where(eq(products.vendorId, s.owner.vendorId));
    expect(rows).toEqual([]);
  });
});

describe('the cart', () => {
  /** The customer opens the product card and taps its add button, as in the app. */
  async function addFromCard(product: Product, label = '🛒 Add to cart') {
    await tap(`product:${product.id}`);
    const button = buttonsOf(sentTo(s, ANN.id).at(-1)).find((b) => b.text === label);
    if (!button) throw new Error(`no ${label} button`);
    await press(button.data);
  }
  /** The customer opens the cart from the View cart button. */
  const openCart = () => press('cart');

  it('adds a product and shows the cart with its lines and total', async () => {
    const loaf = await sell();
    await addFromCard(loaf);
    expect(answersOf(s).at(-1)).toBe('Added to your cart: Sourdough loaf × 1');

    await openCart();
    expect(screenText()).toBe('🛒 Your cart\n\nSourdough loaf × 1 = $6.50\n\nTotal: $6.50');
    expect(buttonsOf(screen()).map((b) => b.text)).toEqual([
      '➖',
      '➕',
      '🗑 Sourdough loaf',
      '✅ Checkout',
      '‹ Catalogue',
    ]);
  });

  it("shows the cart in a new message for /start cart, the shop's Mini App's way to checkout", async () => {
    const loaf = await sell();
    await addFromCard(loaf);
    await customerSays(s, '/start cart');
    expect(lastText()).toBe('🛒 Your cart\n\nSourdough loaf × 1 = $6.50\n\nTotal: $6.50');
  });

  it('adds with a note at the top of the chat and a View cart button on the card, sending no message', async () => {
    const loaf = await sell();
    await addFromCard(loaf);
    await press(`ca:${loaf.id}`);

    expect(answersOf(s)).toEqual([
      'Added to your cart: Sourdough loaf × 1',
      'Added to your cart: Sourdough loaf × 2',
    ]);
    expect(sentTo(s, ANN.id)).toHaveLength(1);
    expect(buttonsOf(screen())).toEqual([
      { text: '🛒 Add to cart', data: `ca:${loaf.id}` },
      { text: '🛒 View cart', data: 'cart' },
      { text: '‹ Back', data: `cat:${loaf.categoryId}` },
    ]);
  });

  it('shortens the note on adding to what Telegram shows (200 characters) for a long name', async () => {
    const loaf = await sell({ name: 'Sourdough '.repeat(20).trim() });
    await addFromCard(loaf);
    const note = answersOf(s).at(-1) ?? '';
    expect(note).toHaveLength(200);
    expect(note).toMatch(/^Added to your cart: Sourdough Sourdough .*…$/);
  });

  it('shows the cart in the message whose button was tapped, and changes it there', async () => {
    const loaf = await sell();
    await addFromCard(loaf);
    const card = screen();
    await openCart();
    await press(`c+:${loaf.id}`);

    expect(sentTo(s, ANN.id)).toHaveLength(1);
    expect(chatWith(s, ANN.id)).toHaveLength(1);
    expect(screen()?.message_id).toBe(card?.message_id);
    expect(screenText()).toContain('Sourdough loaf × 2 = $13.00');
    // The card's photo preview went with the card.
    expect(screen()?.link_preview_options).toEqual({ is_disabled: true });
  });

  it('sends the cart as a new message on /cart', async () => {
    const loaf = await sell();
    await addFromCard(loaf);
    await customerSays(s, '/cart');

    expect(sentTo(s, ANN.id)).toHaveLength(2);
    expect(lastText()).toBe('🛒 Your cart\n\nSourdough loaf × 1 = $6.50\n\nTotal: $6.50');
  });

  it('sends the cart as a new message when the message tapped can no longer be edited', async () => {
    const loaf = await sell();
    await addFromCard(loaf);
    await tap('cart');

    expect(sentTo(s, ANN.id)).toHaveLength(2);
    expect(lastText()).toBe('🛒 Your cart\n\nSourdough loaf × 1 = $6.50\n\nTotal: $6.50');
  });

  it('confirms an add with a message leading to the cart when the card can no longer be changed', async () => {
    const loaf = await sell();
    await tap(`ca:${loaf.id}`);

    expect(lastText()).toBe('Added to your cart: Sourdough loaf × 1');
    expect(buttonsOf(sentTo(s, ANN.id).at(-1))).toEqual([
      { text: '🛒 View cart', data: 'cart' },
      { text: '‹ Catalogue', data: 'catalogue' },
    ]);
  });

  it('counts an add to cart for analytics', async () => {
    const loaf = await sell();
    await addFromCard(loaf);
    await eventually(async () => {
      const [day] = await s.t.database.db
        .select()
        .from(botDailyStats)
        .where(eq(botDailyStats.botId, s.shop.id));
      expect(day?.carts).toBe(1);
    });
  });

  it('keeps the cart in the database, not in the server process', async () => {
    const loaf = await sell();
    await addFromCard(loaf);
    const [session] = await s.t.database.db
      .select()
      .from(shopSessions)
      .where(eq(shopSessions.botId, s.shop.id));
    expect(session?.cart).toEqual([{ productId: loaf.id, variation: null, quantity: 1 }]);
  });

  it('changes the quantity and removes a line', async () => {
    const loaf = await sell();
    await addFromCard(loaf);
    await openCart();
    await press(`c+:${loaf.id}`);
    await press(`c+:${loaf.id}`);
    expect(screenText()).toContain('Sourdough loaf × 3 = $19.50');
    await press(`c-:${loaf.id}`);
    expect(screenText()).toContain('Sourdough loaf × 2 = $13.00');
    await press(`cx:${loaf.id}`);
    expect(screenText()).toBe('Your cart is empty');
    expect(buttonsOf(screen())).toEqual([{ text: '🛍 Browse the catalogue', data: 'catalogue' }]);
  });

  it('never lets a quantity go below one', async () => {
    const loaf = await sell();
    await addFromCard(loaf);
    await openCart();
    await press(`c-:${loaf.id}`);
    expect(screenText()).toContain('Sourdough loaf × 1 = $6.50');
  });

  it('never lets a quantity go above the stock', async () => {
    const loaf = await sell({ stock: 2 });
    await addFromCard(loaf);
    await openCart();
    await press(`c+:${loaf.id}`);
    await press(`c+:${loaf.id}`);
    expect(answersOf(s).at(-1)).toBe('You can order at most 2 of this');
    expect(screenText()).toContain('Sourdough loaf × 2 = $13.00');
  });

  it("never lets a quantity go above the product's maxPerOrder", async () => {
    const loaf = await sell({ stock: 50, physical: { maxPerOrder: 2 } });
    await addFromCard(loaf);
    await addFromCard(loaf);
    await addFromCard(loaf);
    expect(answersOf(s).at(-1)).toBe('You can order at most 2 of this');
  });

  it('applies the bulk pricing tier that the quantity reaches', async () => {
    const loaf = await sell({
      bulkPricing: [
        { minQuantity: 3, maxQuantity: 9, type: 'percentage', value: 10 },
        { minQuantity: 10, maxQuantity: null, type: 'fixed', value: 500 },
      ],
    });
    await addFromCard(loaf);
    await openCart();
    await press(`c+:${loaf.id}`);
    expect(screenText()).toContain('Sourdough loaf × 2 = $13.00\n');
    await press(`c+:${loaf.id}`);
    expect(screenText()).toContain('Sourdough loaf × 3 = $17.55 (bulk price: $5.85 each)');
    for (let i = 0; i < 7; i++) await press(`c+:${loaf.id}`);
    expect(screenText()).toContain('Sourdough loaf × 10 = $50.00 (bulk price: $5.00 each)');
    expect(screenText()).toContain('Total: $50.00');
  });

  it('prices a variation with its adjustment and keeps it as its own line', async () => {
    const shirt = await sell({
      name: 'Shirt',
      price: 2000,
      physical: {
        variations: [
          {
            type: 'size',
            values: [
              { value: 'S', stock: 3 },
              { value: 'L', stock: 2, priceAdjustment: 200 },
            ],
          },
        ],
      },
    });
    await addFromCard(shirt, '🛒 S · $20.00');
    await addFromCard(shirt, '🛒 L · $22.00');
    expect(answersOf(s).at(-1)).toBe('Added to your cart: Shirt (L) × 1');
    await openCart();
    expect(screenText()).toBe(
      '🛒 Your cart\n\nShirt (S) × 1 = $20.00\nShirt (L) × 1 = $22.00\n\nTotal: $42.00',
    );
  });

  it('prices the cart from the database: a price change since shows in its total', async () => {
    const loaf = await sell();
    await addFromCard(loaf);
    await s.t.database.db.update(products).set({ priceMinor: 700 }).where(eq(products.id, loaf.id));
    await openCart();
    expect(screenText()).toContain('Total: $7.00');
  });

  it('takes out what is no longer sold, and says so', async () => {
    const loaf = await sell();
    await addFromCard(loaf);
    await s.t.database.db.update(products).set({ status: 'archived' }).where(eq(products.id, loaf.id));
    await openCart();
    expect(screenText()).toBe(
      'Something in your cart is no longer available and was removed.\n\nYour cart is empty',
    );
  });
});
