import { sql } from 'drizzle-orm';
import { foreignKey, index, jsonb, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { bots } from './bots';
import { ref, telegramId, updatedAt, vendorId } from './columns';

/**
 * A customer's conversation with one shop bot: their cart and the checkout step they are on. Kept in the
 * database, not in process memory, so any server process can serve the next update (ARCHITECTURE.md
 * "Telegram"). Keyed by the Telegram user, since a shopper may chat before they are a customer row.
 */
export const shopSessions = pgTable(
  'shop_sessions',
  {
    vendorId: vendorId(),
    botId: ref('bot_id'),
    telegramUserId: telegramId('telegram_user_id').notNull(),
    /** The cart's lines (modules/shop/sessions.service.ts `CartLine`): ids and quantities only, never prices. */
    cart: jsonb('cart').$type<unknown[]>().notNull().default([]),
    /** The step a multi-message exchange waits on (modules/shop/sessions.service.ts `SessionStep`), or null. */
    step: jsonb('step').$type<Record<string, unknown>>(),
    updatedAt: updatedAt(),
    /** When the cart last changed (the abandoned-cart reminder counts from it). */
    cartChangedAt: timestamp('cart_changed_at', { withTimezone: true }),
    /** When this cart's one abandoned-cart reminder went; cleared when the cart empties (a new cart starts). */
    cartRemindedAt: timestamp('cart_reminded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.botId, t.telegramUserId] }),
    index('shop_sessions_cart_due_idx')
      .on(t.vendorId, t.botId, t.cartChangedAt)
      .where(sql`${t.cartRemindedAt} IS NULL AND ${t.cart} <> '[]'::jsonb`),
    foreignKey({ columns: [t.vendorId, t.botId], foreignColumns: [bots.vendorId, bots.id] }).onDelete(
      'cascade',
    ),
  ],
);
