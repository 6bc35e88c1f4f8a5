import { createHash, randomBytes } from 'node:crypto';
import { signInitData } from '../../lib/telegram/init-data';
import { type DeliverOptions, type DeliveryResult, deliverUpdate } from './deliver-update';
import { BotApiError, buttonsOf, type InlineButton } from './params';
import { privateChat, type TelegramUser, userMessage } from './pay-invoice';
import type { BotRecord, Chat, ChatEntry, FakeBotApiState, MenuButton, Message } from './state';

// Playing the customer: what a Telegram user does in a private chat with a bot — write, tap an inline button,
// block the bot — each turned into the Update Telegram would deliver. Paying is in pay-invoice.ts.

const MAX_TEXT_LENGTH = 4096;
const COMMAND = /^\/[A-Za-z0-9_]{1,32}(@[A-Za-z0-9_]{3,32})?/;

/** The bot a control route names by `token` or by `bot` (its username, with or without '@'). */
export function botNamed(state: FakeBotApiState, by: { token?: unknown; bot?: unknown }): BotRecord {
  const found =
    typeof by.token === 'string' && by.token !== ''
      ? state.findBot(by.token)
      : typeof by.bot === 'string' && by.bot !== ''
        ? [...state.bots.values()].find(
            (b) => b.user.username.toLowerCase() === String(by.bot).replace(/^@/, '').toLowerCase(),
          )
        : undefined;
  if (!found) throw new BotApiError(404, 'Not Found: bot is not registered');
  return found;
}

/**
 * Writing to a bot unblocks it, as on Telegram: the bot is told by a my_chat_member update first, and its sends
 * to the user work again.
 */
async function unblockIfBlocked(
  state: FakeBotApiState,
  bot: BotRecord,
  user: TelegramUser,
  deliver: DeliverOptions,
) {
  if (bot.blockedBy.has(user.id)) await setBlocked(state, bot, user, false, deliver);
}

/**
 * The user sends `text` (a command with its parameter too: `/start product_<id>`) in their private chat with
 * the bot: a message update, with the bot_command entity Telegram marks at the start of a command.
 */
export async function customerSays(
  state: FakeBotApiState,
  bot: BotRecord,
  user: TelegramUser,
  text: string,
  deliver: DeliverOptions = {},
): Promise<{ message: Message; delivery: DeliveryResult }> {
  if (text.trim() === '') throw new BotApiError(400, 'Bad Request: message text is empty');
  if (text.length > MAX_TEXT_LENGTH) throw new BotApiError(400, 'Bad Request: message is too long');
  await unblockIfBlocked(state, bot, user, deliver);
  const chat = privateChat(state, bot, user);
  const command = COMMAND.exec(text);
  const message = userMessage(state, chat, user, {
    text,
    ...(command && { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] }),
  });
  const delivery = await deliverUpdate(state, bot.token, { message }, deliver);
  return { message, delivery };
}

export type TapInput = {
  /** The button's callback data, or else its text. */
  data?: string;
  text?: string;
  /** The message that shows the button; by default the newest one that has it. */
  messageId?: number;
};

type MessageEntry = Extract<ChatEntry, { type: 'message' }>;

function findButton(chat: Chat | undefined, input: TapInput): { entry: MessageEntry; button: InlineButton } {
  if (input.data === undefined && input.text === undefined) {
    throw new BotApiError(400, 'Bad Request: data or text is required');
  }
  const entries = chat?.entries ?? [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry?.type !== 'message' || entry.from !== 'bot' || entry.deleted) continue;
    if (input.messageId !== undefined && entry.message.message_id !== input.messageId) continue;
    const button = buttonsOf(entry.message.reply_markup).find((b) =>
      input.data !== undefined ? b.callback_data === input.data : b.text === input.text,
    );
    if (button) return { entry, button };
  }
  throw new BotApiError(400, 'Bad Request: no message in the chat shows that button');
}

