// In-memory state of the fake Bot API. Plain data plus a few functions, so a host app (demo mode) or a
// test can read what the product sent without going through HTTP.

/** What getMe answers: the Bot API `User` of a bot. */
export type FakeBotUser = {
  id: number;
  is_bot: true;
  first_name: string;
  username: string;
  can_join_groups: boolean;
  can_read_all_group_messages: boolean;
  supports_inline_queries: boolean;
  can_connect_to_business: boolean;
  has_main_web_app: boolean;
};

export type Webhook = {
  url: string;
  secret_token: string | undefined;
  allowed_updates: string[] | undefined;
  max_connections: number;
  last_error_date?: number;
  last_error_message?: string;
};

export type Update = { update_id: number } & Record<string, unknown>;

export type BotCommand = { command: string; description: string };
export type MenuButton =
  | { type: 'commands' | 'default' }
  | { type: 'web_app'; text: string; web_app: { url: string } };

export type BotRecord = {
  token: string;
  user: FakeBotUser;
  webhook: Webhook | undefined;
  // allowed_updates outlives the webhook: Telegram keeps "the previous setting" when a call omits it.
  allowedUpdates: string[] | undefined;
  // Updates not delivered yet: the getUpdates queue, and what getWebhookInfo counts as pending.
  pending: Update[];
  nextUpdateId: number;
  commands: Map<string, BotCommand[]>;
  menuButtons: Map<string, MenuButton>;
  /** What an empty chat with the bot shows ("What can this bot do?"), by language_code ('' for every language). */
  descriptions: Map<string, string>;
  answeredQueryIds: Set<string>;
  refundedChargeIds: Set<string>;
  /** Users who blocked the bot: every send to their chat answers 403 until they write to it again. */
  blockedBy: Set<number>;
  // getUpdates calls waiting (long polling) for an update to arrive.
  waiters: Set<() => void>;
};

export type CallRecord = {
  token: string;
  /** null when the token is not a registered bot (the call was answered 401). */
  botId: number | null;
  method: string;
  params: Record<string, unknown>;
  at: string;
};

/** A Bot API `Message`, as the fake builds it. */
export type Message = Record<string, unknown> & { message_id: number; chat: Record<string, unknown> };

export type SentMessage = { token: string; botId: number; message: Message };

export type LabeledPrice = { label: string; amount: number };

/** What sendInvoice was given beyond what the Message shows: how the invoice is paid. */
export type InvoiceTerms = {
  payload: string;
  provider_token: string;
  currency: string;
  prices: LabeledPrice[];
  max_tip_amount: number;
  need_name: boolean;
  need_phone_number: boolean;
  need_email: boolean;
  need_shipping_address: boolean;
  is_flexible: boolean;
  /** The charge id once paid: Telegram shows a paid invoice's receipt, not its Pay button. */
  paid_charge_id?: string;
};

export type ShippingAddress = {
  country_code: string;
  state: string;
  city: string;
  street_line1: string;
  street_line2: string;
  post_code: string;
};

export type ShippingOption = { id: string; title: string; prices: LabeledPrice[] };

/** What a file id stands for: a URL the bot gave, or a file it uploaded (its bytes are not kept). */
export type FakeFile = {
  file_id: string;
  file_unique_id: string;
  url?: string;
  file_name?: string;
  file_size?: number;
  mime_type?: string;
  /** What a customer sent (a test puts it here): getFile answers its path and `/file/bot<token>/<path>` its bytes. */
  bytes?: Buffer;
};

export type CallbackAnswer = { text?: string; show_alert: boolean; url?: string };
export type ShippingAnswer = { ok: boolean; shipping_options?: ShippingOption[]; error_message?: string };

/**
 * One line of a chat's transcript, both sides in order: messages (the bot's, and the customer's), button taps
 * with the bot's answer, the payment queries with the bot's answer, and the customer blocking or unblocking.
 */
