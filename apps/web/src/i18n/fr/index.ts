import type { Catalogue } from '../messages';
import { activity } from './activity';
import { auth } from './auth';
import { bots } from './bots';
import { categories } from './categories';
import { common } from './common';
import { home } from './home';
import { media } from './media';
import { products } from './products';
import { shell } from './shell';
import { ui } from './ui';

export const fr: Catalogue = {
  ...common,
  ...shell,
  ...auth,
  ...home,
  ...bots,
  ...ui,
  ...activity,
  ...media,
  ...products,
  ...categories,
};