/**
 * The user taps an inline button of a message the bot sent: a callback_query update carrying the message and
 * the button's data. The bot's answer (answerCallbackQuery) is recorded on the transcript line and returned
 * when it came during the delivery.
 */
export async function customerTaps(
  state: FakeBotApiState,
  bot: BotRecord,
  user: TelegramUser,
  input: TapInput,
  deliver: DeliverOptions = {},
) {
  const { entry, button } = findButton(state.findChat(bot.token, user.id), input);
  if (typeof button.callback_data !== 'string') {
    // A URL, Pay or Mini App button makes no callback query: the client opens something instead.
    const what =
      button.pay === true
        ? 'pays (use chat/pay)'
        : typeof button.url === 'string'
          ? `opens ${button.url}`
          : 'sends no callback query';
    throw new BotApiError(400, `Bad Request: the button "${button.text}" ${what}`);
  }
  const chat = privateChat(state, bot, user);
  const id = randomBytes(8).toString('hex');
  const line: Extract<ChatEntry, { type: 'callback_query' }> = {
    type: 'callback_query',
    id,
    message_id: entry.message.message_id,
    data: button.callback_data,
    button_text: button.text,
  };
  state.addQuery(chat, 'callback', line);
  // chat_instance stands for the chat the message is in; stable per bot and chat.
  const chatInstance = BigInt(
    `0x${createHash('sha256').update(`${bot.token}:${user.id}`).digest('hex').slice(0, 15)}`,
  ).toString();
  const delivery = await deliverUpdate(
    state,
    bot.token,
    {
      callback_query: {
        id,
        from: user,
        message: entry.message,
        chat_instance: chatInstance,
        data: button.callback_data,
      },
    },
    deliver,
  );
  return { callbackQueryId: id, answer: line.answer ?? null, delivery };
}

/**
 * The user blocks (or unblocks) the bot: from then on every send to them answers 403 "Forbidden: bot was
 * blocked by the user", and the bot gets the my_chat_member update Telegram sends (when it asked for those).
 */
export async function setBlocked(
  state: FakeBotApiState,
  bot: BotRecord,
  user: TelegramUser,
  blocked: boolean,
  deliver: DeliverOptions = {},
): Promise<{ blocked: boolean; delivery: DeliveryResult | null }> {
  if (bot.blockedBy.has(user.id) === blocked) return { blocked, delivery: null };
  if (blocked) bot.blockedBy.add(user.id);
  else bot.blockedBy.delete(user.id);
  const chat = privateChat(state, bot, user);
  state.addEntry(chat, { type: blocked ? 'blocked' : 'unblocked' });
  const { id, first_name, username } = bot.user;
  const botUser = { id, is_bot: true, first_name, username };
  const member = (status: 'member' | 'kicked') => ({
    user: botUser,
    status,
    ...(status === 'kicked' && { until_date: 0 }),
  });
  const delivery = await deliverUpdate(
    state,
    bot.token,
    {
      my_chat_member: {
        chat: chat.chat,
        from: user,
        date: Math.floor(Date.now() / 1000),
        old_chat_member: member(blocked ? 'member' : 'kicked'),
        new_chat_member: member(blocked ? 'kicked' : 'member'),
      },
    },
    deliver,
  );
  return { blocked, delivery };
}

/** The chat of a bot with a user, both sides in order; see ChatEntry. */
/** The menu button the user sees in the bot's chat (theirs, else the bot's default; Telegram's is the commands). */
function menuButtonOf(bot: BotRecord, userId: number): MenuButton {
  return bot.menuButtons.get(String(userId)) ?? bot.menuButtons.get('default') ?? { type: 'commands' };
}

