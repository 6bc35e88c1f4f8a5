import type { Context } from 'grammy';
import type { ShopBot } from '../bots/bot-runtime.service';
import type { ShopCustomer } from '../customers/customers.service';
import type { ShopTextKey } from './texts';

/** The context every shop feature sees: grammY's, plus the shop it serves and its words. */
export type ShopContext = Context & {
  shop: ShopBot;
  /** The customer the update comes from (features/customer.ts); null outside private chats. */
  customerId: string | null;
  /**
   * The same customer as looked up for this update (name, block mark): features that need more of them than
   * the id use this rather than reading them again. Null outside private chats.
   */
  customer: ShopCustomer | null;
  /** A runtime text in the shop's language. */
  say(key: ShopTextKey, params?: Record<string, string>): string;
};
