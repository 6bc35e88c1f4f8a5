import type { BotSubscription } from '@app/contracts/bots';
import { PLANS, type Plan, TRIAL_DAYS } from '@app/contracts/plans';
import type { Conn, Db } from '../../db/types';
import * as repo from './subscriptions.repository';

const DAY_MS = 86_400_000;

/** A bot without a subscription record is on FREE, which never ends. */
const FREE: BotSubscription = { plan: 'FREE', status: 'active', label: 'FREE', expiresAt: null };

/** Whether a bot may run: its subscription is in trial or paid and not past its end. */
export const isSubscriptionLive = (s: BotSubscription) => s.status === 'trial' || s.status === 'active';

/** What a current subscription row means at `now`: a period past its end reads as expired before the job marks it. */
function subscriptionOf(row: repo.SubscriptionRow | undefined, now: Date): BotSubscription {
  if (!row) return FREE;
  const lapsed = (row.status === 'trial' || row.status === 'active') && row.endsAt.getTime() <= now.getTime();
  const status = lapsed ? 'expired' : row.status;
  return {
    plan: row.plan,
    status,
    label: status === 'trial' ? 'TRIAL' : row.plan,
    expiresAt: row.endsAt.toISOString(),
  };
}

export function createSubscriptionsService(deps: { db: Db; now?: () => Date }) {
  const now = () => deps.now?.() ?? new Date();

  return {
    /** The current subscription of each bot given, as its card shows it; answers a lookup by bot id. */
    async currentOf(vendorId: string, botIds: string[]): Promise<(botId: string) => BotSubscription> {
      const rows = await repo.currentSubscriptions(deps.db, vendorId, botIds);
      const at = now();
      return (botId) => subscriptionOf(rows.get(botId), at);
    },

    /**
     * A new bot's plan, inside the transaction that creates the bot: FREE needs no record; a paid plan starts
     * with a TRIAL_DAYS trial (ARCHITECTURE.md "Decisions").
     */
    async beginPlan(tx: Conn, bot: { vendorId: string; botId: string; plan: Plan }): Promise<void> {
      if (bot.plan === 'FREE') return;
      const startsAt = now();
      await repo.insertSubscription(tx, {
        vendorId: bot.vendorId,
        botId: bot.botId,
        plan: bot.plan,
        status: 'trial',
        amountMinor: 0,
        feeBps: PLANS[bot.plan].feeBps,
        startsAt,
        endsAt: new Date(startsAt.getTime() + TRIAL_DAYS * DAY_MS),
      });
    },

    /** Marks expired every current trial or paid period past its end; answers the bots that lost theirs. */
    async expireDue(): Promise<repo.ExpiredSubscription[]> {
      return repo.expireDueSubscriptions(deps.db, now());
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