export function transcriptOf(state: FakeBotApiState, bot: BotRecord, userId: number) {
  const chat = state.findChat(bot.token, userId);
  const action = chat?.action && chat.action.until > Date.now() ? chat.action.action : null;
  return {
    bot: { id: bot.user.id, username: bot.user.username, first_name: bot.user.first_name },
    chat: chat?.chat ?? { id: userId, type: 'private' },
    blocked: bot.blockedBy.has(userId),
    action,
    menuButton: menuButtonOf(bot, userId),
    entries: chat?.entries ?? [],
  };
}

/**
 * The customer presses the chat's menu button: when it opens a Mini App, the address Telegram would open, with
 * the launch parameters in its fragment (init data signed with the bot's token for this user, as Telegram signs
 * it), and the button's text.
 */
export function openMenuApp(bot: BotRecord, user: TelegramUser) {
  const button = menuButtonOf(bot, user.id);
  if (button.type !== 'web_app')
    throw new BotApiError(400, "Bad Request: the chat's menu button opens no Mini App");
  // Init data's user is the User object without is_bot (Telegram only ever signs people there).
  const { is_bot: _bot, ...person } = user;
  const launch = new URLSearchParams({
    tgWebAppData: signInitData(person, bot.token),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'web',
  });
  return { text: button.text, url: `${button.web_app.url}#${launch}` };
}

/** A person the user chooses in Telegram's user picker. */
export type SharedUser = {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  is_bot?: boolean;
};

type RequestUsers = {
  request_id: number;
  user_is_bot?: boolean;
  max_quantity?: number;
  request_name?: boolean;
  request_username?: boolean;
};

/**
 * The user answers a `request_users` button of a reply keyboard (Telegram's own user picker): they tap it and
 * choose people, and the bot gets a message with `users_shared` carrying the button's request id, each person's
 * id, and their name and username when the button asked for them.
 */
export async function customerSharesUsers(
  state: FakeBotApiState,
  bot: BotRecord,
  user: TelegramUser,
  input: { text: string; users: SharedUser[] },
  deliver: DeliverOptions = {},
): Promise<{ message: Message; delivery: DeliveryResult }> {
  const entries = state.findChat(bot.token, user.id)?.entries ?? [];
  let request: RequestUsers | undefined;
  for (let i = entries.length - 1; i >= 0 && !request; i--) {
    const entry = entries[i];
    if (entry?.type !== 'message' || entry.from !== 'bot' || entry.deleted) continue;
    const markup = entry.message.reply_markup as { keyboard?: unknown } | undefined;
    const rows = Array.isArray(markup?.keyboard) ? (markup.keyboard as unknown[]) : [];
    const button = rows
      .flatMap((row) => (Array.isArray(row) ? row : []))
      .find(
        (b): b is { text: string; request_users: RequestUsers } =>
          typeof b === 'object' && b !== null && (b as { text?: unknown }).text === input.text,
      );
    if (button?.request_users) request = button.request_users;
  }
  if (!request) throw new BotApiError(400, 'Bad Request: no keyboard in the chat shows that user picker');
  const max = request.max_quantity ?? 1;
  if (input.users.length < 1 || input.users.length > max) {
    throw new BotApiError(400, `Bad Request: the picker takes 1 to ${max} users`);
  }
  if (
    request.user_is_bot !== undefined &&
    input.users.some((u) => (u.is_bot ?? false) !== request.user_is_bot)
  ) {
    throw new BotApiError(400, 'Bad Request: the picker does not offer that kind of user');
  }
  const asked = request;
  const users = input.users.map((u) => ({
    user_id: u.id,
    ...(asked.request_name && { first_name: u.first_name, ...(u.last_name && { last_name: u.last_name }) }),
    ...(asked.request_username && u.username && { username: u.username }),
  }));
  await unblockIfBlocked(state, bot, user, deliver);
  const chat = privateChat(state, bot, user);
  const message = userMessage(state, chat, user, { users_shared: { request_id: asked.request_id, users } });
  const delivery = await deliverUpdate(state, bot.token, { message }, deliver);
  return { message, delivery };
}
