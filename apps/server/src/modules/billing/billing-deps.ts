import type { CardProviderInfo } from '@app/contracts/billing';
import type { Db } from '../../db/types';
import type { CardProvider } from '../../lib/card-provider';
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
  >;
  /** Tells the vendor (the platform bot) that something owed could not be charged; the jobs pass the notifier. */
  tellVendor?: (
    vendorId: string,
    notice: { month: string; amountMinor: number; method: string; reason: string },
  ) => Promise<unknown>;
  log?: { warn(obj: object, msg: string): void };
  /** null: no card provider configured; cards are not offered. */
  cardProvider: CardProvider | null;
  /** What the browser needs to tokenise a card itself (null with no provider). */
  cardProviderInfo: CardProviderInfo | null;
  now?: () => Date;
};

/** The deps' clock, else the real one. */
export const nowOf = (deps: Pick<BillingDeps, 'now'>) => deps.now?.() ?? new Date();
