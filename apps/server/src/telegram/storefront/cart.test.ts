import type { CreateProductBody, Product } from '@app/contracts/products';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  botDailyStats,
  customerBots,
  customers,
  events,
  products,
  shopSessions,
} from '../../db/schema/index';
import { createCategory, createProduct, productBody } from '../../modules/products/test-helpers';
import { type FakeBotApi, startFakeBotApi } from '../fake-bot-api/server';
import {
  ANN,
  answersOf,
  buttonsOf,
  customerSays,
  customerTaps,
  eventually,
  lastTextTo,
  type OpenShop,
  openShop,
  sentTo,
} from './test-helpers';

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
const lastText = () => lastTextTo(s, ANN.id);

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

describe('the cart', () => {
  async function addFromCard(product: Product, label = '🛒 Add to cart') {
    await tap(`product:${product.id}`);
    const button = buttonsOf(sentTo(s, ANN.id).at(-1)).find((b) => b.text === label);
    if (!button) throw new Error(`no ${label} button`);
    await tap(button.data);
  }

  it('adds a product and shows the cart with its lines and total', async () => {
    const loaf = await sell();
    await addFromCard(loaf);
    expect(lastText()).toBe('Added to your cart: Sourdough loaf × 1');

    await tap('cart');
    expect(lastText()).toBe('🛒 Your cart\n\nSourdough loaf × 1 = $6.50\n\nTotal: $6.50');
    expect(buttonsOf(sentTo(s, ANN.id).at(-1)).map((b) => b.text)).toEqual([
      '➖',
      '➕',
      '🗑 Sourdough loaf',
      '✅ Checkout',
      '‹ Catalogue',
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
    await tap(`c+:${loaf.id}`);
    await tap(`c+:${loaf.id}`);
    expect(lastText()).toContain('Sourdough loaf × 3 = $19.50');
    await tap(`c-:${loaf.id}`);
    expect(lastText()).toContain('Sourdough loaf × 2 = $13.00');
    await tap(`cx:${loaf.id}`);
    expect(lastText()).toBe('Your cart is empty');
  });

  it('never lets a quantity go below one', async () => {
    const loaf = await sell();
    await addFromCard(loaf);
    await tap(`c-:${loaf.id}`);
    await tap('cart');
    expect(lastText()).toContain('Sourdough loaf × 1 = $6.50');
  });

  it('never lets a quantity go above the stock', async () => {
    const loaf = await sell({ stock: 2 });
    await addFromCard(loaf);
    await tap(`c+:${loaf.id}`);
    await tap(`c+:${loaf.id}`);
    expect(answersOf(s).at(-1)).toBe('You can order at most 2 of this');
    await tap('cart');
    expect(lastText()).toContain('Sourdough loaf × 2 = $13.00');
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
    await tap(`c+:${loaf.id}`);
    expect(lastText()).toContain('Sourdough loaf × 2 = $13.00\n');
    await tap(`c+:${loaf.id}`);
    expect(lastText()).toContain('Sourdough loaf × 3 = $17.55 (bulk price: $5.85 each)');
    for (let i = 0; i < 7; i++) await tap(`c+:${loaf.id}`);
    expect(lastText()).toContain('Sourdough loaf × 10 = $50.00 (bulk price: $5.00 each)');
    expect(lastText()).toContain('Total: $50.00');
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
    expect(lastText()).toBe('Added to your cart: Shirt (L) × 1');
    await tap('cart');
    expect(lastText()).toBe(
      '🛒 Your cart\n\nShirt (S) × 1 = $20.00\nShirt (L) × 1 = $22.00\n\nTotal: $42.00',
    );
  });

  it('prices the cart from the database: a price change since shows in its total', async () => {
    const loaf = await sell();
    await addFromCard(loaf);
    await s.t.database.db.update(products).set({ priceMinor: 700 }).where(eq(products.id, loaf.id));
    await tap('cart');
    expect(lastText()).toContain('Total: $7.00');
  });

  it('takes out what is no longer sold, and says so', async () => {
    const loaf = await sell();
    await addFromCard(loaf);
    await s.t.database.db.update(products).set({ status: 'archived' }).where(eq(products.id, loaf.id));
    await tap('cart');
    expect(lastText()).toBe(
      'Something in your cart is no longer available and was removed.\n\nYour cart is empty',
    );
  });
});
