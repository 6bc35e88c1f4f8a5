import { randomBytes } from 'node:crypto';
import { type DeliverOptions, deliverUpdate } from './deliver-update';
import { BotApiError } from './methods';
import type { FakeBotApiState } from './state';

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

const SUBSCRIPTION_PERIOD_S = 2_592_000;

/**
 * Emulates a user paying an invoice link in Telegram: the bot receives a pre_checkout_query (and must answer it
 * during the webhook call), then, when it said ok, a message with successful_payment carrying a fresh
 * telegram_payment_charge_id. A renewal of a Star subscription skips the query and is marked is_recurring.
 */
export async function payInvoice(
  state: FakeBotApiState,
  input: PayInvoiceInput,
  options: DeliverOptions = {},
): Promise<PayInvoiceResult> {
  const invoice = state.invoiceLinks.find((link) => link.url === input.url);
  if (!invoice) throw new BotApiError(400, 'Bad Request: invoice link not found');
  const price = invoice.prices[0]?.amount ?? 0;
  const from = { id: input.userId, is_bot: false, first_name: 'Demo', username: 'demo_vendor' };

  if (!input.renewal) {
    const queryId = randomBytes(8).toString('hex');
    await deliverUpdate(
      state,
      invoice.token,
      {
        pre_checkout_query: {
          id: queryId,
          from,
          currency: invoice.currency,
          total_amount: price,
          invoice_payload: invoice.payload,
        },
      },
      options,
    );
    const answer = state.preCheckoutAnswers.get(queryId);
    if (!answer?.ok) {
      return {
        paid: false,
        chargeId: null,
        error: answer?.error_message ?? 'pre_checkout_query not answered',
      };
    }
  }

  const chargeId = `fake_charge_${randomBytes(10).toString('hex')}`;
  const now = Math.floor(Date.now() / 1000);
  await deliverUpdate(
    state,
    invoice.token,
    {
      message: {
        message_id: state.nextMessageId(),
        from,
        chat: { id: input.userId, type: 'private' },
        date: now,
        successful_payment: {
          currency: invoice.currency,
          total_amount: price,
          invoice_payload: invoice.payload,
          telegram_payment_charge_id: chargeId,
          provider_payment_charge_id: '',
          ...(invoice.subscription_period !== undefined && {
            subscription_expiration_date: now + SUBSCRIPTION_PERIOD_S,
            is_recurring: true,
            is_first_recurring: !input.renewal,
          }),
        },
      },
    },
    options,
  );
  return { paid: true, chargeId };
}
