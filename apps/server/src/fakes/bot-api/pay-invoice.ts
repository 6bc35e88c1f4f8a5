import { randomBytes } from 'node:crypto';
import { type DeliverOptions, type DeliveryResult, deliverUpdate } from './deliver-update';
import { BotApiError, isRecord, nowSeconds } from './params';
import { totalOf } from './payments';
import type {
  BotRecord,
  Chat,
  ChatEntry,
  FakeBotApiState,
  InvoiceTerms,
  Message,
  ShippingAddress,
  ShippingOption,
} from './state';

// Paying, as a Telegram user does: an invoice link (createInvoiceLink, the platform bot's plans) or an invoice
// message in a shop bot's chat (sendInvoice). Telegram asks the bot a shipping_query when the invoice has a
// flexible price for a shipping address, then a pre_checkout_query, and only when the bot said ok sends it the
// message with successful_payment.

export type TelegramUser = {
  id: number;
  is_bot: false;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
};

/** How long the fake waits for the bot's answer to a query (Telegram gives a pre-checkout query 10 s). */
export const DEFAULT_ANSWER_TIMEOUT_MS = 10_000;

const SUBSCRIPTION_PERIOD_S = 2_592_000;

/** The address the customer "enters" in Telegram's payment form when a test does not give one. */
export const DEMO_SHIPPING_ADDRESS: ShippingAddress = {
  country_code: 'US',
  state: 'NY',
  city: 'New York',
  street_line1: '350 Fifth Avenue',
  street_line2: '',
  post_code: '10118',
};

export type PayInvoiceInput = {
  /** The invoice link createInvoiceLink answered. */
  url: string;
  /** The paying Telegram user. */
  userId: number;
  /** A Star subscription's renewal: Telegram charges again without a pre-checkout query. */
  renewal?: boolean;
};

export type PayInvoiceResult = {
  paid: boolean;
  chargeId: string | null;
  /** The bot's pre-checkout refusal, when it refused. */
  error?: string;
};

/** The private chat of a bot with a user, with the user as they last appeared. */
export function privateChat(state: FakeBotApiState, bot: BotRecord, user: TelegramUser): Chat {
  const chat = state.chatOf(bot.token, { id: user.id, type: 'private' });
  const { id, first_name, last_name, username } = user;
  chat.chat = {
    id,
    type: 'private',
    first_name,
    ...(last_name !== undefined && { last_name }),
    ...(username !== undefined && { username }),
  };
  chat.user = user;
  return chat;
}

/** A message the user writes in their private chat with the bot, recorded in the transcript. */
export function userMessage(
  state: FakeBotApiState,
  chat: Chat,
  user: TelegramUser,
  content: Record<string, unknown>,
): Message {
  chat.lastMessageId += 1;
  const message: Message = {
    message_id: chat.lastMessageId,
    from: user,
    chat: chat.chat,
    date: nowSeconds(),
    ...content,
  };
  state.addEntry(chat, { type: 'message', from: 'user', message });
  return message;
}

type Payment = {
  bot: BotRecord;
  user: TelegramUser;
  currency: string;
  total: number;
  payload: string;
  /** The invoice message paid, when it is one. */
  messageId?: number;
  shippingOption?: ShippingOption;
  orderInfo?: Record<string, unknown>;
  subscriptionPeriod?: number;
  renewal?: boolean;
  timeoutMs: number;
};

export type PaymentOutcome =
  | { paid: true; chargeId: string; totalAmount: number; messageId: number; delivery: DeliveryResult }
  | { paid: false; stage: 'shipping' | 'pre_checkout'; error: string; delivery: DeliveryResult };

