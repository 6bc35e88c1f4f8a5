import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { verifyIpn } from '../../crypto-provider/nowpayments';
import { AppError } from '../../lib/app-error';
import type { Ipn, PaymentsService, PreCheckoutQuery, SuccessfulPayment } from './payments.service';

type PlatformUpdate = {
  update_id?: number;
  pre_checkout_query?: PreCheckoutQuery;
  message?: { from?: { id: number }; successful_payment?: SuccessfulPayment };
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The platform bot's webhook (`/telegram/platform-webhook`, secret token checked first): pre-checkout queries
 * and successful payments of plan invoices. Any failure answers 500, so Telegram delivers the update again;
 * handling is idempotent by charge id.
 */
export function platformWebhookRoutes(deps: { payments: PaymentsService; secret: string }) {
  return async (app: FastifyInstance) => {
    app.post('/telegram/platform-webhook', { schema: { hide: true } }, async (req) => {
      const header = req.headers['x-telegram-bot-api-secret-token'];
      if (!sameSecret(typeof header === 'string' ? header : undefined, deps.secret)) {
        throw new AppError('WEBHOOK_SECRET_INVALID');
      }
      const update = (isRecord(req.body) ? req.body : {}) as PlatformUpdate;
      if (isRecord(update.pre_checkout_query)) {
        await deps.payments.answerPreCheckout(update.pre_checkout_query);
      } else if (isRecord(update.message?.successful_payment) && update.message.from) {
        await deps.payments.receiveStars(update.message.successful_payment, update.message.from.id);
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
