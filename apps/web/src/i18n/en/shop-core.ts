import { common } from './common';
import { launch } from './launch';
import { reliability } from './reliability';
import { shared } from './shared';
import { shop } from './shop';
import { store } from './store';
import { ui } from './ui';

/**
 * The English every first load carries, built into i18n.ts: the shop's Mini App shows these and nothing more at
 * first; the back-office adds its shell's, Home's and the feed's (en/core.ts) as it starts.
 */
export const enShopCore = {
  ...common,
  ...launch,
  ...ui,
  ...reliability,
  ...shop,
  ...store,
  ...shared,
};
