import type {
  ImportCodesBody,
  ListProductsQuery,
  NewProduct,
  PreviewCodesBody,
  ProductChanges,
} from '@app/contracts/products';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { planLookup } from './product-checks.service';
import {
  type CodesPage,
  deleteCode,
  generatePoolCodes,
  importCodes,
  listCodes,
  previewCodes,
  revealCode,
} from './product-codes.service';
import {
  countProductsByBot,
  getProduct,
  listProducts,
  productContext,
  productQr,
  productSlots,
  productTypesSoldBy,
  productViews,
  shareProduct,
  visibleProduct,
} from './product-reads.service';
import {
  createProduct,
  createProductIn,
  duplicateProduct,
  type ProductWritesDeps,
  removeProduct,
  setProductStatus,
  updateProduct,
  updateProductIn,
} from './product-writes.service';
import { type ProductRow, withholdAllBotsProducts } from './products.repository';

// The catalogue's vendor API: reads (product-reads), writes (product-writes, checked by product-checks) and code
// pools (product-codes). What the shop and the orders module run in their own transactions is in
// products-sale.service.ts, product-delivery.service.ts and product-codes.service.ts (claimCodes, releaseCodes).

/** What the products service is built from. */
export type ProductsDeps = ProductWritesDeps;

/** The products service: every method bound to `deps`, safe to pass around unbound. */
export function createProductsService(deps: ProductsDeps) {
  return {
    countsByBot: (vendorId: string, botIds: string[]) => countProductsByBot(deps, vendorId, botIds),
    typesSoldBy: (vendorId: string, botId: string) => productTypesSoldBy(deps, vendorId, botId),
    /** In the bot's creation: the vendor's "All bots" products are not sold through this new bot. */
    withholdAllBotsProducts: (tx: Tx, vendorId: string, botId: string) =>
      withholdAllBotsProducts(tx, vendorId, botId),
    list: (actor: Actor, q: z.output<typeof ListProductsQuery>) => listProducts(deps, actor, q),
    get: (actor: Actor, productId: string) => getProduct(deps, actor, productId),
    create: (actor: Actor, body: NewProduct) => createProduct(deps, actor, body),
    update: (actor: Actor, productId: string, body: ProductChanges) =>
      updateProduct(deps, actor, productId, body),
    remove: (actor: Actor, productId: string) => removeProduct(deps, actor, productId),
    archive: (actor: Actor, productId: string) => setProductStatus(deps, actor, productId, 'archived'),
    restore: (actor: Actor, productId: string) => setProductStatus(deps, actor, productId, 'active'),
    duplicate: (actor: Actor, productId: string) => duplicateProduct(deps, actor, productId),

    listCodes: (actor: Actor, productId: string, q: CodesPage) => listCodes(deps, actor, productId, q),
    revealCode: (actor: Actor, productId: string, codeId: string) =>
      revealCode(deps, actor, productId, codeId),
    deleteCode: (actor: Actor, productId: string, codeId: string) =>
      deleteCode(deps, actor, productId, codeId),
    generateCodes: (actor: Actor, productId: string, count: number) =>
      generatePoolCodes(deps, actor, productId, count),
    previewCodes: (body: z.output<typeof PreviewCodesBody>) => previewCodes(deps, body),
    importCodes: (actor: Actor, productId: string, body: ImportCodesBody) =>
      importCodes(deps, actor, productId, body),

    slots: (actor: Actor, productId: string, from: string, to: string) =>
      productSlots(deps, actor, productId, from, to),
    share: (actor: Actor, productId: string, botId?: string) => shareProduct(deps, actor, productId, botId),
    qr: (actor: Actor, productId: string, botId: string | undefined, format: 'png' | 'svg') =>
      productQr(deps, actor, productId, botId, format),

    /** For the CSV import and export (products-csv.service.ts): the steps the API's writes and views use. */
    internal: {
      createIn: createProductIn,
      updateIn: updateProductIn,
      views: (vendorId: string, rows: ProductRow[]) => productViews(deps, vendorId, rows),
      context: (vendorId: string, rows: ProductRow[]) => productContext(deps, vendorId, rows),
      visible: (actor: Actor, productId: string, conn?: Db | Tx) =>
        visibleProduct(deps, actor, productId, conn),
      planLookup: (vendorId: string) => planLookup(deps, vendorId),
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
