import type { Db } from '../db/client';
import { releaseExpiredReservations } from '../modules/orders/orders.service';

export type ReservationReleaseDeps = {
  db: Db;
  now?: () => Date;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

/**
 * The `shop.release-reservations` handler's body (every minute): shop orders left unpaid past their
 * reservation are cancelled through the orders state machine, which returns their stock, codes and slots.
 */
export async function releaseReservations(deps: ReservationReleaseDeps): Promise<{ released: number }> {
  const released = await releaseExpiredReservations(deps.db, deps.now?.() ?? new Date(), {
    onError: (orderId, err) => deps.log?.error({ orderId, err }, 'could not release a shop reservation'),
  });
  if (released > 0) deps.log?.info({ released }, 'expired shop reservations released');
  return { released };
}
