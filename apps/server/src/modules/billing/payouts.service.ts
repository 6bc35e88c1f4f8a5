import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PAYOUT_SETTINGS,
  type Payout,
  type PayoutOverview,
  type PayoutSettings,
  type PayoutSettingsBody,
  type PayoutStatus,
  payoutFeeMinor,
  type RequestPayoutBody,
} from '@app/contracts/billing';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import {
  isValidAba,
  isValidBic,
  isValidCryptoAddress,
  isValidEmail,
  isValidIban,
} from '../../lib/payout-details';
import { recordEvent } from '../events/record-event';
import { queueSecurityNotice } from '../notifications/notifications.service';
import * as repo from './billing.repository';
import { type BillingDeps, nowOf } from './billing-deps';

// Payouts (/settings/payouts): the wallet's balance paid out by bank, PayPal or crypto. The details are checked
// as banks and networks define them; a payout is the wallet's debit (what is sent and its §9 fee) written in the
// payout's transaction under the wallet lock, so concurrent requests never overdraw; pending → processing → paid,
// or failed with the debit credited back. Crypto payouts go through the crypto provider's payouts API (sent at once,
// then followed by the `billing.payouts-check` job); bank and PayPal payouts are moved on by the operator's
// command (`npm run payout:mark`).

const invalid = (field: string) => new AppError('PAYOUT_DETAILS_INVALID', { field });

/** Checks every detail entered (format and checksum) and that the chosen method has what it needs. */
function checkDetails(s: PayoutSettings): void {
  const { bank } = s;
  if (bank.iban && !isValidIban(bank.iban)) throw invalid('iban');
  if (bank.swift && !isValidBic(bank.swift)) throw invalid('swift');
  if (bank.routingNumber && !isValidAba(bank.routingNumber)) throw invalid('routingNumber');
  if (s.paypalEmail && !isValidEmail(s.paypalEmail)) throw invalid('paypalEmail');
  if (s.crypto.address && !isValidCryptoAddress(s.crypto.type, s.crypto.address))
    throw invalid('cryptoAddress');
  if (s.method === 'bank') {
    if (!bank.accountName) throw invalid('accountName');
    // An IBAN, or a US account (account number and routing number).
    if (!bank.iban && !(bank.accountNumber && bank.routingNumber)) throw invalid('iban');
  }
  if (s.method === 'paypal' && !s.paypalEmail) throw invalid('paypalEmail');
  if (s.method === 'crypto' && !s.crypto.address) throw invalid('cryptoAddress');
}

/** Where a payout goes, as the list and the operator see it. */
function destinationOf(s: PayoutSettings): string {
  if (s.method === 'paypal') return s.paypalEmail;
  if (s.method === 'crypto') return `${s.crypto.type} ${s.crypto.address}`;
  return s.bank.iban ? s.bank.iban.replace(/\s/g, '') : `${s.bank.routingNumber} ${s.bank.accountNumber}`;
}

const presentPayout = (r: repo.PayoutRow): Payout => ({
  id: r.id,
  date: r.createdAt.toISOString(),
  amountMinor: r.amountMinor,
  feeMinor: r.feeMinor,
  netMinor: r.amountMinor - r.feeMinor,
  method: r.method,
  status: r.status,
  manual: r.manual,
});

export async function payoutOverview(deps: BillingDeps, actor: Actor): Promise<PayoutOverview> {
  const [settings, availableMinor, recent] = await Promise.all([
    repo.getPayoutSettings(deps.db, actor.vendorId),
    deps.payments.walletBalanceMinor(actor.vendorId),
    repo.listPayouts(deps.db, actor.vendorId),
  ]);
  return { settings: settings ?? DEFAULT_PAYOUT_SETTINGS, availableMinor, recent: recent.map(presentPayout) };
}

/** Whether where payouts go changed (the method or any detail), not only the schedule, minimum or auto-payout. */
function detailsChanged(a: PayoutSettings, b: PayoutSettings): boolean {
  // Field by field: a stored jsonb object does not keep the key order it was written in.
  const bankKeys = Object.keys({ ...a.bank, ...b.bank }) as (keyof PayoutSettings['bank'])[];
  return (
    a.method !== b.method ||
    a.paypalEmail !== b.paypalEmail ||
    a.crypto.type !== b.crypto.type ||
    a.crypto.address !== b.crypto.address ||
    bankKeys.some((k) => a.bank[k] !== b.bank[k])
  );
}

