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
  answeredQueryIds: Set<string>;
  refundedChargeIds: Set<string>;
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

export type SentMessage = { token: string; botId: number; message: Record<string, unknown> };

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

export type RegisterBotInput = {
  token: string;
  username: string;
  firstName?: string;
  canJoinGroups?: boolean;
  canReadAllGroupMessages?: boolean;
  supportsInlineQueries?: boolean;
};

export type CallFilter = { method?: string; token?: string };

export type FakeBotApiState = {
  bots: Map<string, BotRecord>;
  log: CallRecord[];
  messages: SentMessage[];
  invoiceLinks: InvoiceLink[];
  refunds: Refund[];
  preCheckoutAnswers: Map<string, PreCheckoutAnswer>;
  starSubscriptionEdits: StarSubscriptionEdit[];
  /** Registers (or replaces) a bot; its id is the number before ':' in the token, as with real tokens. */
  registerBot(input: RegisterBotInput): FakeBotUser;
  findBot(token: string): BotRecord | undefined;
  /** The calls received, oldest first; `method` matches case-insensitively like the Bot API. */
  calls(filter?: CallFilter): CallRecord[];
  nextMessageId(): number;
  /** Forgets every call, message, invoice, refund, webhook and queued update; registered bots stay. */
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
    answeredQueryIds: new Set(),
    refundedChargeIds: new Set(),
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

export function createFakeBotApiState(bots: RegisterBotInput[] = []): FakeBotApiState {
  let lastMessageId = 0;

  const state: FakeBotApiState = {
    bots: new Map(),
    log: [],
    messages: [],
    invoiceLinks: [],
    refunds: [],
    preCheckoutAnswers: new Map(),
    starSubscriptionEdits: [],

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

    nextMessageId() {
      lastMessageId += 1;
      return lastMessageId;
    },

    reset() {
      lastMessageId = 0;
      state.log.length = 0;
      state.messages.length = 0;
      state.invoiceLinks.length = 0;
      state.refunds.length = 0;
      state.preCheckoutAnswers.clear();
      state.starSubscriptionEdits.length = 0;
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
