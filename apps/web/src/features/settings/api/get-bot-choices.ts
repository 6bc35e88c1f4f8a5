import { useMyBots } from '../../../lib/bot-options';

/**
 * The hub's bot selector (spec part 2 §2.3: "The hub also loads the bot list"): the caller's bots
 * (`GET /me/bots`), so a staff member with Settings but not Bots chooses among their own bots.
 */
export function useBotChoices() {
  return useMyBots();
}