export type ChatEntry =
  | {
      type: 'message';
      from: 'bot' | 'user';
      message: Message;
      /** The bot deleted it (kept here so a test can see it was sent). */
      deleted?: boolean;
      /** sendInvoice's terms, for an invoice message. */
      invoice?: InvoiceTerms;
      /** The file a photo or document message shows. */
      file?: FakeFile;
      /** How the bot asked its text to be read (the fake keeps the text as sent, markup included). */
      parse_mode?: string;
    }
  | {
      type: 'callback_query';
      id: string;
      message_id: number;
      data: string;
      button_text: string;
      answer?: CallbackAnswer;
    }
  | {
      type: 'shipping_query';
      id: string;
      message_id: number;
      shipping_address: ShippingAddress;
      answer?: ShippingAnswer;
    }
  | {
      type: 'pre_checkout_query';
      id: string;
      message_id: number;
      currency: string;
      total_amount: number;
      answer?: PreCheckoutAnswer;
    }
  | { type: 'blocked' | 'unblocked' };

export type QueryEntry = Extract<
  ChatEntry,
  { type: 'callback_query' | 'shipping_query' | 'pre_checkout_query' }
>;

/** What a sent message's transcript line carries beside the Message. */
export type SentExtra = { invoice?: InvoiceTerms; file?: FakeFile; parse_mode?: string };

/** One chat of a bot (a private chat is the chat with one user). */
export type Chat = {
  token: string;
  chat: Record<string, unknown>;
  /** The user of a private chat, as they last wrote (for the updates the fake builds). */
  user?: Record<string, unknown>;
  /** Message ids count per chat, both sides together, as in a private chat on Telegram. */
  lastMessageId: number;
  entries: ChatEntry[];
  /** The bot's last sendChatAction ("typing…"), shown until `until` or its next message. */
  action?: { action: string; until: number } | undefined;
};
export type InvoiceLink = {
  token: string;
  botId: number;
  url: string;
  title: string;
  description: string;
  payload: string;
  currency: string;
  prices: { label: string; amount: number }[];
  subscription_period: number | undefined;
};

/** How the bot answered a pre-checkout query, by query id. */
export type PreCheckoutAnswer = { ok: boolean; error_message: string | undefined };

/** An editUserStarSubscription call: a Star subscription cancelled or re-enabled. */
export type StarSubscriptionEdit = {
  token: string;
  user_id: number;
  telegram_payment_charge_id: string;
  is_canceled: boolean;
};

export type Refund = { token: string; botId: number; user_id: number; telegram_payment_charge_id: string };

/**
 * A bot's Telegram Star transaction (Bot API StarTransaction), as getStarTransactions answers it: a Stars payment
 * the fake took (source: the paying user, id = its telegram_payment_charge_id) or a refund it made (receiver: the
 * user, the payment's id). Tests may add others (a chargeback, a withdrawal) with `addStarTransaction`.
 */
export type StarTransactionRecord = {
  token: string;
  id: string;
  amount: number;
  date: number;
  source?: Record<string, unknown>;
  receiver?: Record<string, unknown>;
};

export type RegisterBotInput = {
  token: string;
  username: string;
  firstName?: string;
  canJoinGroups?: boolean;
  canReadAllGroupMessages?: boolean;
  supportsInlineQueries?: boolean;
};

export type CallFilter = { method?: string; token?: string };

/**
 * A Telegram outage for chosen calls: matching calls answer `errorCode` (default 500, "Internal Server Error")
 * instead of being made, `times` times (default: every time) and until `until` (default: for ever), whichever
 * ends first. `chatId` narrows it to the calls to one chat (a `chat_id` parameter).
 */
export type CallFailure = {
  method?: string;
  token?: string;
  chatId?: number;
  times?: number;
  until?: Date;
  errorCode?: number;
  description?: string;
  /** With errorCode 429: the `retry_after` seconds the answer carries (its description says it too). */
  retryAfter?: number;
};

