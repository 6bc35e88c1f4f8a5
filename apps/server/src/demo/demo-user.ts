import type { InitDataUser } from '../lib/telegram/init-data';

/** The Telegram user demo mode signs in as; the seed gives them a vendor with realistic data. */
export const DEMO_USER: InitDataUser = {
  id: 700_000_001,
  first_name: 'Alex',
  last_name: 'Morgan',
  username: 'alex_demo_shop',
  language_code: 'en',
  is_premium: true,
};

export const DEMO_STORE_NAME = "Alex's Demo Store";
