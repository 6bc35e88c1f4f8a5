import type { CardProviderInfo } from '@app/contracts/billing';
import type { Db } from '../../db/types';
import type { CardProvider } from '../../lib/card-provider';
import type { CryptoPayouts } from '../../lib/nowpayments';
import type { BotApi } from '../../lib/telegram/bot-api';
import type { OrderReads } from '../orders/order-reads';
import type { PaymentsService } from '../payments/payments.service';
import type { InvoiceMade } from '../payments/system-payments.service';

// What every part of the billing module takes first.

/** An invoice the platform sends the vendor, and what it is for (worded by the notifier, in their language). */
export type InvoiceNotice = InvoiceMade & {
  amountMinor: number;
  for:
    | { kind: 'fees'; month: string; number: string }
    | {
        kind: 'renewal';
        botId: string;
        botUsername: string | null;
        plan: string;
        period: string;
        endsAt: string;
      };
};

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
    | 'requestInvoicePayment'
  >;
  /** Tells the vendor (the platform bot) that something owed could not be charged; the jobs pass the notifier. */
  tellVendor?: (
    vendorId: string,
    notice: { attemptId: string; month: string; amountMinor: number; method: string; reason: string },
  ) => Promise<unknown>;
  /** Tells the vendor that a bot's renewal could not be charged (the jobs pass the notifier). */
  tellRenewal?: (
    vendorId: string,
    notice: {
      /** The failed attempt (one notice per attempt). */
      attemptId: string;
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
  /**
   * Sends the vendor an invoice for something their Stars or Litecoin default pays (the jobs pass the notifier:
   * the platform bot's Stars invoice, or a message with the pay link). Throws when it could not be sent.
   */
  sendInvoice?: (vendorId: string, invoice: InvoiceNotice) => Promise<unknown>;
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
