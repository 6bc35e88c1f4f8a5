import { activity } from './activity';
import { auth } from './auth';
import { common } from './common';
import { home } from './home';
import { reliability } from './reliability';
import { shared } from './shared';
import { shell } from './shell';
import { shop } from './shop';
import { store } from './store';
import { ui } from './ui';

/**
 * The English of the first load, built into the shell: the shell, sign-in, Home, the activity feed and the
 * shop's page. Every other area (en/features.ts) loads as its own chunk with the first screen that needs it.
 */
export const enCore = {
  ...common,
  ...shell,
  ...auth,
  ...home,
  ...ui,
  ...activity,
  ...reliability,
  ...shop,
  ...store,
  ...shared,
};
