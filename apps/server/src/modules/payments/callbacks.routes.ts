import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { verifyIpn } from '../../lib/nowpayments';
import type { Ipn, PreCheckoutQuery, SuccessfulPayment } from './payment-callbacks.service';
import type { PaymentsService } from './payments.service';

// The parts of Telegram's Update the platform bot acts on; anything else is acknowledged and ignored.
const PreCheckout = z.object({
  id: z.string(),
  from: z.object({ id: z.number().int() }),
  currency: z.string(),
  total_amount: z.number().int(),
  invoice_payload: z.string(),
});
const Paid = z.object({
  from: z.object({ id: z.number().int().positive() }),
  successful_payment: z.object({
    currency: z.string(),
    total_amount: z.number().int(),
    invoice_payload: z.string(),
    telegram_payment_charge_id: z.string().min(1).max(256),
    is_recurring: z.boolean().optional(),
    is_first_recurring: z.boolean().optional(),
  }),
});
const CallbackQuery = z.object({
  id: z.string(),
  from: z.object({ id: z.number().int().positive() }),
  data: z.string().max(64).optional(),
});
/** Telegram's user picker answered (a `request_users` keyboard button: the staff "Pick from Telegram"). */
const UsersShared = z.object({
  from: z.object({ id: z.number().int().positive() }),
  users_shared: z.object({
    request_id: z.number().int(),
    users: z
      .array(
        z.object({
          user_id: z.number().int().positive(),
          first_name: z.string().max(256).optional(),
          last_name: z.string().max(256).optional(),
          username: z.string().max(64).optional(),
        }),
      )
      .max(10),
  }),
});
const PlatformUpdate = z.object({
  pre_checkout_query: PreCheckout.optional().catch(undefined),
  message: z.union([Paid, UsersShared]).optional().catch(undefined),
  callback_query: CallbackQuery.optional().catch(undefined),
});

/** A person chosen with the platform bot's user picker. */
export type PlatformUsersShared = z.infer<typeof UsersShared>;

/** A tap on an inline button of a platform bot message (the alerts' order moves). */
export type PlatformCallbackQuery = z.infer<typeof CallbackQuery>;

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The platform bot's webhook (`/telegram/platform-webhook`, secret token checked first): pre-checkout queries
 * and successful payments of plan invoices, taps on the alerts' buttons, and the person chosen with the staff user picker. Any failure answers 500, so Telegram delivers the update again;
 * handling is idempotent by charge id.
 */
export function platformWebhookRoutes(deps: {
  payments: PaymentsService;
  secret: string;
  /** Button taps (the staff alerts' order moves), handed to whoever built those buttons. */
  onCallbackQuery?: (query: PlatformCallbackQuery) => Promise<void>;
  /** A person chosen with the user picker (staff "Pick from Telegram"), handed to whoever sent the picker. */
  onUsersShared?: (shared: PlatformUsersShared) => Promise<void>;
}) {
  return async (app: FastifyInstance) => {
    app.post('/telegram/platform-webhook', { schema: { hide: true } }, async (req) => {
      const header = req.headers['x-telegram-bot-api-secret-token'];
      if (!sameSecret(typeof header === 'string' ? header : undefined, deps.secret)) {
        throw new AppError('WEBHOOK_SECRET_INVALID');
      }
      const update = PlatformUpdate.safeParse(req.body ?? {});
      const query: PreCheckoutQuery | undefined = update.data?.pre_checkout_query;
      const message = update.data?.message;
      const tap = update.data?.callback_query;
      if (query) await deps.payments.answerPreCheckout(query);
      else if (tap) await deps.onCallbackQuery?.(tap);
      else if (message && 'users_shared' in message) await deps.onUsersShared?.(message);
      else if (message) {
        const paid: SuccessfulPayment = message.successful_payment;
        await deps.payments.receiveStars(paid, message.from.id);
      }
      return { ok: true };
    });
  };
}

/**
 * NOWPayments' IPN (`POST /api/v1/payments/ltc/ipn`): the `x-nowpayments-sig` HMAC-SHA512 of the key-sorted
 * JSON is checked before anything reads the body; a bad one answers 401 and changes nothing.
 */
export function ipnRoutes(deps: { payments: PaymentsService; ipnSecret: string | null }) {
  return async (app: FastifyInstance) => {
    app.post(
      '/payments/ltc/ipn',
      { schema: { hide: true }, config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
      async (req) => {
        const sig = req.headers['x-nowpayments-sig'];
        if (
          !deps.ipnSecret ||
          !verifyIpn(req.body, typeof sig === 'string' ? sig : undefined, deps.ipnSecret)
        ) {
          throw new AppError('IPN_SIGNATURE_INVALID');
        }
        await deps.payments.receiveIpn(req.body as Ipn);
        return { ok: true };
      },
    );
  };
}
