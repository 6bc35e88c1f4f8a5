import type { Bot } from '@app/contracts/bots';
import type { ProductType } from '@app/contracts/catalogue';
import type { Category } from '@app/contracts/categories';
import type { CreateProductBody, Product } from '@app/contracts/products';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { customers, orders, products, telegramIdentities } from '../src/db/schema/index';
import type { FakeBotApi } from '../src/fakes/bot-api/server';
import type { InitDataUser } from '../src/lib/telegram/init-data';
import { type NewOrder, placeOrder } from '../src/modules/orders/orders.service';
import { claimCodes } from '../src/modules/products/product-codes.service';
import { bearer, signIn, type TestApp } from './harness';

// What the tests make: vendors and their bots (through the API), categories and products, customers and
// orders (straight into the database, through the one order creation path).

/** A well-formed token (35 characters after the colon) for the Telegram bot id given. */
export function makeToken(telegramBotId: number, salt = 'A'): string {
  return `${telegramBotId}:AA${`${salt}${telegramBotId}`.padEnd(33, 'x')}`;
}

let nextBotId = 7_100_000_000;

/** Registers a new bot with the fake Bot API and answers its token and username. */
export function fakeBot(fake: FakeBotApi, username?: string) {
  nextBotId += 1;
  const token = makeToken(nextBotId);
  const name = username ?? `shop${nextBotId}_bot`;
  fake.state.registerBot({ token, username: name, firstName: 'Shop' });
  return { token, username: name, telegramBotId: nextBotId };
}

export type Vendor = { vendorId: string; auth: { authorization: string }; base: string };

export async function vendor(app: FastifyInstance): Promise<Vendor> {
  const session = await signIn(app);
  const vendorId = session.vendor.id;
  return { vendorId, auth: bearer(session.accessToken), base: `/api/v1/vendors/${vendorId}` };
}

/** `user` as staff of the vendor (their identity row, role STAFF), signed in: the vendor as they call it. */
export async function signInStaff(
  t: Pick<TestApp, 'app' | 'database'>,
  v: Vendor,
  user: InitDataUser,
): Promise<Vendor> {
  await t.database.db.insert(telegramIdentities).values({
    vendorId: v.vendorId,
    telegramId: user.id,
    role: 'STAFF',
    firstName: user.first_name,
    lastName: user.last_name ?? null,
  });
  const session = await signIn(t.app, user);
  return { ...v, auth: bearer(session.accessToken) };
}

