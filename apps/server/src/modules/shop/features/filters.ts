import { stripUnsafeText } from '@app/contracts/common';
import type { FilterMatch } from '@app/contracts/settings';
import { Composer } from 'grammy';
import type { ChatMessage } from '../../customers/customers.service';
import type { ShopContext } from '../context';

export type FiltersDeps = {
  /** The bot's content filter rule that the text meets (strictest first), or null. */
  matchFilters(botId: string, text: string): Promise<{ rule: Pick<FilterMatch, 'action' | 'word'> | null }>;
  /** Records what a customer wrote: bot.command or bot.message (with the filter's verdict). */
  recordChat(message: ChatMessage): Promise<void>;
  log: { warn(obj: object, msg: string): void };
};

/**
 * What customers write: each command and text message is recorded as an event (one write per message; taps on
 * buttons are not recorded, they are the bulk of the traffic). A text message first meets the bot's content
 * filters: `block` ignores it and tells the customer politely, `warn` tells them and lets it through, `review`
 * lets it through and flags it for the vendor. Registered before the features that read text (search, checkout).
 */
export function filtersFeature(deps: FiltersDeps) {
  const feature = new Composer<ShopContext>();

  feature.chatType('private').on('message:text', async (ctx, next) => {
    const text = stripUnsafeText(ctx.message.text);
    const record = (m: Pick<ChatMessage, 'kind' | 'filter'>) =>
      deps
        .recordChat({
          vendorId: ctx.shop.vendorId,
          botId: ctx.shop.botId,
          botUsername: ctx.shop.username,
          from: { id: ctx.from.id, firstName: stripUnsafeText(ctx.from.first_name) },
          // Found once for the update by features/customer.ts; the record does not look them up again.
          customer: ctx.customer,
          text,
          ...m,
        })
        .catch((err: unknown) => {
          // The record is for the vendor's trail; the customer is answered all the same.
          deps.log.warn({ err, botId: ctx.shop.botId }, 'could not record a customer message');
        });

    if (isCommand(ctx.message)) {
      const recorded = record({ kind: 'command' });
      await next();
      await recorded;
      return;
    }
    const { rule } = await deps.matchFilters(ctx.shop.botId, text);
    const recorded = record({ kind: 'message', filter: rule });
    if (rule?.action === 'block') {
      await ctx.reply(ctx.say('filterBlocked'));
      await recorded;
      return;
    }
    if (rule?.action === 'warn') await ctx.reply(ctx.say('filterWarning'));
    ctx.filterAction = rule?.action ?? null;
    await next();
    await recorded;
  });

  return feature;
}

function isCommand(message: { text: string; entities?: { type: string; offset: number }[] }): boolean {
  return message.entities?.some((e) => e.type === 'bot_command' && e.offset === 0) ?? false;
}
