import { enCore } from './core';
import { enFeatures } from './features';
import { shopProduct } from './shop-product';

/**
 * Every text of the app in English, one file per area; the other languages mirror these files. The app itself
 * loads it in two parts (core.ts with the shell, features.ts on demand), and the shop's product view brings its
 * own (shop-product.ts, see addEnglish): this whole is for types and tests.
 */
export const en = { ...enCore, ...enFeatures, ...shopProduct };
