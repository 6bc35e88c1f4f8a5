import type { InlineKeyboard } from 'grammy';
import type { InlineKeyboardButton, LinkPreviewOptions } from 'grammy/types';
import { telegramRefusal } from '../../lib/telegram/bot-api';
import type { ShopContext } from './context';

/**
 * Shows `text` in the message whose button was tapped, as a shop's screens do in Telegram: the chat does not
 * grow by a message at each tap. When there is no such message, or it can no longer be edited (too old for
 * Telegram to show it to the bot, a photo, deleted), the text comes as a new message instead; the same text
 * and buttons again are no change.
 */
export async function showInPlace(
  ctx: ShopContext,
  text: string,
  keyboard: InlineKeyboard,
  // A product card's photo shows as the message's large link preview; without one, no preview at all (the
  // message may have been a product card: its photo goes with its text).
  linkPreview: LinkPreviewOptions = { is_disabled: true },
): Promise<void> {
  const options = { reply_markup: keyboard, link_preview_options: linkPreview };
  if (editable(ctx)) {
    try {
      await ctx.editMessageText(text, options);
      return;
    } catch (err) {
      if (notModified(err)) return;
      if (!cannotEdit(err)) throw err;
    }
  }
  await ctx.reply(text, options);
}

/**
 * Changes only the buttons of the message whose button was tapped; false when that message cannot be edited
 * (the caller then says what it has to say another way).
 */
export async function changeButtonsInPlace(
  ctx: ShopContext,
  rows: InlineKeyboardButton[][],
): Promise<boolean> {
  if (!editable(ctx)) return false;
  try {
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: rows } });
    return true;
  } catch (err) {
    if (notModified(err)) return true;
    if (cannotEdit(err)) return false;
    throw err;
  }
}

/** The buttons of the message whose button was tapped, row by row (none when it cannot be seen). */
export function buttonsInPlace(ctx: ShopContext): InlineKeyboardButton[][] {
  const message = ctx.callbackQuery?.message;
  return message && message.date !== 0 ? (message.reply_markup?.inline_keyboard ?? []) : [];
}

// Telegram hands a bot an old message as "inaccessible" (date 0): it can be neither read nor edited.
function editable(ctx: ShopContext): boolean {
  const message = ctx.callbackQuery?.message;
  return message !== undefined && message.date !== 0;
}

const notModified = (err: unknown) => {
  const refusal = telegramRefusal(err);
  return refusal?.code === 400 && refusal.description.includes('message is not modified');
};

// Not found, can't be edited, no text to edit: the message is not one to edit any more.
const cannotEdit = (err: unknown) => telegramRefusal(err)?.code === 400;
