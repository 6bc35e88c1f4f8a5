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
  /**
   * What the bot's content filters made of this update's text (features/filters.ts): `review` lets it through
   * flagged for the vendor. Unset for other updates.
   */
  filterAction?: 'warn' | 'review' | null;
  /** A runtime text in the shop's language. */
  say(key: ShopTextKey, params?: Record<string, string>): string;
};
