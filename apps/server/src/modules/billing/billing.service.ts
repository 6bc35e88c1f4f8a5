import type {
  AddPaymentMethodBody,
  BillingInvoicesQuery,
  PayoutSettingsBody,
  PayoutStatus,
  RequestPayoutBody,
} from '@app/contracts/billing';
import type { Actor } from '../../lib/actor';
import type { BillingDeps } from './billing-deps';
import { listBillingInvoices } from './billing-invoices.service';
import { collectFees } from './fee-collection.service';
import {
  addPaymentMethod,
  listPaymentMethods,
  removePaymentMethod,
  setDefaultPaymentMethod,
} from './payment-methods.service';
import {
  checkCryptoPayouts,
  markPayout,
  payoutOverview,
  requestPayout,
  runAutoPayouts,
  savePayoutSettings,
} from './payouts.service';
import { collectRenewals } from './renewals.service';
import { botStars, starsMismatches, syncAllBotStars, syncBotStarsFor } from './stars.service';

export type { BillingDeps, InvoiceNotice } from './billing-deps';
/** payments' `onFeesPaid`: a fee statement's invoice paid settles its month (app.ts wires it). */
export { settleFeesPaymentIn } from './fee-collection.service';

/** The billing module's one service: the invoices screen and the payment methods (README.md). */
export function createBillingService(deps: BillingDeps) {
  return {
    listInvoices: (actor: Actor, query: BillingInvoicesQuery) => listBillingInvoices(deps, actor, query),

    listPaymentMethods: (actor: Actor) => listPaymentMethods(deps, actor),
    addPaymentMethod: (actor: Actor, body: AddPaymentMethodBody) => addPaymentMethod(deps, actor, body),
    setDefaultPaymentMethod: (actor: Actor, methodId: string) =>
      setDefaultPaymentMethod(deps, actor, methodId),
    removePaymentMethod: (actor: Actor, methodId: string) => removePaymentMethod(deps, actor, methodId),

    payoutOverview: (actor: Actor) => payoutOverview(deps, actor),
    savePayoutSettings: (actor: Actor, body: PayoutSettingsBody) => savePayoutSettings(deps, actor, body),
    requestPayout: (actor: Actor, body: RequestPayoutBody) => requestPayout(deps, actor, body),
    /** The operator's command (`npm run payout:mark`). */
    markPayout: (payoutId: string, status: PayoutStatus) => markPayout(deps, payoutId, status),

    /** The `billing.payouts-check` job: crypto payouts sent to and followed at the provider. */
    checkCryptoPayouts: () => checkCryptoPayouts(deps),
    /** The `billing.auto-payout` job. */
    runAutoPayouts: () => runAutoPayouts(deps),

    botStars: (actor: Actor, botId: string) => botStars(deps, actor, botId),
    syncBotStars: (actor: Actor, botId: string) => syncBotStarsFor(deps, actor, botId),
    starsMismatches: (actor: Actor) => starsMismatches(deps, actor),
    /** The `billing.stars-sync` job. */
    syncAllBotStars: () => syncAllBotStars(deps),

    /** The `billing.collect` job: each closed month's fee statement charged to the default method. */
    collectFees: () => collectFees(deps),
    /** The `billing.collect` job: paid periods due renewed by the default method. */
    collectRenewals: () => collectRenewals(deps),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