/**
 * Telegram's flood control, enforced: a bot sending more than `perSecond` messages (send*, copy*, forward*,
 * edit*) within any second gets 429 `Too Many Requests: retry after N` with `parameters.retry_after` N
 * (`retryAfter`, default 1) for the excess calls, which are logged but not made. `perChatPerSecond` does the
 * same for one chat. `token` narrows it to one bot.
 */
export type FloodLimit = {
  perSecond: number;
  perChatPerSecond?: number;
  retryAfter?: number;
  token?: string;
};

/**
 * Bounds for a long-running fake (demo mode): the call log, the sent messages and each chat's transcript keep
 * their newest entries. Tests leave them unbounded.
 */
export type FakeStateLimits = { calls?: number; chatEntries?: number };

export type FakeBotApiState = {
  bots: Map<string, BotRecord>;
  log: CallRecord[];
  messages: SentMessage[];
  invoiceLinks: InvoiceLink[];
  refunds: Refund[];
  /** Every bot's Star transactions, oldest first (getStarTransactions, getMyStarBalance). */
  starTransactions: StarTransactionRecord[];
  preCheckoutAnswers: Map<string, PreCheckoutAnswer>;
  shippingAnswers: Map<string, ShippingAnswer>;
  starSubscriptionEdits: StarSubscriptionEdit[];
  /** Chats by `${token}\n${chatId}`. */
  chats: Map<string, Chat>;
  /** Transcript lines of queries the customer routes sent and the bot has not answered yet, by `${kind}:${id}`. */
  openQueries: Map<string, QueryEntry>;
  files: Map<string, FakeFile>;
  /** Registers (or replaces) a bot; its id is the number before ':' in the token, as with real tokens. */
  registerBot(input: RegisterBotInput): FakeBotUser;
  findBot(token: string): BotRecord | undefined;
  /** The calls received, oldest first; `method` matches case-insensitively like the Bot API. */
  calls(filter?: CallFilter): CallRecord[];
  /** Appends to the call log, keeping it within its limit. */
  logCall(call: CallRecord): void;
  /** The chat (created on first use) of a bot with `chat` (a Bot API Chat, at least its id). */
  chatOf(token: string, chat: Record<string, unknown> & { id: number }): Chat;
  findChat(token: string, chatId: number): Chat | undefined;
  /** Adds a line to a chat's transcript, keeping it within its limit. */
  addEntry(chat: Chat, entry: ChatEntry): void;
  /** Adds a query's line, to be completed by the bot's answer (see `answerQuery`). */
  addQuery(chat: Chat, kind: 'callback' | 'shipping' | 'pre_checkout', entry: QueryEntry): void;
  /** Records the bot's answer on the query's transcript line, and wakes what waits for it. */
  answerQuery(kind: 'callback' | 'shipping' | 'pre_checkout', id: string, answer: QueryEntry['answer']): void;
  /** Records a message the bot sent: in its chat's transcript and in `messages`. */
  addSentMessage(bot: BotRecord, chat: Chat, message: Message, extra?: SentExtra): void;
  /** Resolves when `isAnswered` holds (checked whenever a query is answered), or after `timeoutMs`. */
  waitForAnswer(isAnswered: () => boolean, timeoutMs: number): Promise<void>;
  /** Fails the calls that match (see CallFailure) for a while; `clearFailures` ends every one. */
  failCalls(failure: CallFailure): void;
  clearFailures(): void;
  /** Enforces Telegram's per-second message limits (see FloodLimit) until `clearFloodLimit` (or `reset`). */
  limitFlood(limit: FloodLimit): void;
  clearFloodLimit(): void;
  /** The 429 a message call meets now under the flood limit (its retry_after), else undefined (and counts it). */
  floodFor(token: string, method: string, params: Record<string, unknown>): number | undefined;
  /** How many calls the flood limit refused so far. */
  floodRefusals: number;
  /** The failure a call meets now, counting it against its `times`; undefined when the call goes through. */
  failureFor(token: string, method: string, params: Record<string, unknown>): CallFailure | undefined;
  /** Forgets every call, message, chat, invoice, refund, webhook, queued update and failure; registered bots stay. */
  reset(): void;
};

