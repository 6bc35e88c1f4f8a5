import { createHash, randomBytes } from 'node:crypto';
import {
  BotApiError,
  type Handler,
  type InlineKeyboard,
  isRecord,
  nowSeconds,
  type Params,
  readFlag,
  readInteger,
  readJson,
  readReplyMarkup,
  readSendMarkup,
  readString,
} from './params';
import type { BotRecord, Chat, ChatEntry, FakeBotApiState, FakeFile, Message } from './state';

// Sending, editing and deleting messages. Each message a bot sends is kept in its chat's transcript under a
// message id counted per chat, so an edit or a delete finds it and a test (or the chat page) can read the chat.

const MAX_MESSAGE_LENGTH = 4096;
const MAX_CAPTION_LENGTH = 1024;
// Telegram keeps a message deletable by a bot for 48 hours.
const DELETE_WINDOW_S = 48 * 3600;
const BLOCKED = 'Forbidden: bot was blocked by the user';
const NOT_MODIFIED =
  'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';
const CHAT_ACTIONS = new Set([
  'typing',
  'upload_photo',
  'record_video',
  'upload_video',
  'record_voice',
  'upload_voice',
  'upload_document',
  'choose_sticker',
  'find_location',
  'record_video_note',
  'upload_video_note',
]);

/** The Bot API Chat a chat_id names. */
export function chatFor(chatId: string): Record<string, unknown> & { id: number } {
  if (/^@[A-Za-z0-9_]{4,32}$/.test(chatId)) {
    // Only public channels and supergroups are addressed by @username; give it a stable id.
    let hash = 0;
    for (const char of chatId) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000_000;
    return {
      id: -1_001_000_000_000 - hash,
      type: 'channel',
      title: chatId.slice(1),
      username: chatId.slice(1),
    };
  }
  const id = Number(chatId);
  if (!Number.isSafeInteger(id) || id === 0) throw new BotApiError(400, 'Bad Request: chat not found');
  if (id > 0) return { id, type: 'private' };
  if (chatId.startsWith('-100')) return { id, type: 'supergroup', title: 'Fake supergroup' };
  return { id, type: 'group', title: 'Fake group' };
}

/**
 * The chat a send goes to (created on first use). A user who blocked the bot is refused with Telegram's 403,
 * whatever the bot tries to send them.
 */
export function targetChat(state: FakeBotApiState, bot: BotRecord, params: Params): Chat {
  const chatId = readString(params, 'chat_id');
  if (chatId === undefined) throw new BotApiError(400, 'Bad Request: chat_id is empty');
  const chat = chatFor(chatId);
  if (chat.type === 'private' && bot.blockedBy.has(chat.id)) throw new BotApiError(403, BLOCKED);
  return state.findChat(bot.token, chat.id) ?? state.chatOf(bot.token, chat);
}

/** A new message from the bot in `chat`, with the next message id of that chat. */
export function botMessage(bot: BotRecord, chat: Chat, content: Record<string, unknown>): Message {
  const { id, first_name, username } = bot.user;
  chat.lastMessageId += 1;
  // A chat action lasts until the bot's next message.
  chat.action = undefined;
  return {
    message_id: chat.lastMessageId,
    from: { id, is_bot: true, first_name, username },
    chat: chat.chat,
    date: nowSeconds(),
    ...content,
  };
}

function readText(params: Params, name: 'text' | 'caption', max: number): string | undefined {
  const text = readString(params, name);
  if (text !== undefined && text.length > max) {
    throw new BotApiError(
      400,
      name === 'text' ? 'Bad Request: message is too long' : 'Bad Request: message caption is too long',
    );
  }
  return text;
}

function readLinkPreview(params: Params): Record<string, unknown> | undefined {
  const options = readJson(params, 'link_preview_options', 'link preview options');
  if (options === undefined) return undefined;
  if (!isRecord(options))
    throw new BotApiError(400, "Bad Request: can't parse link preview options JSON object");
  return options;
}

const sendMessage: Handler = ({ state, bot, params }) => {
  const chat = targetChat(state, bot, params);
  const text = readText(params, 'text', MAX_MESSAGE_LENGTH);
  if (text === undefined || text.trim() === '')
    throw new BotApiError(400, 'Bad Request: message text is empty');
  const markup = readSendMarkup(params);
  const preview = readLinkPreview(params);
  const message = botMessage(bot, chat, {
    text,
    ...(preview && { link_preview_options: preview }),
    ...(markup && { reply_markup: markup }),
  });
  state.addSentMessage(bot, chat, message, parseModeOf(params));
  return { result: message };
};

