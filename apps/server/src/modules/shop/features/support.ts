import { Readable } from 'node:stream';
import { stripUnsafeText } from '@app/contracts/common';
import { SUPPORT_LIMITS } from '@app/contracts/support';
import { Composer } from 'grammy';
import type { CustomerWrote } from '../../support/support.service';
import type { ShopContext } from '../context';
import type { ShopPaymentsRuntime } from '../payments/shop-payments.service';
import { contactLines, type StoreDeps, storeNameOf } from './store';

/** How storing a customer's file through the media module went: its upload, or why it was refused. */
export type StoredFile = { uploadId: string } | { refused: 'too_large' | 'unreadable' };

export type SupportDeps = Pick<StoreDeps, 'storeOf'> & {
  /** The shop payments' runtime side: whose an order is (a "Contact support" tap names one). */
  shopPayments: Pick<ShopPaymentsRuntime, 'orderNumberOf'>;
  /** The Bot API root the shop bots call: a customer's file is downloaded from `<root>/file/bot<token>/…`. */
  apiRoot: string;
  /** Stores a customer's photo or document through the media module, as the vendor's upload. */
  storeCustomerFile(
    vendorId: string,
    input: { kind: 'photo' | 'document'; filename: string; body: AsyncIterable<Buffer> },
  ): Promise<StoredFile>;
  log: { warn(obj: object, msg: string): void };
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

/** The "Contact support" button an order's message carries: it opens a conversation about that order. */
export function supportButton(say: ShopContext['say'], orderId: string) {
  return { text: say('supportContact'), callback_data: `support:${orderId}` };
}

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

  function wrote(
    ctx: ShopContext,
    open: boolean,
    text: string,
    media?: CustomerWrote['media'],
    orderId?: string,
  ) {
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
      ...(orderId ? { orderId } : {}),
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

  // "Contact support" on an order's message (its confirmation, payment, delivery, status news): a conversation
  // about that order, when it is the customer's own in this bot (else about nothing in particular).
  feature.callbackQuery(new RegExp(`^support:${UUID}$`), async (ctx) => {
    await ctx.answerCallbackQuery();
    const orderId = ctx.match[1] ?? '';
    const number = await deps.shopPayments.orderNumberOf(
      { vendorId: ctx.shop.vendorId, botId: ctx.shop.botId },
      orderId,
      ctx.from.id,
    );
    await wrote(ctx, true, '', null, number === null ? undefined : orderId);
    const shop = storeNameOf(await deps.storeOf(ctx.shop.botId), ctx.shop);
    await ctx.reply(
      number === null
        ? ctx.say('supportOpened', { shop })
        : ctx.say('supportOpenedOrder', { shop, number: String(number) }),
    );
  });

  chats.on('message:text', async (ctx, next) => {
    if (ctx.message.text.startsWith('/')) return next();
    if (!(await deps.support.hasOpen(ctx.shop.vendorId, ctx.shop.botId, ctx.from.id))) return next();
    await wrote(ctx, false, stripUnsafeText(ctx.message.text));
  });

  /** The file's bytes from Telegram as they arrive. Errors never carry the URL: it holds the bot's token. */
  async function download(ctx: ShopContext, fileId: string): Promise<AsyncIterable<Buffer>> {
    const file = await ctx.api.getFile(fileId);
    if (!file.file_path) throw new Error('Telegram gave no file path');
    let res: Response;
    try {
      res = await fetch(`${deps.apiRoot}/file/bot${ctx.shop.token}/${file.file_path}`, {
        signal: AbortSignal.timeout(60_000),
      });
    } catch {
      throw new Error('the file download failed');
    }
    if (!res.ok || !res.body) throw new Error(`the file download failed (HTTP ${res.status})`);
    return Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>);
  }

  /**
   * Stores the customer's file through the media module, or tells them why it cannot be kept (answering null).
   * When Telegram cannot hand it over, the message is kept with Telegram's file id alone.
   */
  async function stored(
    ctx: ShopContext,
    kind: 'photo' | 'document',
    fileId: string,
    name: string,
  ): Promise<{ uploadId: string | null } | null> {
    let result: StoredFile;
    try {
      result = await deps.storeCustomerFile(ctx.shop.vendorId, {
        kind,
        filename: name,
        body: await download(ctx, fileId),
      });
    } catch (err) {
      deps.log.warn(
        { botId: ctx.shop.botId, err: err instanceof Error ? err.message : String(err) },
        'a customer file could not be stored',
      );
      return { uploadId: null };
    }
    if ('uploadId' in result) return result;
    await ctx.reply(
      ctx.say(result.refused === 'too_large' ? 'supportFileTooLarge' : 'supportPhotoUnreadable'),
    );
    return null;
  }

  chats.on('message:photo', async (ctx) => {
    const photo = ctx.message.photo.at(-1);
    if (!photo) return;
    const file = await stored(ctx, 'photo', photo.file_id, 'photo.jpg');
    if (!file) return;
    const result = await wrote(ctx, true, stripUnsafeText(ctx.message.caption ?? ''), {
      kind: 'photo',
      fileId: photo.file_id,
      name: null,
      uploadId: file.uploadId,
    });
    if (result?.opened) await opened(ctx, 'supportOpened');
  });

  chats.on('message:document', async (ctx) => {
    const doc = ctx.message.document;
    if ((doc.file_size ?? 0) > SUPPORT_LIMITS.customerFileBytes) {
      await ctx.reply(ctx.say('supportFileTooLarge'));
      return;
    }
    const name = doc.file_name ? stripUnsafeText(doc.file_name) : null;
    const file = await stored(ctx, 'document', doc.file_id, name ?? 'document');
    if (!file) return;
    const result = await wrote(ctx, true, stripUnsafeText(ctx.message.caption ?? ''), {
      kind: 'document',
      fileId: doc.file_id,
      name,
      uploadId: file.uploadId,
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