const TOKEN_PATTERN = /^(\d+):[A-Za-z0-9_-]+$/;

function createBotRecord(token: string, user: FakeBotUser): BotRecord {
  return {
    token,
    user,
    webhook: undefined,
    allowedUpdates: undefined,
    pending: [],
    nextUpdateId: 1,
    commands: new Map(),
    menuButtons: new Map(),
    descriptions: new Map(),
    answeredQueryIds: new Set(),
    refundedChargeIds: new Set(),
    blockedBy: new Set(),
    waiters: new Set(),
  };
}

/** Queues an update for getUpdates and wakes any long poll waiting for one. */
export function enqueueUpdate(bot: BotRecord, update: Update): void {
  bot.pending.push(update);
  wakeWaiters(bot);
}

export function wakeWaiters(bot: BotRecord): void {
  for (const wake of bot.waiters) wake();
}

// Trims a bounded list by half its limit at a time, so appending stays cheap.
function keepNewest<T>(list: T[], limit: number | undefined): void {
  if (limit !== undefined && list.length > limit) list.splice(0, list.length - Math.ceil(limit / 2));
}

export function createFakeBotApiState(
  bots: RegisterBotInput[] = [],
  limits: FakeStateLimits = {},
): FakeBotApiState {
  const answerWaiters = new Set<() => void>();
  const failures: CallFailure[] = [];
  let flood: FloodLimit | undefined;
  // Per bot (and per bot and chat), the times of the messages made in the last second, oldest first.
  const recentSends = new Map<string, number[]>();
  const FLOOD_COUNTED = /^(send|copy|forward|edit)/i;
  const overLimit = (key: string, limit: number, now: number): boolean => {
    const times = recentSends.get(key) ?? [];
    while (times.length > 0 && (times[0] ?? 0) <= now - 1000) times.shift();
    recentSends.set(key, times);
    return times.length >= limit;
  };

  const state: FakeBotApiState = {
    bots: new Map(),
    log: [],
    messages: [],
    invoiceLinks: [],
    refunds: [],
    starTransactions: [],
    preCheckoutAnswers: new Map(),
    shippingAnswers: new Map(),
    starSubscriptionEdits: [],
    chats: new Map(),
    openQueries: new Map(),
    files: new Map(),

    registerBot(input) {
      const match = TOKEN_PATTERN.exec(input.token);
      if (!match?.[1]) throw new Error('A bot token looks like 123456:ABC-def_ghi');
      const user: FakeBotUser = {
        id: Number(match[1]),
        is_bot: true,
        first_name: input.firstName ?? input.username,
        username: input.username,
        can_join_groups: input.canJoinGroups ?? true,
        can_read_all_group_messages: input.canReadAllGroupMessages ?? false,
        supports_inline_queries: input.supportsInlineQueries ?? false,
        can_connect_to_business: false,
        has_main_web_app: false,
      };
      state.bots.set(input.token, createBotRecord(input.token, user));
      return user;
    },

    findBot(token) {
      return state.bots.get(token);
    },

    calls(filter = {}) {
      const method = filter.method?.toLowerCase();
      return state.log.filter(
        (call) =>
          (method === undefined || call.method.toLowerCase() === method) &&
          (filter.token === undefined || call.token === filter.token),
      );
    },

    logCall(call) {
      state.log.push(call);
      keepNewest(state.log, limits.calls);
    },

    chatOf(token, chat) {
      const key = `${token}\n${chat.id}`;
      let found = state.chats.get(key);
      if (!found) {
        found = { token, chat, lastMessageId: 0, entries: [] };
        state.chats.set(key, found);
      }
      return found;
    },

    findChat(token, chatId) {
      return state.chats.get(`${token}\n${chatId}`);
    },

    addEntry(chat, entry) {
      chat.entries.push(entry);
      keepNewest(chat.entries, limits.chatEntries);
    },

    addQuery(chat, kind, entry) {
      state.addEntry(chat, entry);
      state.openQueries.set(`${kind}:${entry.id}`, entry);
      // Queries the bot never answers must not pile up in a long-running fake.
      if (limits.chatEntries !== undefined && state.openQueries.size > limits.chatEntries * 10) {
        const oldest = state.openQueries.keys().next().value;
        if (oldest !== undefined) state.openQueries.delete(oldest);
      }
    },

    answerQuery(kind, id, answer) {
      const entry = state.openQueries.get(`${kind}:${id}`);
      state.openQueries.delete(`${kind}:${id}`);
      if (entry) Object.assign(entry, { answer });
      for (const check of [...answerWaiters]) check();
    },

    addSentMessage(bot, chat, message, extra = {}) {
      state.addEntry(chat, { type: 'message', from: 'bot', message, ...extra });
      state.messages.push({ token: bot.token, botId: bot.user.id, message });
      keepNewest(state.messages, limits.calls);
    },

    waitForAnswer(isAnswered, timeoutMs) {
      if (isAnswered()) return Promise.resolve();
      return new Promise((resolve) => {
        const check = () => {
          if (!isAnswered()) return;
          finish();
        };
        const finish = () => {
          clearTimeout(timer);
          answerWaiters.delete(check);
          resolve();
        };
        const timer = setTimeout(finish, timeoutMs);
        answerWaiters.add(check);
      });
    },

    failCalls(failure) {
      failures.push({ ...failure });
    },
    clearFailures() {
      failures.length = 0;
    },
    floodRefusals: 0,
    limitFlood(limit) {
      flood = { ...limit };
      recentSends.clear();
    },
    clearFloodLimit() {
      flood = undefined;
      recentSends.clear();
    },
    floodFor(token, method, params) {
      if (flood === undefined || !FLOOD_COUNTED.test(method)) return undefined;
      if (flood.token !== undefined && flood.token !== token) return undefined;
      const now = Date.now();
      const chatKey = `${token}\n${String(params.chat_id)}`;
      const refused =
        overLimit(token, flood.perSecond, now) ||
        (flood.perChatPerSecond !== undefined && overLimit(chatKey, flood.perChatPerSecond, now));
      if (refused) {
        state.floodRefusals += 1;
        return flood.retryAfter ?? 1;
      }
      recentSends.get(token)?.push(now);
      if (flood.perChatPerSecond !== undefined) recentSends.get(chatKey)?.push(now);
      return undefined;
    },
    failureFor(token, method, params) {
      const now = Date.now();
      const found = failures.find(
        (f) =>
          (f.method === undefined || f.method.toLowerCase() === method.toLowerCase()) &&
          (f.token === undefined || f.token === token) &&
          (f.chatId === undefined || Number(params.chat_id) === f.chatId) &&
          (f.until === undefined || f.until.getTime() > now) &&
          (f.times === undefined || f.times > 0),
      );
      if (found?.times !== undefined) found.times -= 1;
      return found;
    },

    reset() {
      failures.length = 0;
      flood = undefined;
      recentSends.clear();
      state.floodRefusals = 0;
      state.log.length = 0;
      state.messages.length = 0;
      state.invoiceLinks.length = 0;
      state.refunds.length = 0;
      state.starTransactions.length = 0;
      state.preCheckoutAnswers.clear();
      state.shippingAnswers.clear();
      state.starSubscriptionEdits.length = 0;
      state.chats.clear();
      state.openQueries.clear();
      state.files.clear();
      for (const [token, bot] of state.bots) {
        // A long poll still holding the old record must wake up to an empty queue, not stale updates.
        bot.pending.length = 0;
        wakeWaiters(bot);
        state.bots.set(token, createBotRecord(token, bot.user));
      }
    },
  };

  for (const bot of bots) state.registerBot(bot);
  return state;
}