// --- Files --------------------------------------------------------------------------------------

const MIME_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  txt: 'text/plain',
  epub: 'application/epub+zip',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

function mimeTypeOf(fileName: string | undefined): string | undefined {
  const extension = fileName?.split('.').at(-1)?.toLowerCase();
  return extension === undefined ? undefined : (MIME_TYPES[extension] ?? 'application/octet-stream');
}

function isUpload(value: unknown): value is { file_name: string; file_size: number } {
  return isRecord(value) && typeof value.file_name === 'string' && typeof value.file_size === 'number';
}

/**
 * A file parameter: an upload (multipart, directly or through `attach://<name>` as grammY sends it), a file id
 * the fake gave before, or an http(s) URL. Uploaded bytes are not kept, only the name and size.
 */
function readInputFile(state: FakeBotApiState, params: Params, name: 'photo' | 'document'): FakeFile {
  let value = params[name];
  if (typeof value === 'string' && value.startsWith('attach://'))
    value = params[value.slice('attach://'.length)];
  if (isUpload(value)) {
    const id = randomBytes(12).toString('base64url');
    const file: FakeFile = {
      file_id: `fake_${name}_${id}`,
      file_unique_id: `u${id.slice(0, 12)}`,
      file_name: value.file_name,
      file_size: value.file_size,
      ...(name === 'document' && { mime_type: mimeTypeOf(value.file_name) }),
    };
    state.files.set(file.file_id, file);
    return file;
  }
  if (typeof value !== 'string' || value === '') {
    throw new BotApiError(400, `Bad Request: there is no ${name} in the request`);
  }
  const known = state.files.get(value);
  if (known) return known;
  if (!/^https?:\/\/\S+$/.test(value)) {
    throw new BotApiError(400, 'Bad Request: wrong file identifier/HTTP URL specified');
  }
  // The same URL gives the same file, as Telegram caches what it downloaded.
  const hash = createHash('sha256').update(value).digest('base64url').slice(0, 16);
  const fileName = decodeURIComponent(new URL(value).pathname.split('/').at(-1) ?? '') || undefined;
  const file: FakeFile = {
    file_id: `fake_${name}_${hash}`,
    file_unique_id: `u${hash.slice(0, 12)}`,
    url: value,
    ...(name === 'document' && fileName && { file_name: fileName, mime_type: mimeTypeOf(fileName) }),
  };
  state.files.set(file.file_id, file);
  return file;
}

function parseModeOf(params: Params): { parse_mode?: string } {
  const mode = readString(params, 'parse_mode');
  return mode === undefined ? {} : { parse_mode: mode };
}

function captionFields(params: Params): Record<string, unknown> {
  const caption = readText(params, 'caption', MAX_CAPTION_LENGTH);
  const markup = readReplyMarkup(params);
  return {
    ...(caption !== undefined && { caption }),
    ...(readFlag(params, 'show_caption_above_media') && { show_caption_above_media: true }),
    ...(markup && { reply_markup: markup }),
  };
}

const sendPhoto: Handler = ({ state, bot, params }) => {
  const chat = targetChat(state, bot, params);
  const file = readInputFile(state, params, 'photo');
  const fields = captionFields(params);
  // One size only; Telegram would answer several, the largest last. Its dimensions are not read from the file.
  const size = {
    file_id: file.file_id,
    file_unique_id: file.file_unique_id,
    width: 1280,
    height: 1280,
    ...(file.file_size !== undefined && { file_size: file.file_size }),
  };
  const message = botMessage(bot, chat, { photo: [size], ...fields });
  state.addSentMessage(bot, chat, message, { file, ...parseModeOf(params) });
  return { result: message };
};

const sendDocument: Handler = ({ state, bot, params }) => {
  const chat = targetChat(state, bot, params);
  const file = readInputFile(state, params, 'document');
  const fields = captionFields(params);
  const document = {
    file_id: file.file_id,
    file_unique_id: file.file_unique_id,
    ...(file.file_name !== undefined && { file_name: file.file_name }),
    ...(file.mime_type !== undefined && { mime_type: file.mime_type }),
    ...(file.file_size !== undefined && { file_size: file.file_size }),
  };
  const message = botMessage(bot, chat, { document, ...fields });
  state.addSentMessage(bot, chat, message, { file, ...parseModeOf(params) });
  return { result: message };
};

