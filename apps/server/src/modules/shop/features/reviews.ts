import { stripUnsafeText } from '@app/contracts/common';
import { Composer, InlineKeyboard } from 'grammy';
import { AppError } from '../../../lib/app-error';
import type { NextToRate, Reviewer } from '../../reviews/reviews.service';
import { sessionKeyOf } from '../cart-model';
import type { ShopContext } from '../context';
import type { SessionStore } from '../sessions.service';

export type ReviewsDeps = {
  sessions: SessionStore;
  reviews: {
    nextToRate(who: Reviewer, orderId: string): Promise<NextToRate>;
    rate(
      who: Reviewer,
      itemId: string,
      rating: number,
    ): Promise<{ reviewId: string; orderId: string; productName: string }>;
    addText(who: Reviewer, reviewId: string, text: string, hold: boolean): Promise<void>;
  };
};

const UUID = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
const STARS = (n: number) => '⭐'.repeat(n);

/**
 * Reviews in the chat: the completed order's message carries "Rate" (`review:<orderId>`); the shop asks for
 * each line's product in turn, 1–5 stars (`rv:<lineId>:<n>`, once per line), then for optional words (the
 * next text message, which has met the content filters first: blocked words never arrive, `review` ones keep
 * the review hidden until the vendor shows it), or Skip. Registered after checkout, before support and search.
 */
export function reviewsFeature(deps: ReviewsDeps) {
  const feature = new Composer<ShopContext>();

  const reviewerOf = (ctx: ShopContext): Reviewer | null =>
    ctx.customerId && ctx.from
      ? {
          vendorId: ctx.shop.vendorId,
          botId: ctx.shop.botId,
          customerId: ctx.customerId,
          customerName:
            ctx.customer?.name ??
            stripUnsafeText([ctx.from.first_name, ctx.from.last_name].filter(Boolean).join(' ')),
        }
      : null;

  /** Said instead of a refused review's error (not theirs, not completed, rated already). */
  async function refuse(ctx: ShopContext, err: unknown) {
    if (!(err instanceof AppError)) throw err;
    const text = ctx.say(err.code === 'REVIEW_EXISTS' ? 'reviewExists' : 'reviewNotAllowed');
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text, show_alert: true });
    else await ctx.reply(text);
  }

  /** Asks for the order's next unrated line, or thanks the customer when none is left. */
  async function askNext(ctx: ShopContext, who: Reviewer, orderId: string) {
    const next = await deps.reviews.nextToRate(who, orderId);
    if (next.status === 'done') {
      await ctx.reply(ctx.say('reviewAllDone'));
      return;
    }
    const keyboard = new InlineKeyboard();
    for (let n = 1; n <= 5; n++) keyboard.text(`${n}⭐`, `rv:${next.itemId}:${n}`);
    await ctx.reply(ctx.say('reviewAsk', { product: next.productName }), { reply_markup: keyboard });
  }

  feature.callbackQuery(new RegExp(`^review:${UUID}$`), async (ctx) => {
    const who = reviewerOf(ctx);
    if (!who) return ctx.answerCallbackQuery();
    try {
      await askNext(ctx, who, ctx.match[1] ?? '');
      await ctx.answerCallbackQuery();
    } catch (err) {
      await refuse(ctx, err);
    }
  });

  feature.callbackQuery(new RegExp(`^rv:${UUID}:([1-5])$`), async (ctx) => {
    const who = reviewerOf(ctx);
    const key = sessionKeyOf(ctx);
    if (!who || !key) return ctx.answerCallbackQuery();
    const rating = Number(ctx.match[2]);
    let rated: Awaited<ReturnType<ReviewsDeps['reviews']['rate']>>;
    try {
      rated = await deps.reviews.rate(who, ctx.match[1] ?? '', rating);
    } catch (err) {
      return refuse(ctx, err);
    }
    await ctx.answerCallbackQuery();
    await deps.sessions.write(key, {
      step: { kind: 'review.text', reviewId: rated.reviewId, orderId: rated.orderId },
    });
    const text = ctx.say('reviewThanksAskText', { stars: STARS(rating), product: rated.productName });
    const skip = new InlineKeyboard().text(ctx.say('reviewSkip'), `rvskip:${rated.orderId}`);
    // The stars' message becomes the thanks (its buttons gone: a line is rated once).
    await ctx
      .editMessageText(text, { reply_markup: skip })
      .catch(() => ctx.reply(text, { reply_markup: skip }));
  });

  feature.callbackQuery(new RegExp(`^rvskip:${UUID}$`), async (ctx) => {
    const who = reviewerOf(ctx);
    const key = sessionKeyOf(ctx);
    await ctx.answerCallbackQuery();
    if (!who || !key) return;
    const { step } = await deps.sessions.read(key);
    if (step?.kind === 'review.text') await deps.sessions.write(key, { step: null });
    await ctx.editMessageReplyMarkup().catch(() => undefined);
    try {
      await askNext(ctx, who, ctx.match[1] ?? '');
    } catch (err) {
      await refuse(ctx, err);
    }
  });

  feature.chatType('private').on('message:text', async (ctx, next) => {
    if (ctx.message.text.startsWith('/')) return next();
    const key = sessionKeyOf(ctx);
    const who = reviewerOf(ctx);
    if (!key || !who) return next();
    const { step } = await deps.sessions.read(key);
    if (step?.kind !== 'review.text') return next();
    await deps.sessions.write(key, { step: null });
    const words = stripUnsafeText(ctx.message.text);
    try {
      await deps.reviews.addText(who, step.reviewId, words, ctx.filterAction === 'review');
    } catch (err) {
      return refuse(ctx, err);
    }
    await ctx.reply(ctx.say('reviewSaved'));
    await askNext(ctx, who, step.orderId).catch((err: unknown) => refuse(ctx, err));
  });

  return feature;
}