/** pre_checkout_query, the bot's answer, then successful_payment: the part every payment shares. */
async function checkOutAndPay(
  state: FakeBotApiState,
  p: Payment,
  deliver: DeliverOptions,
): Promise<PaymentOutcome> {
  const chat = privateChat(state, p.bot, p.user);
  if (!p.renewal) {
    const id = randomBytes(8).toString('hex');
    state.addQuery(chat, 'pre_checkout', {
      type: 'pre_checkout_query',
      id,
      message_id: p.messageId ?? 0,
      currency: p.currency,
      total_amount: p.total,
    });
    const delivery = await deliverUpdate(
      state,
      p.bot.token,
      {
        pre_checkout_query: {
          id,
          from: p.user,
          currency: p.currency,
          total_amount: p.total,
          invoice_payload: p.payload,
          ...(p.shippingOption && { shipping_option_id: p.shippingOption.id }),
          ...(p.orderInfo && { order_info: p.orderInfo }),
        },
      },
      deliver,
    );
    await state.waitForAnswer(() => state.preCheckoutAnswers.has(id), p.timeoutMs);
    const answer = state.preCheckoutAnswers.get(id);
    if (!answer?.ok) {
      const error = answer?.error_message ?? 'pre_checkout_query not answered';
      return { paid: false, stage: 'pre_checkout', error, delivery };
    }
  }

  const chargeId = `fake_charge_${randomBytes(10).toString('hex')}`;
  const now = nowSeconds();
  const message = userMessage(state, chat, p.user, {
    successful_payment: {
      currency: p.currency,
      total_amount: p.total,
      invoice_payload: p.payload,
      ...(p.shippingOption && { shipping_option_id: p.shippingOption.id }),
      ...(p.orderInfo && { order_info: p.orderInfo }),
      telegram_payment_charge_id: chargeId,
      provider_payment_charge_id:
        p.currency === 'XTR' ? '' : `fake_provider_${randomBytes(8).toString('hex')}`,
      ...(p.subscriptionPeriod !== undefined && {
        subscription_expiration_date: now + SUBSCRIPTION_PERIOD_S,
        is_recurring: true,
        is_first_recurring: !p.renewal,
      }),
    },
  });
  if (p.currency === 'XTR') {
    // The bot's Star balance grows by it: getStarTransactions lists it under the charge id.
    state.starTransactions.push({
      token: p.bot.token,
      id: chargeId,
      amount: p.total,
      date: now,
      source: {
        type: 'user',
        transaction_type: 'invoice_payment',
        user: p.user,
        invoice_payload: p.payload,
        ...(p.subscriptionPeriod !== undefined && { subscription_period: p.subscriptionPeriod }),
      },
    });
  }
  const delivery = await deliverUpdate(state, p.bot.token, { message }, deliver);
  return { paid: true, chargeId, totalAmount: p.total, messageId: message.message_id, delivery };
}

/**
 * Emulates a user paying an invoice link in Telegram: the bot receives a pre_checkout_query (and must answer it
 * within the wait), then, when it said ok, a message with successful_payment carrying a fresh
 * telegram_payment_charge_id. A renewal of a Star subscription skips the query and is marked is_recurring.
 */
export async function payInvoice(
  state: FakeBotApiState,
  input: PayInvoiceInput,
  options: DeliverOptions & { timeoutMs?: number } = {},
): Promise<PayInvoiceResult> {
  const invoice = state.invoiceLinks.find((link) => link.url === input.url);
  const bot = invoice && state.findBot(invoice.token);
  if (!invoice || !bot) throw new BotApiError(400, 'Bad Request: invoice link not found');
  const known = state.findChat(bot.token, input.userId)?.user as TelegramUser | undefined;
  const user = known ?? { id: input.userId, is_bot: false, first_name: 'Demo', username: 'demo_vendor' };
  const outcome = await checkOutAndPay(
    state,
    {
      bot,
      user,
      currency: invoice.currency,
      total: totalOf(invoice.prices),
      payload: invoice.payload,
      ...(invoice.subscription_period !== undefined && { subscriptionPeriod: invoice.subscription_period }),
      renewal: input.renewal === true,
      timeoutMs: options.timeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS,
    },
    options,
  );
  return outcome.paid
    ? { paid: true, chargeId: outcome.chargeId }
    : { paid: false, chargeId: null, error: outcome.error };
}

export type PayMessageInput = {
  bot: BotRecord;
  user: TelegramUser;
  /** The invoice message; by default the chat's newest unpaid invoice. */
  messageId?: number;
  /** Merged over DEMO_SHIPPING_ADDRESS. */
  shippingAddress?: Partial<ShippingAddress>;
  /** Which of the options the bot offered to choose; by default the first. */
  shippingOptionId?: string;
  /** What the payment form collects when the invoice asks for it (need_name, need_phone_number, need_email). */
  orderInfo?: { name?: string; phone_number?: string; email?: string };
  timeoutMs?: number;
};

type InvoiceEntry = Extract<ChatEntry, { type: 'message' }> & { invoice: InvoiceTerms };

