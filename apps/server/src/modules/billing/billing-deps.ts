import type { CardProviderInfo } from '@app/contracts/billing';
import type { Db } from '../../db/types';
import type { CardProvider } from '../../lib/card-provider';
import type { CryptoPayouts } from '../../lib/nowpayments';
import type { BotApi } from '../../lib/telegram/bot-api';
import type { OrderReads } from '../orders/order-reads';
import type { PaymentsService } from '../payments/payments.service';

// What every part of the billing module takes first.

export type BillingDeps = {
  db: Db;
  payments: Pick<
    PaymentsService,
    | 'listInvoices'
    | 'debitForFees'
    | 'vendorsWithPlanFees'
    | 'debitForPayoutIn'
    | 'creditPayoutBackIn'
    | 'walletBalanceMinor'
    | 'payRenewal'
    | 'starSubscribedBots'
  >;
  /** Tells the vendor (the platform bot) that something owed could not be charged; the jobs pass the notifier. */
  tellVendor?: (
    vendorId: string,
    notice: { month: string; amountMinor: number; method: string; reason: string },
  ) => Promise<unknown>;
  /** Tells the vendor that a bot's renewal could not be charged (the jobs pass the notifier). */
  tellRenewal?: (
    vendorId: string,
    notice: {
      botId: string;
      botUsername: string | null;
      plan: string;
      period: string;
      amountMinor: number;
      method: string;
      reason: string;
      endsAt: string;
    },
  ) => Promise<unknown>;
  log?: { warn(obj: object, msg: string): void };
  /** null: no card provider configured; cards are not offered. */
  cardProvider: CardProvider | null;
  /** What the browser needs to tokenise a card itself (null with no provider). */
  cardProviderInfo: CardProviderInfo | null;
  /** The crypto provider's payouts API: crypto payouts are sent through it; without it the operator marks them. */
  cryptoPayouts?: CryptoPayouts | null;
  /** Each shop bot's Stars reconciliation (stars.service.ts); without it the Stars screens answer 404. */
  stars?: {
    botApi: Pick<BotApi, 'call'>;
    /** A live bot's token; null for a bot that is not the vendor's. */
    tokenOf: (vendorId: string, botId: string) => Promise<string | null>;
    /** The bots the hourly sync goes through. */
    botsToSync: () => Promise<{ vendorId: string; botId: string }[]>;
    orderReads: Pick<OrderReads, 'starOrderMatches'>;
  };
  now?: () => Date;
};

/** The deps' clock, else the real one. */
export const nowOf = (deps: Pick<BillingDeps, 'now'>) => deps.now?.() ?? new Date();
