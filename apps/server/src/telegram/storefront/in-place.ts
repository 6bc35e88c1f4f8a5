import { GrammyError, type InlineKeyboard } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';
import type { ShopContext } from './context';

/**
 * Shows `text` in the message whose button was tapped, as a shop's screens do in Telegram: the chat does not
 * grow by a message at each tap. When there is no such message, or it can no longer be edited (too old for
 * Telegram to show it to the bot, a photo, deleted), the text comes as a new message instead; the same text
 * and buttons again are no change.
 */
export async function showInPlace(ctx: ShopContext, text: string, keyboard: InlineKeyboard): Promise<void> {
  if (editable(ctx)) {
    try {
      // The message may have been a product card: its photo preview goes with its text.
      await ctx.editMessageText(text, {
        reply_markup: keyboard,
        link_preview_options: { is_disabled: true },
      });
      return;
    } catch (err) {
      if (notModified(err)) return;
      if (!cannotEdit(err)) throw err;
    }
  }
  await ctx.reply(text, { reply_markup: keyboard });
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

const notModified = (err: unknown) =>
  err instanceof GrammyError && err.error_code === 400 && err.description.includes('message is not modified');

// Not found, can't be edited, no text to edit: the message is not one to edit any more.
const cannotEdit = (err: unknown) => err instanceof GrammyError && err.error_code === 400;
