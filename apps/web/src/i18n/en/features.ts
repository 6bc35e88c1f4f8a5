import { account } from './account';
import { analytics } from './analytics';
import { billing } from './billing';
import { bots } from './bots';
import { campaigns } from './campaigns';
import { categories } from './categories';
import { customers } from './customers';
import { developer } from './developer';
import { media } from './media';
import { myAlerts } from './my-alerts';
import { orders } from './orders';
import { payments } from './payments';
import { products } from './products';
import { settings } from './settings';
import { staff } from './staff';
import { staffPick } from './staff-pick';
import { stars } from './stars';
import { storeSettings } from './store-settings';
import { support } from './support';

/** The English of every screen but the first load's (en/core.ts): one chunk, loaded with the first such screen. */
export const enFeatures = {
  ...bots,
  ...settings,
  ...payments,
  ...billing,
  ...orders,
  ...customers,
  ...analytics,
  ...media,
  ...products,
  ...categories,
  ...staff,
  ...account,
  ...developer,
  ...myAlerts,
  ...staffPick,
  ...support,
  ...stars,
  ...storeSettings,
  ...campaigns,
};
