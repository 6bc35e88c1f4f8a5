import { useMyBots } from '../../../lib/bot-options';

/** The caller's bots, for the invoices' bot filter (`GET /me/bots`, shared with every bot picker). */
export function useBots() {
  return useMyBots();
}
