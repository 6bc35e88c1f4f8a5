import type { OrderStatus } from '@app/contracts/catalogue';
import { nextForwardStatus } from '@app/contracts/orders';
import type { Db } from '../../db/types';
import type { Actor, BotScope } from '../../lib/actor';
import { hasPermission } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { BotApi } from '../../lib/telegram/bot-api';
import { ownerContactOf, ownerOf } from '../auth/auth.service';
import { recordEvent } from '../events/record-event';
import { eventActorOf, type OrdersService } from '../orders/orders.service';
import type { AlertAction } from './notification-delivery';
import { fillText, VENDOR_TEXTS, type VendorTextKey } from './notification-texts';
import * as repo from './notifications.repository';

// An order alert's callback button ("Mark shipped", "Mark completed"): built with the message, and its tap, which
// the platform bot's webhook hands here. A tap acts as the tapper would in the app, with their CURRENT grant.

/** The moves an alert offers as a button (the forward steps a person does by hand). */
const MOVE_TEXT: Partial<Record<OrderStatus, VendorTextKey>> = {
  shipped: 'markShipped',
  delivered: 'markDelivered',
  completed: 'markCompleted',
};
const STATUS_TEXT: Partial<Record<OrderStatus, VendorTextKey>> = {
  shipped: 'statusShipped',
  delivered: 'statusDelivered',
  completed: 'statusCompleted',
};

// callback_data holds at most 64 bytes: `m:<vendor>:<order>:<status>` with both ids as 22 base64url characters.
const compactId = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');
function fullId(compact: string): string | null {
  const hex = Buffer.from(compact, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function moveData(vendorId: string, orderId: string, to: OrderStatus): string {
  return `m:${compactId(vendorId)}:${compactId(orderId)}:${to}`;
}

export function parseMoveData(data: string): { vendorId: string; orderId: string; to: OrderStatus } | null {
  const [tag, v, o, to] = data.split(':');
  if (tag !== 'm' || !v || !o || !to || !(to in MOVE_TEXT)) return null;
  const vendorId = fullId(v);
  const orderId = fullId(o);
  return vendorId && orderId ? { vendorId, orderId, to: to as OrderStatus } : null;
}

/** The button of an order alert: the order's next forward move, when it is one a person makes. */
export async function orderAlertAction(
  db: Db,
  vendorId: string,
  orderId: string,
  language: Parameters<typeof fillText>[1],
): Promise<AlertAction | null> {
  const order = await repo.orderState(db, vendorId, orderId);
  if (!order) return null;
  const next = nextForwardStatus(order.productType, order.status);
  const key = next ? MOVE_TEXT[next] : undefined;
  return next && key
    ? { text: fillText(VENDOR_TEXTS, language, key, {}), data: moveData(vendorId, orderId, next) }
    : null;
}

/** A staff member's grant in an account (the staff module's `findGrant`), null unless their seat is active. */
export type FindGrant = (
  vendorId: string,
  telegramId: number,
) => Promise<{ permissions: readonly Actor['permissions'][number][]; botIds: BotScope } | null>;

export type AlertTapDeps = {
  db: Db;
  botApi: BotApi;
  token: string;
  orders: Pick<OrdersService, 'updateStatus'>;
  findGrant: FindGrant;
  now?: () => Date;
};

export type CallbackQuery = { id: string; from: { id: number }; data?: string | undefined };

/** Who the tapper is in the account right now: the owner, an active staff member, or nobody. */
async function tapperOf(deps: AlertTapDeps, vendorId: string, telegramId: number): Promise<Actor | null> {
  if ((await ownerOf(deps.db, vendorId)) === telegramId) {
    return { vendorId, telegramId, kind: 'owner', permissions: ['all'], botIds: 'all' };
  }
  const grant = await deps.findGrant(vendorId, telegramId);
  return (
    grant && { vendorId, telegramId, kind: 'staff', permissions: grant.permissions, botIds: grant.botIds }
  );
}

/**
 * A tap on an alert's move button: allowed when the tapper holds `orders` now and the order's bot is in their
 * scope (the orders service checks that, as for the app: 404 otherwise), and then it moves the order like the
 * app does (same events, the tapper as actor). A refused tap changes nothing, is recorded in the audit trail
 * (`order.move_refused`) and answered with an alert.
 */
export async function handleAlertTap(deps: AlertTapDeps, query: CallbackQuery): Promise<void> {
  const move = query.data ? parseMoveData(query.data) : null;
  const answer = (text: string | null) =>
    deps.botApi.call(deps.token, 'answerCallbackQuery', {
      callback_query_id: query.id,
      ...(text ? { text, show_alert: true } : {}),
    });
  if (!move) {
    await answer(null);
    return;
  }
  const language = (await ownerContactOf(deps.db, move.vendorId))?.language ?? 'en';
  const say = (key: VendorTextKey, params: Record<string, string> = {}) =>
    fillText(VENDOR_TEXTS, language, key, params);
  const actor = await tapperOf(deps, move.vendorId, query.from.id);
  if (actor && hasPermission(actor, 'orders')) {
    try {
      const order = await deps.orders.updateStatus(actor, move.orderId, { status: move.to });
      const status = STATUS_TEXT[move.to];
      await answer(
        say('orderMoved', { number: String(order.number), status: status ? say(status) : move.to }),
      );
      return;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // The order moved on meanwhile (someone else's tap, the app): nothing to refuse, nothing changed.
      if (err.code === 'ORDER_STATUS_NOT_ALLOWED' || err.code === 'ORDER_STATUS_FINAL') {
        await answer(say('moveStale'));
        return;
      }
      // Anything else (the order is outside their bots: 404) is a refusal like a missing permission.
    }
  }
  await recordRefusal(deps, move, query.from.id, actor);
  await answer(say('moveRefused'));
}

/** The refused tap in the audit trail, by the tapper (a former staff member is named by their Telegram id). */
async function recordRefusal(
  deps: AlertTapDeps,
  move: { vendorId: string; orderId: string; to: OrderStatus },
  telegramId: number,
  actor: Actor | null,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const who = actor
      ? await eventActorOf(tx, actor)
      : { kind: 'staff' as const, id: String(telegramId), name: null };
    await recordEvent(tx, {
      vendorId: move.vendorId,
      type: 'order.move_refused',
      actor: who,
      subject: { kind: 'order', id: move.orderId },
      payload: { to: move.to, telegramId },
      ...(deps.now ? { at: deps.now() } : {}),
    });
  });
}
