import {
  type CreatePaymentBody,
  type Payment,
  starsFor,
  type TopUpBody,
  type WalletBalance,
} from '@app/contracts/payments';
import type { Conn, Tx } from '../../db/types';
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

/**
 * Pays a month's plan fee statement from the wallet (modules/billing's collection): under the wallet lock, debits
 * `amountMinor` when the balance holds it. Once per `reference` (the collection attempt): the ledger's unique
 * (reference, reason) makes a repeated call a no-op that answers ok.
 */
export async function debitForFees(
  deps: PaymentsDeps,
  vendorId: string,
  amountMinor: number,
  reference: string,
): Promise<{ ok: true } | { ok: false; balanceMinor: number }> {
  return deps.db.transaction(async (tx) => {
    await repo.lockWallet(tx, vendorId);
    if (await repo.hasLedgerRow(tx, vendorId, reference, 'fees')) return { ok: true as const };
    const balance = await repo.walletBalance(tx, vendorId);
    if (balance < amountMinor) return { ok: false as const, balanceMinor: balance };
    await repo.insertLedgerRow(tx, { vendorId, amountMinor: -amountMinor, reason: 'fees', reference });
    return { ok: true as const };
  });
}

/**
 * A payout's debit, in the caller's transaction (modules/billing's payout request): under the wallet lock, checks
 * the balance holds `amountMinor`, then writes what is sent (`payout`) and its fee (`payout_fee`) against the
 * payout. Concurrent payouts are serialised by the lock: the second sees the first's debit, so none overdraws.
 */
export async function debitForPayoutIn(
  tx: Tx,
  vendorId: string,
  payout: { id: string; amountMinor: number; feeMinor: number },
): Promise<{ ok: true } | { ok: false; balanceMinor: number }> {
  await repo.lockWallet(tx, vendorId);
  const balance = await repo.walletBalance(tx, vendorId);
  if (balance < payout.amountMinor) return { ok: false, balanceMinor: balance };
  const sent = payout.amountMinor - payout.feeMinor;
  await repo.insertLedgerRow(tx, { vendorId, amountMinor: -sent, reason: 'payout', reference: payout.id });
  if (payout.feeMinor > 0) {
    await repo.insertLedgerRow(tx, {
      vendorId,
      amountMinor: -payout.feeMinor,
      reason: 'payout_fee',
      reference: payout.id,
    });
  }
  return { ok: true };
}

/** A failed payout's credit back (its whole debit, fee included), once per payout. */
export async function creditPayoutBackIn(
  tx: Tx,
  vendorId: string,
  payout: { id: string; amountMinor: number },
): Promise<void> {
  await repo.lockWallet(tx, vendorId);
  if (await repo.hasLedgerRow(tx, vendorId, payout.id, 'payout_reversal')) return;
  await repo.insertLedgerRow(tx, {
    vendorId,
    amountMinor: payout.amountMinor,
    reason: 'payout_reversal',
    reference: payout.id,
  });
}

/** The wallet's balance in USD cents, read in the caller's transaction or on the pool. */
export const walletBalanceMinor = (db: Conn, vendorId: string) => repo.walletBalance(db, vendorId);