/** Saves the settings once every detail passes; changing them needs the two-step code when the account has it. */
export async function savePayoutSettings(
  deps: BillingDeps,
  actor: Actor,
  body: PayoutSettingsBody,
): Promise<PayoutOverview> {
  // The two-step code (`stepUpCode`) is checked by the route's step-up (plugins/step-up.ts) before this runs.
  const { stepUpCode: _code, ...settings } = body;
  checkDetails(settings);
  const previous = await repo.getPayoutSettings(deps.db, actor.vendorId);
  await deps.db.transaction(async (tx) => {
    await repo.upsertPayoutSettings(tx, actor.vendorId, settings);
    // A security-relevant change: recorded for the audit trail (and the security notification it feeds).
    await recordEvent(tx, {
      vendorId: actor.vendorId,
      type: 'settings.updated',
      actor: { kind: actor.kind, id: String(actor.telegramId) },
      subject: { kind: 'settings', id: 'payouts' },
      payload: { section: 'payouts', method: settings.method, schedule: settings.schedule },
    });
    // Where the money goes changed: the owner is told by Telegram and e-mail at once (a security notification).
    if (!previous || detailsChanged(previous, settings)) {
      await queueSecurityNotice(tx, actor.vendorId, 'security_payout', { method: settings.method });
    }
  });
  return payoutOverview(deps, actor);
}

/** A payout of `amountMinor` from the wallet to the saved method; a manual request adds §9's $5. */
export async function requestPayout(
  deps: BillingDeps,
  actor: Actor,
  body: RequestPayoutBody,
  manual = true,
): Promise<Payout> {
  const settings = await repo.getPayoutSettings(deps.db, actor.vendorId);
  if (!settings) throw invalid('method');
  checkDetails(settings);
  const feeMinor = payoutFeeMinor(settings.method, body.amountMinor, manual);
  if (body.amountMinor <= feeMinor) throw new AppError('PAYOUT_BELOW_FEE', { feeMinor });
  const id = randomUUID();
  const row = await deps.db.transaction(async (tx) => {
    const debit = await deps.payments.debitForPayoutIn(tx, actor.vendorId, {
      id,
      amountMinor: body.amountMinor,
      feeMinor,
    });
    if (!debit.ok) {
      throw new AppError('INSUFFICIENT_BALANCE', {
        priceMinor: body.amountMinor,
        balanceMinor: debit.balanceMinor,
      });
    }
    return repo.insertPayout(tx, {
      vendorId: actor.vendorId,
      id,
      method: settings.method,
      amountMinor: body.amountMinor,
      feeMinor,
      manual,
      destination: destinationOf(settings),
      createdAt: nowOf(deps),
    });
  });
  // After commit: the money has left the wallet whatever the provider says; a payout it did not take stays
  // pending and the check job sends it again (the provider answers a repeated id with the first payout).
  if (row.method === 'crypto' && deps.cryptoPayouts) {
    const sent = await sendCryptoPayout(deps, row).catch(() => null);
    if (sent) return presentPayout(sent);
  }
  return presentPayout(row);
}

/** The provider's ticker of each payout network. */
const PROVIDER_CURRENCY: Record<string, string> = {
  'USDT-TRC20': 'usdttrc20',
  'USDT-ERC20': 'usdterc20',
  BTC: 'btc',
  ETH: 'eth',
  LTC: 'ltc',
};

/** Sends a pending crypto payout (what is sent: the amount less its fee) and marks it processing. */
async function sendCryptoPayout(deps: BillingDeps, row: repo.PayoutRow): Promise<repo.PayoutRow | null> {
  if (!deps.cryptoPayouts) return null;
  // The destination is "<network> <address>" (destinationOf).
  const [network = '', address = ''] = row.destination.split(' ');
  const sent = await deps.cryptoPayouts.createPayout({
    address,
    currency: PROVIDER_CURRENCY[network] ?? network.toLowerCase(),
    fiatAmount: (row.amountMinor - row.feeMinor) / 100,
    externalId: row.id,
  });
  await repo.markPayoutSent(deps.db, row.vendorId, row.id, sent.id);
  return { ...row, status: 'processing', providerPayoutId: sent.id };
}

