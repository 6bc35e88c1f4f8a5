import type { Db } from '../../db/types';
import * as repo from './customers.repository';

/** "Jane D.": the first name and the last name's initial, as the activity lists show a customer. */
export function shortName(name: repo.CustomerName): string {
  const initial = name.lastName?.trim().charAt(0);
  return initial ? `${name.firstName} ${initial.toUpperCase()}.` : name.firstName;
}

/** What other modules may read of customers (the bots pages today). The customers domain grows here. */
export function createCustomersService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** How many customers each bot given has; bots without any are absent. */
    memberCounts: (vendorId: string, botIds: string[]) => repo.memberCounts(db, vendorId, botIds),

    async memberCount(vendorId: string, botId: string): Promise<number> {
      return (await repo.memberCounts(db, vendorId, [botId])).get(botId) ?? 0;
    },

    /** The customers who joined the bot last, newest first, with their short names. */
    async recentMembers(vendorId: string, botId: string, limit: number) {
      const rows = await repo.recentMembers(db, vendorId, botId, limit);
      return rows.map((m) => ({ customerId: m.customerId, joinedAt: m.joinedAt, name: shortName(m) }));
    },

    /** Short names of the customers given; an unknown id answers an empty name. */
    async shortNames(vendorId: string, ids: string[]): Promise<(customerId: string) => string> {
      const names = await repo.customerNames(db, vendorId, [...new Set(ids)]);
      return (id) => {
        const name = names.get(id);
        return name ? shortName(name) : '';
      };
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
