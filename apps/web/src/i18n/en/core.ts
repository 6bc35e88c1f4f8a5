import { activity } from './activity';
import { auth } from './auth';
import { home } from './home';
import { shell } from './shell';
import { enShopCore } from './shop-core';

/**
 * The English the back-office's first load adds to the shop's (en/shop-core.ts): the shell, sign-in, Home and
 * the activity feed. The back-office's entry adds it before anything renders; the shop never loads it (the feed's
 * texts alone are a third of it). Every other area (en/features.ts) loads with the first screen that needs it.
 */
export const enBackOfficeCore = {
  ...shell,
  ...auth,
  ...home,
  ...activity,
};

/** Everything the back-office's first load speaks. */
export const enCore = { ...enShopCore, ...enBackOfficeCore };
