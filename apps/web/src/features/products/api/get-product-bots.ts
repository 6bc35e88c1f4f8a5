import { useBotOptions } from '../../../lib/bot-options';

/**
 * The caller's bots for the bot dropdown and selector (`GET /me/bots`: a staff member with Products but not
 * Bots may read it, and sees only their own bots). Shared with every other bot picker.
 */
export function useProductBots() {
  return useBotOptions();
}