export async function createBot(
  app: FastifyInstance,
  v: Vendor,
  body: Record<string, unknown>,
): Promise<Bot> {
  const res = await app.inject({ method: 'POST', url: `${v.base}/bots`, headers: v.auth, payload: body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Bot;
}

export async function createCategory(
  app: FastifyInstance,
  v: Vendor,
  name = 'Clothing',
  subcategories: string[] = ['T-Shirts'],
): Promise<Category> {
  const res = await app.inject({
    method: 'POST',
    url: `${v.base}/categories`,
    headers: v.auth,
    payload: { name, subcategories },
  });
  if (res.statusCode !== 201) throw new Error(`category create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Category;
}

/** A valid body of each type, in the category given. */
export function productBody(
  type: 'physical' | 'digital' | 'service' | 'key',
  categoryId: string,
  extra: Partial<CreateProductBody> = {},
): CreateProductBody {
  const base = { name: `A ${type} product`, price: 2500, categoryId };
  if (type === 'physical') return { ...base, productType: 'physical', stock: 30, ...extra };
  if (type === 'digital') {
    return {
      ...base,
      productType: 'digital',
      digital: { digitalType: 'downloadable', downloadUrl: 'https://files.example.test/guide.pdf' },
      ...extra,
    };
  }
  if (type === 'key') {
    return {
      ...base,
      productType: 'digital',
      digital: { digitalType: 'product_key', keyType: 'software' },
      codes: ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH'],
      ...extra,
    };
  }
  return {
    ...base,
    productType: 'service',
    service: {
      duration: 60,
      durationUnit: 'minutes',
      location: 'online',
      availability: { days: ['monday'], timeSlots: [{ start: '09:00', end: '12:00' }], timezone: 'UTC' },
      maxBookings: 2,
    },
    ...extra,
  };
}

export async function createProduct(
  app: FastifyInstance,
  v: Vendor,
  body: CreateProductBody,
): Promise<Product> {
  const res = await app.inject({ method: 'POST', url: `${v.base}/products`, headers: v.auth, payload: body });
  if (res.statusCode !== 201) throw new Error(`product create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Product;
}

let nextCustomer = 500_000;

/** A customer of the vendor (not yet a member of any bot). */
export async function addCustomer(
  t: Pick<TestApp, 'database'>,
  vendorId: string,
  fields: { firstName?: string; lastName?: string | null; username?: string | null; createdAt?: Date } = {},
) {
  nextCustomer += 1;
  const [row] = await t.database.db
    .insert(customers)
    .values({
      vendorId,
      telegramId: nextCustomer,
      firstName: fields.firstName ?? 'Casey',
      lastName: fields.lastName === undefined ? 'Buyer' : fields.lastName,
      username: fields.username === undefined ? `buyer${nextCustomer}` : fields.username,
      ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('no customer');
  return row;
}

export async function addProduct(
  t: Pick<TestApp, 'database'>,
  vendorId: string,
  fields: {
    name?: string;
    productType?: ProductType;
    priceMinor?: number;
    stock?: number;
    categoryId?: string;
  } = {},
) {
  const [row] = await t.database.db
    .insert(products)
    .values({
      vendorId,
      name: fields.name ?? 'Mug',
      productType: fields.productType ?? 'physical',
      priceMinor: fields.priceMinor ?? 1500,
      stock: fields.stock ?? 100,
      ...(fields.categoryId ? { categoryId: fields.categoryId } : {}),
    })
    .returning();
  if (!row) throw new Error('no product');
  return row;
}

type ProductRow = Awaited<ReturnType<typeof addProduct>>;

/** Places an order through the one creation path, in its own transaction. */
export async function placeTestOrder(
  t: Pick<TestApp, 'database'>,
  o: {
    vendorId: string;
    bot: Pick<Bot, 'id'>;
    customerId: string;
    lines: { product: ProductRow; quantity?: number }[];
  } & Partial<
    Pick<
      NewOrder,
      'status' | 'createdAt' | 'currency' | 'paymentStatus' | 'shipping' | 'serviceInfo' | 'digitalInfo'
    >
  >,
) {
  const { lines, bot, ...rest } = o;
  return t.database.db.transaction((tx) =>
    placeOrder(tx, {
      ...rest,
      botId: bot.id,
      items: lines.map((l) => ({
        productId: l.product.id,
        name: l.product.name,
        productType: l.product.productType,
        unitPriceMinor: l.product.priceMinor,
        quantity: l.quantity ?? 1,
      })),
    }),
  );
}

/** A product row of the vendor (the catalogue's own endpoints are not needed to test its media); answers its id. */
export async function insertProduct(database: Database, vendorId: string, name = 'Mug'): Promise<string> {
  return (await addProduct({ database }, vendorId, { name, priceMinor: 1000, stock: 0 })).id;
}

export type Shop = Bot & { token: string };
export type Buyer = { id: number; first_name: string; customerId: string };

/** A customer row of the vendor, and the Telegram user they are in the shop's chat. */
export async function addBuyer(t: TestApp, vendorId: string, firstName = 'Ann'): Promise<Buyer> {
  const row = await addCustomer(t, vendorId, { firstName, lastName: null });
  return { id: row.telegramId, first_name: firstName, customerId: row.id };
}

export type Line = {
  productId: string;
  name: string;
  productType: ProductType;
  unitPriceMinor: number;
  quantity?: number;
};

/**
 * An order as the checkout places it: pending and unpaid through placeOrder (stock reserved), the code-pool
 * codes claimed into it, and held until `reservedUntil` (15 minutes by default).
 */
export async function placeShopOrder(
  t: TestApp,
  o: {
    vendorId: string;
    botId: string;
    customerId: string;
    lines: Line[];
    claimCodes?: boolean;
    reservedUntil?: Date;
    serviceInfo?: Record<string, unknown>;
  },
) {
  return t.database.db.transaction(async (tx) => {
    const placed = await placeOrder(tx, {
      vendorId: o.vendorId,
      botId: o.botId,
      customerId: o.customerId,
      items: o.lines.map((l) => ({ ...l, quantity: l.quantity ?? 1 })),
      ...(o.serviceInfo ? { serviceInfo: o.serviceInfo } : {}),
    });
    if (o.claimCodes) {
      for (const l of o.lines) await claimCodes(tx, o.vendorId, l.productId, l.quantity ?? 1, placed.id);
    }
    await tx
      .update(orders)
      .set({ reservedUntil: o.reservedUntil ?? new Date(Date.now() + 15 * 60_000) })
      .where(and(eq(orders.vendorId, o.vendorId), eq(orders.id, placed.id)));
    return placed;
  });
}
