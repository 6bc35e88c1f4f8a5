import { enCore } from './core';
import { enFeatures } from './features';

/**
 * Every text of the app in English, one file per area; the other languages mirror these files. The app itself
 * loads it in two parts (core.ts with the shell, features.ts on demand): this whole is for types and tests.
 */
export const en = { ...enCore, ...enFeatures };