// --- Edits and deletes --------------------------------------------------------------------------

type MessageEntry = Extract<ChatEntry, { type: 'message' }>;

/** The message an edit or a delete names by chat_id and message_id (inline messages are not kept by the fake). */
function findMessage(
  state: FakeBotApiState,
  bot: BotRecord,
  params: Params,
  action: 'edit' | 'delete',
): MessageEntry {
  if (readString(params, 'inline_message_id') !== undefined) {
    throw new BotApiError(400, 'Bad Request: MESSAGE_ID_INVALID');
  }
  const chatId = readString(params, 'chat_id');
  const messageId = readInteger(params, 'message_id');
  if (chatId === undefined || messageId === undefined) {
    throw new BotApiError(400, 'Bad Request: message identifier is not specified');
  }
  const chat = chatFor(chatId);
  if (action === 'edit' && chat.type === 'private' && bot.blockedBy.has(chat.id)) {
    throw new BotApiError(403, BLOCKED);
  }
  const entry = state
    .findChat(bot.token, chat.id)
    ?.entries.find(
      (e): e is MessageEntry => e.type === 'message' && e.message.message_id === messageId && !e.deleted,
    );
  if (!entry) throw new BotApiError(400, `Bad Request: message to ${action} not found`);
  // A bot edits only its own messages; in a private chat it may delete the user's too.
  if (action === 'edit' && entry.from === 'user')
    throw new BotApiError(400, "Bad Request: message can't be edited");
  return entry;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Sets or (when undefined) removes a field of an edited message. */
function setField(message: Message, name: string, value: unknown): void {
  if (value === undefined) delete message[name];
  else message[name] = value;
}

const editMessageText: Handler = ({ state, bot, params }) => {
  const entry = findMessage(state, bot, params, 'edit');
  const text = readText(params, 'text', MAX_MESSAGE_LENGTH);
  if (text === undefined || text.trim() === '')
    throw new BotApiError(400, 'Bad Request: message text is empty');
  // Without reply_markup the edited message loses its inline keyboard, as on Telegram.
  const markup: InlineKeyboard | undefined = readReplyMarkup(params);
  const preview = readLinkPreview(params);
  const { message } = entry;
  if (typeof message.text !== 'string') {
    throw new BotApiError(400, 'Bad Request: there is no text in the message to edit');
  }
  if (
    message.text === text &&
    sameJson(message.reply_markup, markup) &&
    sameJson(message.link_preview_options, preview)
  ) {
    throw new BotApiError(400, NOT_MODIFIED);
  }
  message.text = text;
  setField(message, 'reply_markup', markup);
  setField(message, 'link_preview_options', preview);
  message.edit_date = nowSeconds();
  const parseMode = parseModeOf(params).parse_mode;
  if (parseMode === undefined) delete entry.parse_mode;
  else entry.parse_mode = parseMode;
  return { result: message };
};

const editMessageReplyMarkup: Handler = ({ state, bot, params }) => {
  const entry = findMessage(state, bot, params, 'edit');
  const markup = readReplyMarkup(params);
  if (sameJson(entry.message.reply_markup, markup)) throw new BotApiError(400, NOT_MODIFIED);
  setField(entry.message, 'reply_markup', markup);
  entry.message.edit_date = nowSeconds();
  return { result: entry.message };
};

const deleteMessage: Handler = ({ state, bot, params }) => {
  const entry = findMessage(state, bot, params, 'delete');
  if (nowSeconds() - Number(entry.message.date) > DELETE_WINDOW_S) {
    throw new BotApiError(400, "Bad Request: message can't be deleted for everyone");
  }
  entry.deleted = true;
  return { result: true };
};

const sendChatAction: Handler = ({ state, bot, params }) => {
  const chat = targetChat(state, bot, params);
  const action = readString(params, 'action');
  if (action === undefined || !CHAT_ACTIONS.has(action)) {
    throw new BotApiError(400, 'Bad Request: wrong parameter action in request');
  }
  // Telegram shows it for 5 seconds or until the bot's next message.
  chat.action = { action, until: Date.now() + 5000 };
  return { result: true };
};

export const messageHandlers: Record<string, Handler> = {
  sendMessage,
  sendPhoto,
  sendDocument,
  editMessageText,
  editMessageReplyMarkup,
  deleteMessage,
  sendChatAction,
};
