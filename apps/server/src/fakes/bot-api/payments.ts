import { randomBytes } from 'node:crypto';
import { botMessage, targetChat } from './messages';
import {
  answerQueryOnce,
  BotApiError,
  buttonsOf,
  type Handler,
  isRecord,
  type Params,
  readFlag,
  readInteger,
  readJson,
  readReplyMarkup,
  readString,
  requireString,
} from './params';
import type { InvoiceTerms, LabeledPrice, ShippingOption } from './state';

// Payments: invoices (as a link or as a message), the bot's answers to shipping and pre-checkout queries, Star
// refunds and Star subscriptions. Paying, as a user would, is in customer.ts and pay-invoice.ts.

const SUBSCRIPTION_PERIOD_S = 2_592_000;

function readPrices(params: Params, name: string, what: string): LabeledPrice[] {
  const value = readJson(params, name, what);
  if (value === undefined) throw new BotApiError(400, `Bad Request: parameter "${name}" is required`);
  return parsePrices(value, what);
}

function parsePrices(value: unknown, what: string): LabeledPrice[] {
  const valid =
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (price) =>
        isRecord(price) && typeof price.label === 'string' && Number.isSafeInteger(Number(price.amount)),
    );
  if (!valid) throw new BotApiError(400, `Bad Request: can't parse ${what} JSON object`);
  return value.map((price: Record<string, unknown>) => ({
    label: String(price.label),
    amount: Number(price.amount),
  }));
}

export const totalOf = (prices: LabeledPrice[]) => prices.reduce((sum, price) => sum + price.amount, 0);

type Invoice = InvoiceTerms & { title: string; description: string; subscription_period: number | undefined };

/** The invoice both createInvoiceLink and sendInvoice describe, checked as Telegram checks it. */
function readInvoice(params: Params): Invoice {
  const title = requireString(params, 'title');
  const description = requireString(params, 'description');
  const payload = requireString(params, 'payload');
  const currency = requireString(params, 'currency');
  const prices = readPrices(params, 'prices', 'prices');
  const providerToken = readString(params, 'provider_token');
  const subscriptionPeriod = readInteger(params, 'subscription_period');
  const maxTip = readInteger(params, 'max_tip_amount') ?? 0;

  // The docs' limits: title 1-32 characters, description 1-255, payload 1-128 bytes.
  if (title.length > 32) throw new BotApiError(400, 'Bad Request: INVOICE_TITLE_INVALID');
  if (description.length > 255) throw new BotApiError(400, 'Bad Request: INVOICE_DESCRIPTION_INVALID');
  if (Buffer.byteLength(payload) > 128) throw new BotApiError(400, 'Bad Request: INVOICE_PAYLOAD_INVALID');
  const stars = currency === 'XTR';
  if (stars) {
    // Stars: no payment provider, exactly one price, no tips (Bot API "Payments in Telegram Stars").
    if (providerToken !== undefined || prices.length !== 1 || maxTip > 0) {
      throw new BotApiError(400, 'Bad Request: STARS_INVOICE_INVALID');
    }
  } else if (providerToken === undefined) {
    throw new BotApiError(400, 'Bad Request: PAYMENT_PROVIDER_INVALID');
  }
  // Lines may be negative (a discount); the total may not, and a Stars price is a positive whole number.
  if (totalOf(prices) <= 0 || (stars && (prices[0]?.amount ?? 0) <= 0)) {
    throw new BotApiError(400, 'Bad Request: CURRENCY_TOTAL_AMOUNT_INVALID');
  }
  // The docs allow only 30-day subscriptions, and only in Stars.
  if (subscriptionPeriod !== undefined && (subscriptionPeriod !== SUBSCRIPTION_PERIOD_S || !stars)) {
    throw new BotApiError(400, 'Bad Request: SUBSCRIPTION_PERIOD_INVALID');
  }
  // What the buyer is asked for is ignored for Stars, whose invoices collect nothing.
  const ask = (name: string) => !stars && readFlag(params, name);
  return {
    title,
    description,
    payload,
    provider_token: providerToken ?? '',
    currency,
    prices,
    max_tip_amount: maxTip,
    need_name: ask('need_name'),
    need_phone_number: ask('need_phone_number'),
    need_email: ask('need_email'),
    need_shipping_address: ask('need_shipping_address'),
    is_flexible: ask('is_flexible'),
    subscription_period: subscriptionPeriod,
  };
}

const createInvoiceLink: Handler = ({ state, bot, params }) => {
  const invoice = readInvoice(params);
  // Real invoice links are https://t.me/$<slug>; the "fake_" prefix makes a leaked one recognisable.
  const url = `https://t.me/$fake_${randomBytes(12).toString('base64url')}`;
  state.invoiceLinks.push({
    token: bot.token,
    botId: bot.user.id,
    url,
    title: invoice.title,
    description: invoice.description,
    payload: invoice.payload,
    currency: invoice.currency,
    prices: invoice.prices,
    subscription_period: invoice.subscription_period,
  });
  return { result: url };
};

/** An invoice as a message in the chat, with a Pay button: what the customer pays with POST /__control/chat/pay. */
const sendInvoice: Handler = ({ state, bot, params }) => {
  const chat = targetChat(state, bot, params);
  const { title, description, subscription_period, ...terms } = readInvoice(params);
  if (subscription_period !== undefined) {
    // Star subscriptions are sold through links only.
    throw new BotApiError(400, 'Bad Request: SUBSCRIPTION_PERIOD_INVALID');
  }
  const markup = readReplyMarkup(params);
  // Without a keyboard Telegram shows one Pay button; with one, its first button must be the Pay button.
  if (markup && buttonsOf(markup)[0]?.pay !== true) {
    throw new BotApiError(400, 'Bad Request: the first button of an invoice must be a Pay button');
  }
  const message = botMessage(bot, chat, {
    invoice: {
      title,
      description,
      start_parameter: readString(params, 'start_parameter') ?? '',
      currency: terms.currency,
      total_amount: totalOf(terms.prices),
    },
    ...(markup && { reply_markup: markup }),
  });
  state.addSentMessage(bot, chat, message, { invoice: terms });
  return { result: message };
};