function invoiceToPay(chat: Chat | undefined, messageId: number | undefined): InvoiceEntry {
  const invoices = (chat?.entries ?? []).filter(
    (e): e is InvoiceEntry => e.type === 'message' && e.invoice !== undefined && !e.deleted,
  );
  const entry =
    messageId === undefined
      ? invoices.findLast((e) => e.invoice.paid_charge_id === undefined)
      : invoices.find((e) => e.message.message_id === messageId);
  if (!entry) throw new BotApiError(400, 'Bad Request: no invoice to pay in this chat');
  // Telegram shows a paid invoice's receipt instead of its Pay button.
  if (entry.invoice.paid_charge_id !== undefined)
    throw new BotApiError(400, 'Bad Request: invoice is already paid');
  return entry;
}

/**
 * Emulates the customer pressing Pay on an invoice message and completing Telegram's payment form: with a
 * flexible price for a shipping address, a shipping_query first (the bot answers the options; the chosen one
 * is added to the total), then the pre-checkout query and successful_payment.
 */
export async function payInvoiceMessage(
  state: FakeBotApiState,
  input: PayMessageInput,
  deliver: DeliverOptions = {},
): Promise<PaymentOutcome> {
  const chat = privateChat(state, input.bot, input.user);
  const entry = invoiceToPay(state.findChat(input.bot.token, input.user.id), input.messageId);
  const terms = entry.invoice;
  const timeoutMs = input.timeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
  const address = { ...DEMO_SHIPPING_ADDRESS, ...input.shippingAddress };
  const messageId = entry.message.message_id;

  let shippingOption: ShippingOption | undefined;
  if (terms.need_shipping_address && terms.is_flexible) {
    const id = randomBytes(8).toString('hex');
    state.addQuery(chat, 'shipping', {
      type: 'shipping_query',
      id,
      message_id: messageId,
      shipping_address: address,
    });
    const delivery = await deliverUpdate(
      state,
      input.bot.token,
      { shipping_query: { id, from: input.user, invoice_payload: terms.payload, shipping_address: address } },
      deliver,
    );
    await state.waitForAnswer(() => state.shippingAnswers.has(id), timeoutMs);
    const answer = state.shippingAnswers.get(id);
    if (!answer?.ok) {
      const error = answer?.error_message ?? 'shipping_query not answered';
      return { paid: false, stage: 'shipping', error, delivery };
    }
    const offered = answer.shipping_options ?? [];
    shippingOption =
      input.shippingOptionId === undefined
        ? offered[0]
        : offered.find((o) => o.id === input.shippingOptionId);
    if (!shippingOption) {
      throw new BotApiError(400, `Bad Request: shipping option "${input.shippingOptionId}" was not offered`);
    }
  }

  const orderInfo = {
    ...(terms.need_name && { name: input.orderInfo?.name ?? input.user.first_name }),
    ...(terms.need_phone_number && { phone_number: input.orderInfo?.phone_number ?? '+15550100' }),
    ...(terms.need_email && { email: input.orderInfo?.email ?? `customer${input.user.id}@example.com` }),
    ...(terms.need_shipping_address && { shipping_address: address }),
  };
  const outcome = await checkOutAndPay(
    state,
    {
      bot: input.bot,
      user: input.user,
      currency: terms.currency,
      total: totalOf(terms.prices) + totalOf(shippingOption?.prices ?? []),
      payload: terms.payload,
      messageId,
      ...(shippingOption && { shippingOption }),
      ...(Object.keys(orderInfo).length > 0 && { orderInfo }),
      timeoutMs,
    },
    deliver,
  );
  if (outcome.paid) terms.paid_charge_id = outcome.chargeId;
  return outcome;
}

/** A TelegramUser from a control route's body, or undefined when it is not one. */
export function readUser(value: unknown): TelegramUser | undefined {
  if (!isRecord(value)) return undefined;
  const id = Number(value.id);
  if (
    !Number.isSafeInteger(id) ||
    id <= 0 ||
    typeof value.first_name !== 'string' ||
    value.first_name === ''
  ) {
    return undefined;
  }
  const optional = (name: string) =>
    typeof value[name] === 'string' && value[name] !== '' ? { [name]: value[name] as string } : {};
  return {
    id,
    is_bot: false,
    first_name: value.first_name,
    ...optional('last_name'),
    ...optional('username'),
    ...optional('language_code'),
  };
}
