import { stripUnsafeText } from '@app/contracts/common';
import { SUPPORT_LIMITS } from '@app/contracts/support';
import { Composer } from 'grammy';
import type { CustomerWrote } from '../../support/support.service';
import type { ShopContext } from '../context';
import { contactLines, type StoreDeps, storeNameOf } from './store';

export type SupportDeps = Pick<StoreDeps, 'storeOf'> & {
  support: {
    /** Adds the customer's message to their open conversation (opening one when `open`); null when none. */
    customerWrote(w: CustomerWrote): Promise<{ conversationId: string; opened: boolean } | null>;
    hasOpen(vendorId: string, botId: string, chatId: number): Promise<boolean>;
    rate(q: {
      vendorId: string;
      botId: string;
      chatId: number;
      conversationId: string;
      rating: number;
    }): Promise<'rated' | 'refused'>;
  };
};

const UUID = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';

/**
 * The support inbox's side in the chat: /support, /paysupport (Telegram asks bots that take payments to answer
 * it) and the "Contact support" button open a conversation with the vendor's team; while one is open, what the
 * customer writes (outside a checkout step, which reads its own answers first) goes to it instead of the
 * catalogue search; a photo or a document always does. After a close, the rating buttons (kept once).
 * Registered after checkout (its steps read text first) and before the catalogue (whose text is a search).
 */
export function supportFeature(deps: SupportDeps) {
  const feature = new Composer<ShopContext>();
  const chats = feature.chatType('private');

  function wrote(ctx: ShopContext, open: boolean, text: string, media?: CustomerWrote['media']) {
    const from = ctx.from;
    const customerId = ctx.customerId;
    if (!from || !customerId || ctx.chat?.type !== 'private') return Promise.resolve(null);
    const name =
      ctx.customer?.name ?? stripUnsafeText([from.first_name, from.last_name].filter(Boolean).join(' '));
    return deps.support.customerWrote({
      vendorId: ctx.shop.vendorId,
      botId: ctx.shop.botId,
      botUsername: ctx.shop.username,
      chatId: from.id,
      customerId,
      customerName: name,
      customerUsername: from.username ?? null,
      open,
      text,
      media: media ?? null,
    });
  }

  async function opened(ctx: ShopContext, key: 'supportOpened' | 'supportPaySupport') {
    const shop = storeNameOf(await deps.storeOf(ctx.shop.botId), ctx.shop);
    await ctx.reply(ctx.say(key, { shop }));
  }

  chats.command(['support', 'paysupport'], async (ctx) => {
    const paysupport = ctx.message?.text.startsWith('/paysupport') ?? false;
    const rest = stripUnsafeText(ctx.match).trim();
    await wrote(ctx, true, rest);
    await opened(ctx, paysupport ? 'supportPaySupport' : 'supportOpened');
  });

  feature.callbackQuery('support', async (ctx) => {
    await ctx.answerCallbackQuery();
    await wrote(ctx, true, '');
    await opened(ctx, 'supportOpened');
    // The store's own contacts too, for a customer who would rather call or write an e-mail.
    const store = await deps.storeOf(ctx.shop.botId);
    const lines = contactLines(ctx, store);
    if (lines.length > 0) {
      await ctx.reply([ctx.say('supportIntro', { shop: storeNameOf(store, ctx.shop) }), ...lines].join('\n'));
    }
  });

  chats.on('message:text', async (ctx, next) => {
    if (ctx.message.text.startsWith('/')) return next();
    if (!(await deps.support.hasOpen(ctx.shop.vendorId, ctx.shop.botId, ctx.from.id))) return next();
    await wrote(ctx, false, stripUnsafeText(ctx.message.text));
  });

  chats.on('message:photo', async (ctx) => {
    const photo = ctx.message.photo.at(-1);
    if (!photo) return;
    const result = await wrote(ctx, true, stripUnsafeText(ctx.message.caption ?? ''), {
      kind: 'photo',
      fileId: photo.file_id,
      name: null,
    });
    if (result?.opened) await opened(ctx, 'supportOpened');
  });

  chats.on('message:document', async (ctx) => {
    const doc = ctx.message.document;
    if ((doc.file_size ?? 0) > SUPPORT_LIMITS.customerFileBytes) {
      await ctx.reply(ctx.say('supportFileTooLarge'));
      return;
    }
    const result = await wrote(ctx, true, stripUnsafeText(ctx.message.caption ?? ''), {
      kind: 'document',
      fileId: doc.file_id,
      name: doc.file_name ? stripUnsafeText(doc.file_name) : null,
    });
    if (result?.opened) await opened(ctx, 'supportOpened');
  });

  feature.callbackQuery(new RegExp(`^rate:${UUID}:([1-5])$`), async (ctx) => {
    const outcome = await deps.support.rate({
      vendorId: ctx.shop.vendorId,
      botId: ctx.shop.botId,
      chatId: ctx.from.id,
      conversationId: ctx.match[1] ?? '',
      rating: Number(ctx.match[2]),
    });
    await ctx.answerCallbackQuery({
      text: ctx.say(outcome === 'rated' ? 'supportRated' : 'supportRateRefused'),
    });
    if (outcome === 'rated') await ctx.editMessageReplyMarkup().catch(() => undefined);
  });

  return feature;
}