function readShippingOptions(params: Params): ShippingOption[] {
  const value = readJson(params, 'shipping_options', 'shipping options');
  if (value === undefined) return [];
  const valid =
    Array.isArray(value) &&
    value.every((o) => isRecord(o) && typeof o.id === 'string' && typeof o.title === 'string');
  if (!valid) throw new BotApiError(400, "Bad Request: can't parse shipping options JSON object");
  return value.map((option: Record<string, unknown>) => ({
    id: String(option.id),
    title: String(option.title),
    prices: parsePrices(option.prices, 'shipping option prices'),
  }));
}

const answerShippingQuery: Handler = ({ state, bot, params }) => {
  const queryId = readString(params, 'shipping_query_id');
  if (params.ok === undefined) throw new BotApiError(400, 'Bad Request: parameter "ok" is required');
  const ok = readFlag(params, 'ok');
  // The docs: shipping_options required when ok is True, error_message (shown to the user) when it is False.
  const options = ok ? readShippingOptions(params) : [];
  if (ok && options.length === 0) {
    throw new BotApiError(400, 'Bad Request: there should be at least one shipping option');
  }
  const errorMessage = ok ? undefined : requireString(params, 'error_message');
  const id = answerQueryOnce(bot, 'shipping', queryId);
  const answer = ok ? { ok, shipping_options: options } : { ok, error_message: errorMessage };
  state.shippingAnswers.set(id, answer);
  state.answerQuery('shipping', id, answer);
  return { result: true };
};

const answerPreCheckoutQuery: Handler = ({ state, bot, params }) => {
  const queryId = readString(params, 'pre_checkout_query_id');
  if (params.ok === undefined) throw new BotApiError(400, 'Bad Request: parameter "ok" is required');
  // The docs make error_message required when ok is False: the user is shown why the payment stopped.
  const ok = readFlag(params, 'ok');
  if (!ok) requireString(params, 'error_message');
  const id = answerQueryOnce(bot, 'pre_checkout', queryId);
  const answer = { ok, error_message: readString(params, 'error_message') };
  state.preCheckoutAnswers.set(id, answer);
  state.answerQuery('pre_checkout', id, answer);
  return { result: true };
};

const editUserStarSubscription: Handler = ({ state, bot, params }) => {
  const userId = readInteger(params, 'user_id');
  if (userId === undefined || userId <= 0)
    throw new BotApiError(400, 'Bad Request: invalid user_id specified');
  const chargeId = requireString(params, 'telegram_payment_charge_id');
  if (params.is_canceled === undefined) {
    throw new BotApiError(400, 'Bad Request: parameter "is_canceled" is required');
  }
  state.starSubscriptionEdits.push({
    token: bot.token,
    user_id: userId,
    telegram_payment_charge_id: chargeId,
    is_canceled: readFlag(params, 'is_canceled'),
  });
  return { result: true };
};

const refundStarPayment: Handler = ({ state, bot, params }) => {
  const userId = readInteger(params, 'user_id');
  if (userId === undefined || userId <= 0)
    throw new BotApiError(400, 'Bad Request: invalid user_id specified');
  const chargeId = requireString(params, 'telegram_payment_charge_id');
  if (bot.refundedChargeIds.has(chargeId)) throw new BotApiError(400, 'Bad Request: CHARGE_ALREADY_REFUNDED');
  bot.refundedChargeIds.add(chargeId);
  // Telegram's refund transaction carries the payment's id and amount, the buyer as its receiver.
  const paid = state.starTransactions.find((t) => t.token === bot.token && t.id === chargeId && t.source);
  state.starTransactions.push({
    token: bot.token,
    id: chargeId,
    amount: paid?.amount ?? 0,
    date: Math.floor(Date.now() / 1000),
    receiver: { type: 'user', transaction_type: 'invoice_payment', user: { id: userId, is_bot: false } },
  });
  state.refunds.push({
    token: bot.token,
    botId: bot.user.id,
    user_id: userId,
    telegram_payment_charge_id: chargeId,
  });
  return { result: true };
};

/** The bot's Stars: what its payments brought in less what its refunds and withdrawals took out. */
const getMyStarBalance: Handler = ({ state, bot }) => {
  let amount = 0;
  for (const t of state.starTransactions) {
    if (t.token === bot.token) amount += t.source ? t.amount : -t.amount;
  }
  return { result: { amount } };
};

/** The bot's Star transactions in chronological order, `offset` skipped, at most `limit` (1-100, default 100). */
const getStarTransactions: Handler = ({ state, bot, params }) => {
  const offset = readInteger(params, 'offset') ?? 0;
  const limit = readInteger(params, 'limit') ?? 100;
  if (offset < 0) throw new BotApiError(400, 'Bad Request: offset is invalid');
  if (limit < 1 || limit > 100) throw new BotApiError(400, 'Bad Request: limit is invalid');
  const transactions = state.starTransactions
    .filter((t) => t.token === bot.token)
    .slice(offset, offset + limit)
    .map(({ token: _token, ...t }) => t);
  return { result: { transactions } };
};

export const paymentHandlers: Record<string, Handler> = {
  getMyStarBalance,
  getStarTransactions,
  createInvoiceLink,
  sendInvoice,
  answerShippingQuery,
  answerPreCheckoutQuery,
  refundStarPayment,
  editUserStarSubscription,
};
