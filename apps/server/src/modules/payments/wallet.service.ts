import {
  type CreatePaymentBody,
  type Payment,
  starsFor,
  type TopUpBody,
  type WalletBalance,
} from '@app/contracts/payments';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { formatUsd } from '../../lib/money';
import { recordEvent } from '../events/record-event';
import {
  actorOf,
  completePaymentIn,
  cryptoProvider,
  mustFindPayment,
  type PaymentsDeps,
  planPaymentRow,
  presentPayment,
  pricedPlan,
  requestLtcAddress,
  requestStarsInvoice,
  resumePaidBot,
  walletEvent,
} from './payment-steps.service';
import * as repo from './payments.repository';

// The vendor's wallet: the ledger's sum is the balance. Top-ups credit it (when their Stars or Litecoin payment
// completes, see completePaymentIn); paying a plan from it debits it under the vendor's wallet lock.

/** The wallet's balance: the sum of its ledger. */
export async function walletBalance(deps: PaymentsDeps, actor: Actor): Promise<WalletBalance> {
  const minor = await repo.walletBalance(deps.db, actor.vendorId);
  return { balance: minor / 100, balanceMinor: minor, currency: 'USD' };
}

/** Wallet funds through Stars or Litecoin, credited by the same verified callbacks. */
export async function createTopUp(deps: PaymentsDeps, actor: Actor, body: TopUpBody): Promise<Payment> {
  if (body.method === 'ltc') cryptoProvider(deps);
  const row = await repo.insertPayment(deps.db, {
    vendorId: actor.vendorId,
    purpose: 'topup',
    method: body.method,
    amountMinor: body.amountMinor,
    starsAmount: body.method === 'stars' ? starsFor(body.amountMinor, deps.starsPerUsd) : null,
    createdBy: actor.telegramId,
  });
  const title = `Wallet top-up ${formatUsd(body.amountMinor)}`;
  return presentPayment(
    deps,
    body.method === 'stars'
      ? await requestStarsInvoice(deps, row, title, title)
      : await requestLtcAddress(deps, row, title),
  );
}

/**
 * Pays a plan from the wallet: in one transaction (the vendor's wallet locked), checks the balance, writes
 * the debit and completes the payment. Two payments at once are serialised: the second sees the first's
 * debit, so the balance never goes below zero.
 */
export async function payFromWallet(
  deps: PaymentsDeps,
  actor: Actor,
  body: CreatePaymentBody,
): Promise<Payment> {
  const priced = await pricedPlan(deps, actor, body);
  const { quote } = priced;
  const row = await deps.db.transaction(async (tx) => {
    await repo.lockWallet(tx, actor.vendorId);
    const balance = await repo.walletBalance(tx, actor.vendorId);
    if (balance < 0) throw new AppError('WALLET_BALANCE_INVALID');
    if (balance < quote.amountMinor) {
      throw new AppError('INSUFFICIENT_BALANCE', { priceMinor: quote.amountMinor, balanceMinor: balance });
    }
    const payment = await repo.insertPayment(tx, planPaymentRow(actor, body, priced, 'wallet'));
    await repo.insertLedgerRow(tx, {
      vendorId: actor.vendorId,
      amountMinor: -quote.amountMinor,
      reason: 'subscription',
      reference: payment.id,
    });
    await recordEvent(tx, walletEvent('wallet.debited', payment, actorOf(actor)));
    await completePaymentIn(deps, tx, payment, {}, actorOf(actor));
    return payment;
  });
  await resumePaidBot(deps, row);
  return presentPayment(deps, await mustFindPayment(deps, actor, row.id));
}
