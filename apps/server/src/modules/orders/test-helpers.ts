import type { Bot } from '@app/contracts/bots';
import type { ProductType } from '@app/contracts/catalogue';
import type { TestApp } from '../../../test/harness';
import { customers, products } from '../../db/schema/index';
import { type NewOrder, placeOrder } from './orders-admin.service';

let nextCustomer = 500_000;

/** A customer of the vendor (not yet a member of any bot). */
export async function addCustomer(
  t: TestApp,
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
  t: TestApp,
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
  t: TestApp,
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