/**
 * The `billing.payouts-check` job (every few minutes): pending crypto payouts are sent (again) to the provider;
 * processing ones are asked about: FINISHED is paid, FAILED or REJECTED failed (credited back).
 */
export async function checkCryptoPayouts(
  deps: BillingDeps,
): Promise<{ sent: number; paid: number; failed: number }> {
  const counts = { sent: 0, paid: 0, failed: 0 };
  if (!deps.cryptoPayouts) return counts;
  for (const row of await repo.openCryptoPayouts(deps.db)) {
    try {
      if (row.status === 'pending' || !row.providerPayoutId) {
        if (await sendCryptoPayout(deps, row)) counts.sent += 1;
        continue;
      }
      const status = await deps.cryptoPayouts.payoutStatus(row.providerPayoutId);
      if (status === 'FINISHED') {
        await markPayout(deps, row.id, 'paid');
        counts.paid += 1;
      } else if (status === 'FAILED' || status === 'REJECTED') {
        await markPayout(deps, row.id, 'failed');
        counts.failed += 1;
      }
    } catch (err) {
      deps.log?.warn(
        { payoutId: row.id, err: err instanceof Error ? err.message : String(err) },
        'crypto payout check failed',
      );
    }
  }
  return counts;
}

const NEXT: Record<PayoutStatus, readonly PayoutStatus[]> = {
  pending: ['processing', 'paid', 'failed'],
  processing: ['paid', 'failed'],
  paid: [],
  failed: [],
};

/** The operator's command: moves a payout on; a failed one has its debit credited back in the same transaction. */
export async function markPayout(deps: BillingDeps, payoutId: string, status: PayoutStatus): Promise<Payout> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockPayoutById(tx, payoutId);
    if (!row) throw new AppError('PAYOUT_NOT_FOUND');
    if (row.status === status) return presentPayout(row);
    if (!NEXT[row.status].includes(status)) throw new AppError('PAYOUT_NOT_FOUND', { status: row.status });
    await repo.setPayoutStatus(tx, row.vendorId, row.id, status);
    if (status === 'failed') await deps.payments.creditPayoutBackIn(tx, row.vendorId, row);
    return presentPayout({ ...row, status });
  });
}

/** Whether a schedule pays out on this day (UTC): weekly on Mondays, biweekly every other Monday, monthly on the 1st. */
export function isPayoutDay(schedule: PayoutSettings['schedule'], day: Date): boolean {
  const monday = day.getUTCDay() === 1;
  switch (schedule) {
    case 'daily':
      return true;
    case 'weekly':
      return monday;
    case 'biweekly':
      // Every other Monday, counted in whole weeks since the epoch (a Thursday): the same Mondays for everyone.
      return monday && Math.floor(day.getTime() / (7 * 86_400_000)) % 2 === 0;
    case 'monthly':
      return day.getUTCDate() === 1;
    case 'manual':
      return false;
  }
}

/**
 * The daily `billing.auto-payout` job: for each vendor with automatic payouts on whose schedule falls today and
 * whose available balance is at least the minimum, a payout of the whole balance (no manual fee). Once a day per
 * vendor; the wallet lock keeps it from overdrawing whatever runs beside it.
 */
export async function runAutoPayouts(deps: BillingDeps): Promise<{ paid: number }> {
  const now = nowOf(deps);
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  let paid = 0;
  for (const { vendorId, settings } of await repo.autoPayoutSettings(deps.db)) {
    if (!isPayoutDay(settings.schedule, now)) continue;
    if (await repo.hasAutoPayoutSince(deps.db, vendorId, dayStart)) continue;
    const available = await deps.payments.walletBalanceMinor(vendorId);
    if (available < settings.minimumMinor) continue;
    const actor: Actor = { vendorId, telegramId: 0, kind: 'owner', permissions: ['all'], botIds: 'all' };
    try {
      await requestPayout(deps, actor, { amountMinor: available }, false);
      paid += 1;
    } catch (err) {
      // Details no longer valid, or the balance moved: the vendor's other payouts are not held up.
      deps.log?.warn(
        { vendorId, err: err instanceof Error ? err.message : String(err) },
        'auto-payout skipped',
      );
    }
  }
  return { paid };
}
