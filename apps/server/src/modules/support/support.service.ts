import type { Readable } from 'node:stream';
import type { CustomerDetail } from '@app/contracts/customers';
import {
  type CannedReply,
  type CannedReplyBody,
  type CannedReplyList,
  SUPPORT_LIMITS,
  type SupportConversation,
  type SupportConversationDetail,
  type SupportListQuery,
  type SupportListResponse,
  type SupportMessage,
  type SupportMessageList,
  type SupportStaffFiguresResponse,
} from '@app/contracts/support';
import type { Db, Tx } from '../../db/types';
import { type Actor, eventActorOf, hasPermission, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { type EventActor, recordEvent } from '../events/record-event';
import { queueVendorNotice } from '../notifications/notifications.service';
import * as repo from './support.repository';
import { openMsBetween, parseWorkingHours, type WeekHours } from './working-hours';

// The support inbox (issue 20): a customer's conversation with the vendor's team, held in the shop bot's own chat.
// The shop runtime opens conversations and adds the customer's messages (`runtime`); staff read and answer them
// through the API. Replies go out through the shop bot after the change is committed; their delivery is kept on
// the message.

/** What sending through a shop bot answered: `blocked` when the customer blocked the bot. */
export type SendResult = { ok: true } | { ok: false; blocked: boolean; error: string };

export type InlineButton = { text: string; callback_data: string };

export type SupportDeps = {
  db: Db;
  /** Sends a text through the shop bot to the customer's chat (throttled like every shop message). */
  send(
    q: { vendorId: string; botId: string; chatId: number },
    text: string,
    buttons?: InlineButton[][],
  ): Promise<SendResult>;
  /** The customer's card (orders, spend, segment) as the caller may see it; null when they may not. */
  customerOf(actor: Actor, customerId: string): Promise<CustomerDetail | null>;
  /** The person by Telegram id if they may answer this bot's support: their name (null for the owner). */
  supportMemberOf(
    vendorId: string,
    botId: string,
    telegramId: number,
  ): Promise<{ name: string | null } | null>;
  /** The words of the rating prompt sent after a close, in the shop's language. */
  ratingPrompt(vendorId: string, botId: string): Promise<string>;
  /**
   * The store's working hours as the vendor wrote them (Settings → Store details, free text) and the bot's
   * timezone; without it every hour counts as open.
   */
  storeHoursOf?(vendorId: string, botId: string): Promise<{ text: string; timezone: string }>;
  /** Opens a customer's stored file (the media module's upload) to download: its name, type, size and bytes. */
  openCustomerFile?(
    vendorId: string,
    uploadId: string,
  ): Promise<{ name: string; mimeType: string; size: number; stream: Readable }>;
  /** The customers' stored files among `ids` (the media module): a photo's address, each file's size. */
  customerFilesOf?(
    vendorId: string,
    ids: string[],
  ): Promise<Map<string, { url: string | null; sizeBytes: number }>>;
  log: { warn(obj: object, msg: string): void };
  now?: () => Date;
};

const nowOf = (deps: Pick<SupportDeps, 'now'>) => deps.now?.() ?? new Date();
const iso = (d: Date | null) => d?.toISOString() ?? null;
const PREVIEW_MAX = 120;

export function toConversation(row: repo.ConversationRow): SupportConversation {
  return {
    id: row.id,
    botId: row.botId,
    customerId: row.customerId,
    customerName: row.customerName,
    customerUsername: row.customerUsername,
    orderId: row.orderId,
    status: row.status,
    assignedTo: row.assignedTo,
    assignedName: row.assignedName,
    unread: row.unread,
    waiting: row.status === 'open' && row.waiting,
    lastMessageAt: row.lastMessageAt.toISOString(),
    lastMessageText: row.lastMessageText,
    firstResponseAt: iso(row.firstResponseAt),
    closedAt: iso(row.closedAt),
    rating: row.rating,
    createdAt: row.createdAt.toISOString(),
  };
}

type StoredFiles = Map<string, { url: string | null; sizeBytes: number }>;

function toMessage(row: repo.MessageRow, files: StoredFiles = new Map()): SupportMessage {
  const file = row.mediaUploadId ? files.get(row.mediaUploadId) : undefined;
  return {
    id: row.id,
    direction: row.direction,
    text: row.text,
    media: row.mediaKind
      ? { kind: row.mediaKind, name: row.mediaName, url: file?.url ?? null, size: file?.sizeBytes ?? null }
      : null,
    author: row.authorId === null ? null : { id: row.authorId, name: row.authorName },
    delivery: row.delivery,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

const toCanned = (row: repo.CannedRow): CannedReply => ({
  id: row.id,
  botId: row.botId,
  title: row.title,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
});

/** A conversation the caller may see: another vendor's, or one of a bot outside their scope, is not found. */
async function visible(db: Db | Tx, actor: Actor, id: string, forUpdate = false) {
  const row = await repo.findConversation(db, actor.vendorId, id, forUpdate);
  if (!row || !inBotScope(actor.botIds, row.botId)) throw new AppError('CONVERSATION_NOT_FOUND');
  return row;
}

function staffEvent(actor: Actor, row: repo.ConversationRow) {
  return {
    vendorId: actor.vendorId,
    botId: row.botId,
    actor: eventActorOf(actor),
    subject: { kind: 'conversation' as const, id: row.id },
  };
}

export async function listInbox(
  deps: SupportDeps,
  actor: Actor,
  q: SupportListQuery,
): Promise<SupportListResponse> {
  const tab = q.tab;
  const rows = await repo.listConversations(deps.db, {
    vendorId: actor.vendorId,
    bots: actor.botIds,
    tab,
    me: actor.telegramId,
    search: q.search,
    botId: q.botId,
    limit: q.limit,
  });
  const counts = await repo.inboxCounts(deps.db, actor.vendorId, actor.botIds, actor.telegramId);
  return {
    conversations: rows.map(toConversation),
    counts: { open: counts.open, mine: counts.mine, waiting: counts.waiting, unread: counts.unread },
  };
}

export async function getConversation(
  deps: SupportDeps,
  actor: Actor,
  id: string,
): Promise<SupportConversationDetail> {
  const row = await visible(deps.db, actor, id);
  const customer = await deps.customerOf(actor, row.customerId).catch(() => null);
  return {
    ...toConversation(row),
    customer: customer && {
      id: customer.id,
      name: customer.name,
      username: customer.username,
      telegramId: customer.telegramId,
      orders: customer.orderCount,
      totalSpent: customer.totalSpent,
      segment: customer.segment,
    },
  };
}

/** The thread, oldest first; reading it marks the customer's messages read. */
export async function listThread(deps: SupportDeps, actor: Actor, id: string): Promise<SupportMessageList> {
  const row = await visible(deps.db, actor, id);
  const messages = await repo.listMessages(deps.db, actor.vendorId, row.id);
  if (row.unread > 0) await repo.updateConversation(deps.db, actor.vendorId, row.id, { unread: 0 });
  const uploadIds = messages.flatMap((m) => (m.mediaUploadId ? [m.mediaUploadId] : []));
  const files: StoredFiles =
    uploadIds.length > 0 && deps.customerFilesOf
      ? await deps.customerFilesOf(actor.vendorId, uploadIds)
      : new Map();
  return { messages: messages.map((m) => toMessage(m, files)) };
}

/**
 * Sends a reply through the shop bot. The message is kept (and support.replied recorded) first; Telegram is
 * called after commit and the delivery (sent, or failed with why) kept on the message. The first answer sets
 * the first-response time and, when nobody has it, assigns the conversation to whoever answered.
 */
export async function reply(
  deps: SupportDeps,
  actor: Actor,
  id: string,
  text: string,
): Promise<SupportMessage> {
  const at = nowOf(deps);
  // Who answers is read before the transaction: on PGlite (one connection) a read outside it would wait on it.
  const seen = await visible(deps.db, actor, id);
  const name =
    actor.kind === 'staff'
      ? ((await deps.supportMemberOf(actor.vendorId, seen.botId, actor.telegramId))?.name ?? null)
      : null;
  const { conversation, message } = await deps.db.transaction(async (tx) => {
    const row = await visible(tx, actor, id, true);
    if (row.status === 'closed') throw new AppError('CONVERSATION_CLOSED');
    const message = await repo.insertMessage(tx, {
      vendorId: actor.vendorId,
      conversationId: row.id,
      direction: 'out',
      text,
      authorId: actor.telegramId,
      authorName: name,
      delivery: 'sending',
      createdAt: at,
    });
    const first = row.firstResponseAt === null;
    const conversation = await repo.updateConversation(tx, actor.vendorId, row.id, {
      waiting: false,
      unread: 0,
      lastMessageAt: at,
      lastMessageText: text.slice(0, PREVIEW_MAX),
      ...(first ? { firstResponseAt: at, firstResponder: actor.telegramId } : {}),
      ...(row.assignedTo === null ? { assignedTo: actor.telegramId, assignedName: name } : {}),
    });
    await recordEvent(tx, {
      ...staffEvent(actor, row),
      type: 'support.replied',
      payload: {
        customerName: row.customerName,
        first,
        ...(first ? { responseMs: at.getTime() - row.createdAt.getTime() } : {}),
      },
    });
    return { conversation, message };
  });
  const sent = await deps.send(
    { vendorId: actor.vendorId, botId: conversation.botId, chatId: conversation.chatId },
    text,
  );
  const delivered = await repo.setDelivery(
    deps.db,
    actor.vendorId,
    message.id,
    sent.ok ? 'sent' : 'failed',
    sent.ok ? null : sent.blocked ? 'blocked' : sent.error,
  );
  return toMessage(delivered ?? message);
}

/**
 * The stored file of a customer's message in a conversation the caller sees: the message, or not found (another
 * vendor's, a bot outside their scope, another conversation's message, or a message without a stored file).
 */
async function storedFileMessage(
  deps: SupportDeps,
  actor: Actor,
  messageId: string,
  conversationId?: string,
) {
  const message = await repo.findMessage(deps.db, actor.vendorId, messageId);
  if (!message || (conversationId !== undefined && message.conversationId !== conversationId)) {
    throw new AppError('UPLOAD_NOT_FOUND');
  }
  await visible(deps.db, actor, message.conversationId);
  if (!message.mediaUploadId) throw new AppError('UPLOAD_NOT_FOUND');
  return { ...message, mediaUploadId: message.mediaUploadId };
}

/** Checks that the caller may download the file of a message of this conversation (before a link is signed). */
export async function checkFile(deps: SupportDeps, actor: Actor, conversationId: string, messageId: string) {
  await visible(deps.db, actor, conversationId);
  await storedFileMessage(deps, actor, messageId, conversationId);
}

/** A customer's stored file, to download: its name (the document's, or "photo.jpg"), type, size and bytes. */
export async function openFile(deps: SupportDeps, actor: Actor, messageId: string) {
  const message = await storedFileMessage(deps, actor, messageId);
  const opened = await deps.openCustomerFile?.(actor.vendorId, message.mediaUploadId).catch(() => null);
  if (!opened) throw new AppError('UPLOAD_NOT_FOUND');
  return { ...opened, name: message.mediaName ?? opened.name };
}

export async function assign(
  deps: SupportDeps,
  actor: Actor,
  id: string,
  assignee: number | null,
): Promise<SupportConversation> {
  // The assignee is checked before the transaction (PGlite has one connection: see reply).
  const seen = await visible(deps.db, actor, id);
  let name: string | null = null;
  if (assignee !== null) {
    const member = await deps.supportMemberOf(actor.vendorId, seen.botId, assignee);
    if (!member) throw new AppError('SUPPORT_ASSIGNEE_INVALID');
    name = member.name;
  }
  return deps.db.transaction(async (tx) => {
    const row = await visible(tx, actor, id, true);
    return toConversation(
      await repo.updateConversation(tx, actor.vendorId, row.id, { assignedTo: assignee, assignedName: name }),
    );
  });
}

/** Closes the conversation (support.closed), then asks the customer for a 1–5 rating with inline buttons. */
export async function close(deps: SupportDeps, actor: Actor, id: string): Promise<SupportConversation> {
  const at = nowOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const row = await visible(tx, actor, id, true);
    if (row.status === 'closed') return row;
    const closed = await repo.updateConversation(tx, actor.vendorId, row.id, {
      status: 'closed',
      closedAt: at,
      closedBy: actor.telegramId,
      waiting: false,
      unread: 0,
    });
    await recordEvent(tx, {
      ...staffEvent(actor, row),
      type: 'support.closed',
      payload: { customerName: row.customerName },
    });
    return Object.assign(closed, { justClosed: true });
  });
  if ('justClosed' in row) {
    const prompt = await deps.ratingPrompt(row.vendorId, row.botId);
    const buttons = [[1, 2, 3, 4, 5].map((n) => ({ text: `${n} ⭐`, callback_data: `rate:${row.id}:${n}` }))];
    const sent = await deps.send(
      { vendorId: row.vendorId, botId: row.botId, chatId: row.chatId },
      prompt,
      buttons,
    );
    if (!sent.ok) deps.log.warn({ conversationId: row.id, error: sent.error }, 'could not ask for a rating');
  }
  return toConversation(row);
}

export async function reopen(deps: SupportDeps, actor: Actor, id: string): Promise<SupportConversation> {
  return deps.db.transaction(async (tx) => {
    const row = await visible(tx, actor, id, true);
    if (row.status === 'open') return toConversation(row);
    const newer = await repo.findOpenConversation(tx, actor.vendorId, row.botId, row.chatId);
    if (newer) throw new AppError('CONVERSATION_REOPEN_CONFLICT', { conversationId: newer.id });
    return toConversation(
      await repo.updateConversation(tx, actor.vendorId, row.id, {
        status: 'open',
        closedAt: null,
        closedBy: null,
      }),
    );
  });
}

export async function listCanned(deps: SupportDeps, actor: Actor, botId?: string): Promise<CannedReplyList> {
  if (botId && !inBotScope(actor.botIds, botId)) throw new AppError('BOT_NOT_FOUND');
  return { replies: (await repo.listCanned(deps.db, actor.vendorId, actor.botIds, botId)).map(toCanned) };
}

export async function addCanned(
  deps: SupportDeps,
  actor: Actor,
  body: CannedReplyBody,
): Promise<CannedReply> {
  if (!inBotScope(actor.botIds, body.botId)) throw new AppError('BOT_NOT_FOUND');
  return deps.db.transaction(async (tx) => {
    if ((await repo.countCanned(tx, actor.vendorId, body.botId)) >= SUPPORT_LIMITS.cannedPerBot) {
      throw new AppError('CANNED_REPLIES_LIMIT', { max: SUPPORT_LIMITS.cannedPerBot });
    }
    return toCanned(
      await repo.insertCanned(tx, { vendorId: actor.vendorId, ...body, createdAt: nowOf(deps) }),
    );
  });
}

export async function removeCanned(deps: SupportDeps, actor: Actor, id: string): Promise<void> {
  const row = await repo.findCanned(deps.db, actor.vendorId, id);
  if (!row || !inBotScope(actor.botIds, row.botId)) throw new AppError('CANNED_REPLY_NOT_FOUND');
  await repo.deleteCanned(deps.db, actor.vendorId, id);
}

/** Support Staff's figures, per person, from the conversations of the caller's bots. */
export async function staffFigures(deps: SupportDeps, actor: Actor): Promise<SupportStaffFiguresResponse> {
  const now = nowOf(deps);
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const f = await repo.staffFigures(deps.db, actor.vendorId, actor.botIds, dayStart);
  const people = new Set<number>();
  for (const list of [f.handled, f.answered, f.assigned])
    for (const r of list) if (r.who !== null) people.add(r.who);
  const byWho = <T extends { who: number | null }>(list: T[]) => new Map(list.map((r) => [r.who, r]));
  const handled = byWho(f.handled);
  const answered = byWho(f.answered);
  const assigned = byWho(f.assigned);
  let totalMs = 0;
  let totalAnswered = 0;
  const staff = [...people].map((telegramId) => {
    const h = handled.get(telegramId);
    const a = answered.get(telegramId);
    totalMs += a?.totalMs ?? 0;
    totalAnswered += a?.n ?? 0;
    return {
      telegramId,
      handled: h?.n ?? 0,
      avgFirstResponseMs: a && a.n > 0 ? Math.round(a.totalMs / a.n) : null,
      rating: h && h.ratings > 0 ? Math.round((h.ratingSum / h.ratings) * 10) / 10 : null,
      ratings: h?.ratings ?? 0,
      today: (h?.today ?? 0) + (a?.today ?? 0),
      openAssigned: assigned.get(telegramId)?.n ?? 0,
    };
  });
  return {
    staff,
    avgFirstResponseMs: totalAnswered > 0 ? Math.round(totalMs / totalAnswered) : null,
    ticketsToday: f.openedToday,
  };
}

// ---- What the shop runtime calls -------------------------------------------------------------------------

export type CustomerWrote = {
  vendorId: string;
  botId: string;
  botUsername: string;
  chatId: number;
  customerId: string;
  customerName: string;
  customerUsername: string | null;
  /** Open a conversation when none is (support, /paysupport, "Contact support"); else only continue one. */
  open: boolean;
  orderId?: string | null;
  text: string;
  /** A photo or document: Telegram's file id, and the upload it was stored as (the media module). */
  media?: {
    kind: 'photo' | 'document';
    fileId: string;
    name: string | null;
    uploadId?: string | null;
  } | null;
};

/**
 * Adds what a customer wrote to their open conversation with the bot, opening one when `open` says so
 * (support.conversation_opened) or answering null when there is none to continue. Each message records
 * support.message_received.
 */
export async function customerWrote(
  deps: SupportDeps,
  w: CustomerWrote,
): Promise<{ conversationId: string; opened: boolean } | null> {
  const at = nowOf(deps);
  const actor: EventActor = { kind: 'customer', id: w.customerId, name: w.customerName };
  return deps.db.transaction(async (tx) => {
    let row = await repo.findOpenConversation(tx, w.vendorId, w.botId, w.chatId);
    let opened = false;
    if (!row) {
      if (!w.open) return null;
      row = await repo.insertConversation(tx, {
        vendorId: w.vendorId,
        botId: w.botId,
        customerId: w.customerId,
        chatId: w.chatId,
        customerName: w.customerName,
        customerUsername: w.customerUsername,
        orderId: w.orderId ?? null,
        unread: 0,
        waiting: true,
        createdAt: at,
        lastMessageAt: at,
      });
      // Another process opened it between the read and the insert: continue that one.
      row ??= await repo.findOpenConversation(tx, w.vendorId, w.botId, w.chatId);
      if (!row) throw new Error('no open conversation after opening one');
      opened = true;
      await recordEvent(tx, {
        vendorId: w.vendorId,
        botId: w.botId,
        type: 'support.conversation_opened',
        actor,
        subject: { kind: 'conversation', id: row.id },
        payload: {
          customerName: w.customerName,
          botUsername: w.botUsername,
          orderId: w.orderId ?? null,
          // Without words yet (a tap on "Contact support"), the opening itself is what the team is told of.
          hasMessage: Boolean(w.text || w.media),
        },
      });
    } else if (w.orderId && !row.orderId) {
      await repo.updateConversation(tx, w.vendorId, row.id, { orderId: w.orderId });
    }
    if (w.text || w.media) {
      await repo.insertMessage(tx, {
        vendorId: w.vendorId,
        conversationId: row.id,
        direction: 'in',
        text: w.text,
        mediaKind: w.media?.kind ?? null,
        mediaFileId: w.media?.fileId ?? null,
        mediaName: w.media?.name ?? null,
        mediaUploadId: w.media?.uploadId ?? null,
        delivery: 'received',
        createdAt: at,
      });
      const preview = (w.text || (w.media?.kind === 'photo' ? '📷' : `📎 ${w.media?.name ?? ''}`)).slice(
        0,
        PREVIEW_MAX,
      );
      await repo.noteCustomerMessage(tx, w.vendorId, row.id, preview, at);
      await recordEvent(tx, {
        vendorId: w.vendorId,
        botId: w.botId,
        type: 'support.message_received',
        actor,
        subject: { kind: 'conversation', id: row.id },
        // The notification's words (a customer's text is what the team needs to see, as a flagged message's is).
        payload: {
          customerName: w.customerName,
          botUsername: w.botUsername,
          assignedTo: row.assignedTo,
          text: preview,
        },
      });
    }
    return { conversationId: row.id, opened };
  });
}

/** Whether the customer has an open conversation with the bot (their plain text then goes to it). */
export async function hasOpenConversation(
  deps: SupportDeps,
  vendorId: string,
  botId: string,
  chatId: number,
) {
  return (await repo.findOpenConversation(deps.db, vendorId, botId, chatId)) !== undefined;
}

/**
 * Keeps a customer's rating of a closed conversation, once: `rated`, or `refused` when it is not theirs, not
 * closed, or already rated (support.rated when kept).
 */
export async function rate(
  deps: SupportDeps,
  q: { vendorId: string; botId: string; chatId: number; conversationId: string; rating: number },
): Promise<'rated' | 'refused'> {
  if (!Number.isInteger(q.rating) || q.rating < 1 || q.rating > 5) return 'refused';
  return deps.db.transaction(async (tx) => {
    const row = await repo.rateOnce(tx, {
      vendorId: q.vendorId,
      id: q.conversationId,
      botId: q.botId,
      chatId: q.chatId,
      rating: q.rating,
      at: nowOf(deps),
    });
    if (!row) return 'refused';
    await recordEvent(tx, {
      vendorId: q.vendorId,
      botId: q.botId,
      type: 'support.rated',
      actor: { kind: 'customer', id: row.customerId, name: row.customerName },
      subject: { kind: 'conversation', id: row.id },
      payload: { customerName: row.customerName, rating: q.rating, closedBy: row.closedBy },
    });
    return 'rated';
  });
}

/** How long a conversation may wait for its first answer, in the store's working hours, before the owner is told. */
export const FIRST_ANSWER_ALERT_MS = SUPPORT_LIMITS.firstAnswerAlertMs;
/** Conversations opened longer ago than this are not looked at by the alert any more (a week of weekends). */
const ALERT_LOOKBACK_MS = 8 * 24 * 60 * 60_000;

/**
 * Tells the owner of each open conversation that has waited FIRST_ANSWER_ALERT_MS of the store's working hours
 * without a first answer, once per conversation (`owner_alerted_at`, set with the queued notice). Working
 * hours are the store details' free text (see working-hours.ts: unreadable text counts as always open) in the
 * bot's timezone. Run every minute by the `support.unanswered` job; answers how many were told.
 */
export async function alertUnanswered(deps: SupportDeps): Promise<number> {
  const now = nowOf(deps);
  const rows = await repo.unansweredSince(
    deps.db,
    new Date(now.getTime() - FIRST_ANSWER_ALERT_MS),
    new Date(now.getTime() - ALERT_LOOKBACK_MS),
  );
  const hoursOf = new Map<string, { week: WeekHours | null; timezone: string }>();
  let told = 0;
  for (const row of rows) {
    let hours = hoursOf.get(row.botId);
    if (!hours) {
      const store = await deps.storeHoursOf?.(row.vendorId, row.botId);
      hours = { week: parseWorkingHours(store?.text ?? ''), timezone: store?.timezone ?? 'UTC' };
      hoursOf.set(row.botId, hours);
    }
    if (openMsBetween(hours.week, hours.timezone, row.createdAt, now) < FIRST_ANSWER_ALERT_MS) continue;
    const marked = await deps.db.transaction(async (tx) => {
      const alerted = await repo.markOwnerAlerted(tx, row.vendorId, row.id, now);
      if (!alerted) return false;
      await queueVendorNotice(tx, row.vendorId, 'support_unanswered', {
        key: row.id,
        botId: row.botId,
        subjectId: row.id,
        params: { customerName: row.customerName, minutes: FIRST_ANSWER_ALERT_MS / 60_000 },
      });
      return true;
    });
    if (marked) told += 1;
  }
  return told;
}

export function createSupportService(deps: SupportDeps) {
  return {
    list: (actor: Actor, q: SupportListQuery) => listInbox(deps, actor, q),
    get: (actor: Actor, id: string) => getConversation(deps, actor, id),
    messages: (actor: Actor, id: string) => listThread(deps, actor, id),
    reply: (actor: Actor, id: string, text: string) => reply(deps, actor, id, text),
    assign: (actor: Actor, id: string, assignee: number | null) => assign(deps, actor, id, assignee),
    close: (actor: Actor, id: string) => close(deps, actor, id),
    reopen: (actor: Actor, id: string) => reopen(deps, actor, id),
    listCanned: (actor: Actor, botId?: string) => listCanned(deps, actor, botId),
    addCanned: (actor: Actor, body: CannedReplyBody) => addCanned(deps, actor, body),
    removeCanned: (actor: Actor, id: string) => removeCanned(deps, actor, id),
    staffFigures: (actor: Actor) => staffFigures(deps, actor),
    checkFile: (actor: Actor, conversationId: string, messageId: string) =>
      checkFile(deps, actor, conversationId, messageId),
    openFile: (actor: Actor, messageId: string) => openFile(deps, actor, messageId),
    /** The support.unanswered job's run: the owner told of conversations waiting for a first answer. */
    alertUnanswered: () => alertUnanswered(deps),
    /** What the shop runtime calls. */
    runtime: {
      customerWrote: (w: CustomerWrote) => customerWrote(deps, w),
      hasOpen: (vendorId: string, botId: string, chatId: number) =>
        hasOpenConversation(deps, vendorId, botId, chatId),
      rate: (q: Parameters<typeof rate>[1]) => rate(deps, q),
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;

/** Whether a staff grant lets its holder answer a bot's support. */
export function grantsSupport(
  grant: { permissions: readonly string[]; botIds: 'all' | readonly string[] },
  botId: string,
) {
  return (
    hasPermission({ permissions: grant.permissions as Actor['permissions'] }, 'support') &&
    inBotScope(grant.botIds, botId)
  );
}

/**
 * Erases a customer's support conversations (customer erasure, modules/customers): their name becomes `name`,
 * their username and what they wrote go; staff replies stay. Answers the conversations' ids. In the caller's
 * transaction.
 */
export function eraseCustomerConversations(
  tx: Tx,
  vendorId: string,
  customerId: string,
  name: string,
): Promise<string[]> {
  return repo.eraseCustomerConversations(tx, vendorId, customerId, name);
}
