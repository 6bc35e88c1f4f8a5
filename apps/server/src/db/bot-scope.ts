import { type Column, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { BotScope } from '../lib/actor';
import { productBots, products } from './schema';

/**
 * The where-condition that keeps a caller's bots (`actor.botIds`) in a list or a total: none for all bots,
 * `column in (…)` for some, false for none. Repositories put it beside their vendor condition:
 * `and(eq(t.vendorId, vendorId), botScopeWhere(t.botId, scope))`.
 */
export function botScopeWhere(column: Column, scope: BotScope): SQL | undefined {
  if (scope === 'all') return undefined;
  return scope.length === 0 ? sql`false` : inArray(column, [...scope]);
}

/** Products sold through every bot or through one of these. */
export const soldThrough = (botIds: readonly string[]) =>
  or(
    eq(products.allBots, true),
    sql`exists (select 1 from ${productBots} pb where pb.vendor_id = ${products.vendorId}
      and pb.product_id = ${products.id} and pb.bot_id in (${sql.join(
        botIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}))`,
  );

/**
 * The products a caller held to some bots may see: those sold through every bot or through one of theirs
 * (none when they hold none). Undefined for a caller on every bot. The categories' counts use it too.
 */
export function productInScope(scope: BotScope): SQL | undefined {
  if (scope === 'all') return undefined;
  return scope.length === 0 ? sql`false` : soldThrough(scope);
}
