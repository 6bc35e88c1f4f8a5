import type { Catalogue } from '../messages';
import { account } from './account';
import { activity } from './activity';
import { analytics } from './analytics';
import { auth } from './auth';
import { billing } from './billing';
import { bots } from './bots';
import { campaigns } from './campaigns';
import { categories } from './categories';
import { common } from './common';
import { customers } from './customers';
import { developer } from './developer';
import { home } from './home';
import { launch } from './launch';
import { media } from './media';
import { myAlerts } from './my-alerts';
import { orders } from './orders';
import { payments } from './payments';
import { products } from './products';
import { reliability } from './reliability';
import { settings } from './settings';
import { shared } from './shared';
import { shell } from './shell';
import { shop } from './shop';
import { shopProduct } from './shop-product';
import { staff } from './staff';
import { staffPick } from './staff-pick';
import { stars } from './stars';
import { store } from './store';
import { storeSettings } from './store-settings';
import { support } from './support';
import { ui } from './ui';

export const es: Catalogue = {
  ...common,
  ...shell,
  ...launch,
  ...auth,
  ...home,
  ...bots,
  ...ui,
  ...activity,
  ...settings,
  ...payments,
  ...billing,
  ...orders,
  ...customers,
  ...analytics,
  ...media,
  ...products,
  ...categories,
  ...shop,
  ...shopProduct,
  ...staff,
  ...account,
  ...developer,
  ...campaigns,
  ...store,
  ...storeSettings,
  ...support,
  ...reliability,
  ...shared,
  ...myAlerts,
  ...staffPick,
  ...stars,
};
