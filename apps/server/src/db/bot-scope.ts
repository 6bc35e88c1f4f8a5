import { type Column, inArray, type SQL, sql } from 'drizzle-orm';
import type { BotScope } from '../lib/actor';

/**
 * The where-condition that keeps a caller's bots (`actor.botIds`) in a list or a total: none for all bots,
 * `column in (…)` for some, false for none. Repositories put it beside their vendor condition:
 * `and(eq(t.vendorId, vendorId), botScopeWhere(t.botId, scope))`.
 */
export function botScopeWhere(column: Column, scope: BotScope): SQL | undefined {
  if (scope === 'all') return undefined;
  return scope.length === 0 ? sql`false` : inArray(column, [...scope]);
}
