import type { Db } from '../../db/types';
import * as repo from './products.repository';

/** What other modules may read of the catalogue (the bots pages today). The products domain grows here. */
export function createProductsService(deps: { db: Db }) {
  return {
    /** Live products each bot sells (those for every bot included); every bot given is in the map. */
    countsByBot: (vendorId: string, botIds: string[]) => repo.productCounts(deps.db, vendorId, botIds),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
