import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { SeededBots } from './seed-vendor';

// The demo shops' sales in Telegram Stars (issue 22: each bot's Stars reconciled to its orders). Stars pay for
// digital goods, so each demo bot gets Stars payments on its newest paid digital orders and on its newest refunded
// order (a digital one when it has one: a payment refunded since): shop payments in XTR with a Telegram charge id, as the shop runtime records them.
// The fake Bot API's side of the same sales (its getStarTransactions) is built from these at every start
// (demo/demo-stars.ts), with one payment our records cannot match.

/** Paid orders per demo bot that were paid in Stars. */
export const DEMO_STAR_PAYMENTS_PER_BOT = 5;
/** The demo's rate: Stars per US dollar (the demo bots price in USD). */
export const DEMO_STARS_PER_USD = 50;
/** Every demo Stars charge id starts so (demo-stars.ts finds them by it). */
export const DEMO_STAR_CHARGE_PREFIX = 'demo_star_';

/** The Stars payments of the demo bots' newest paid digital orders and of each one's newest refunded one. */
export async function insertStarPayments(tx: Tx, vendorId: string, seeded: SeededBots): Promise<void> {
  const demoBotIds = seeded.ids.filter((_, i) => seeded.bots[i]?.generated === false);
  if (demoBotIds.length === 0) return;
  const ids = sql.join(
    demoBotIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    with candidates as (
      select o.vendor_id, o.id, o.bot_id, o.customer_id, o.payment_status, o.total_minor, o.created_at, o.updated_at,
        row_number() over (
          partition by o.bot_id, o.payment_status
          order by (o.product_type = 'digital') desc, o.created_at desc, o.id
        ) as n
      from orders o
      where o.vendor_id = ${vendorId} and o.bot_id in (${ids})
        and ((o.payment_status = 'paid' and o.product_type = 'digital') or o.payment_status = 'refunded')
    ), picked as (
      select * from candidates
      where (payment_status = 'paid' and n <= ${DEMO_STAR_PAYMENTS_PER_BOT}) or (payment_status = 'refunded' and n = 1)
    )
    insert into shop_payments (vendor_id, id, order_id, bot_id, provider, status, amount, currency,
      telegram_payment_charge_id, payer_telegram_id, created_at, paid_at, refunded_at)
    select p.vendor_id, md5('demo-star-payment:' || p.id::text)::uuid, p.id, p.bot_id, 'stars', p.payment_status,
      greatest(1, ceil(p.total_minor * ${DEMO_STARS_PER_USD} / 100.0))::bigint, 'XTR',
      ${DEMO_STAR_CHARGE_PREFIX} || md5('demo-star-charge:' || p.id::text), c.telegram_id,
      p.created_at, p.created_at, case when p.payment_status = 'refunded' then p.updated_at end
    from picked p
    join customers c on c.vendor_id = p.vendor_id and c.id = p.customer_id
    -- Only a bot that sells in Stars (a paid digital order) gets its refunded one.
    where exists (select 1 from picked s where s.bot_id = p.bot_id and s.payment_status = 'paid')
  `);
}
