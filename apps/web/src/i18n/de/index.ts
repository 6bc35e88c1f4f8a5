import type { Catalogue } from '../messages';
import { activity } from './activity';
import { analytics } from './analytics';
import { auth } from './auth';
import { bots } from './bots';
import { categories } from './categories';
import { common } from './common';
import { customers } from './customers';
import { home } from './home';
import { media } from './media';
import { orders } from './orders';
import { payments } from './payments';
import { products } from './products';
import { reliability } from './reliability';
import { settings } from './settings';
import { shell } from './shell';
import { shop } from './shop';
import { ui } from './ui';

export const de: Catalogue = {
  ...common,
  ...shell,
  ...auth,
  ...home,
  ...bots,
  ...ui,
  ...activity,
  ...settings,
  ...payments,
  ...orders,
  ...customers,
  ...analytics,
  ...media,
  ...products,
  ...categories,
  ...shop,
  ...reliability,
};
