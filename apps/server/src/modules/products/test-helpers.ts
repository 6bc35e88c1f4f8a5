import type { Category } from '@app/contracts/categories';
import type { CreateProductBody, Product } from '@app/contracts/products';
import type { FastifyInstance } from 'fastify';
import type { Vendor } from '../bots/test-helpers';

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
