import {
  type AddPaymentMethodBody,
  cardExpiry,
  type PaymentMethodList,
  type SavedPaymentMethod,
} from '@app/contracts/billing';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordEvent } from '../events/record-event';
import * as repo from './billing.repository';
import { type BillingDeps, nowOf } from './billing-deps';

// The ways a vendor pays the platform (spec part 2 §4): exactly one default; the first one added becomes it; the
// default cannot be removed. A card is saved by the id the card provider gave the browser, checked with the
// provider: its number and CVV never pass through here.

const present = (row: repo.MethodRow, now: Date): SavedPaymentMethod => {
  const expiry =
    row.expMonth !== null && row.expYear !== null
      ? cardExpiry(row.expMonth, row.expYear, now)
      : { expired: false, soon: false };
  return {
    id: row.id,
    type: row.type,
    isDefault: row.isDefault,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    expiresSoon: expiry.soon,
    expired: expiry.expired,
    createdAt: row.createdAt.toISOString(),
  };
};

export async function listPaymentMethods(deps: BillingDeps, actor: Actor): Promise<PaymentMethodList> {
  const rows = await repo.listMethods(deps.db, actor.vendorId);
  const now = nowOf(deps);
  return { methods: rows.map((r) => present(r, now)), cardProvider: deps.cardProviderInfo };
}

/** What a new method's row holds: for a card, what the provider says of the id (refused if it holds none). */
async function newMethodRow(deps: BillingDeps, actor: Actor, body: AddPaymentMethodBody) {
  if (body.type !== 'card' || !body.providerPaymentMethodId)
    return { vendorId: actor.vendorId, type: body.type };
  if (!deps.cardProvider) throw new AppError('CARD_PROVIDER_UNAVAILABLE');
  const card = await deps.cardProvider.retrieve(body.providerPaymentMethodId);
  if (!card) throw new AppError('CARD_NOT_RECOGNISED');
  if (cardExpiry(card.expMonth, card.expYear, nowOf(deps)).expired) throw new AppError('CARD_EXPIRED');
  return {
    vendorId: actor.vendorId,
    type: 'card' as const,
    providerPaymentMethodId: card.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
  };
}

const methodEvent = (actor: Actor, id: string, action: string, type: string) => ({
  vendorId: actor.vendorId,
  type: 'settings.updated' as const,
  actor: { kind: actor.kind, id: String(actor.telegramId) },
  subject: { kind: 'settings' as const, id },
  payload: { section: 'payment_methods', action, method: type },
});

/** Saves a method; the vendor's first becomes the default. PAYMENT_METHOD_EXISTS when it is saved already. */
export async function addPaymentMethod(
  deps: BillingDeps,
  actor: Actor,
  body: AddPaymentMethodBody,
): Promise<SavedPaymentMethod> {
  const row = await newMethodRow(deps, actor, body);
  const saved = await deps.db.transaction(async (tx) => {
    await repo.lockMethods(tx, actor.vendorId);
    const first = (await repo.listMethods(tx, actor.vendorId)).length === 0;
    const inserted = await repo.insertMethod(tx, { ...row, isDefault: first });
    if (!inserted) throw new AppError('PAYMENT_METHOD_EXISTS', { type: row.type });
    await recordEvent(tx, methodEvent(actor, inserted.id, 'added', inserted.type));
    return inserted;
  });
  return present(saved, nowOf(deps));
}

export async function setDefaultPaymentMethod(
  deps: BillingDeps,
  actor: Actor,
  methodId: string,
): Promise<PaymentMethodList> {
  await deps.db.transaction(async (tx) => {
    await repo.lockMethods(tx, actor.vendorId);
    const row = await repo.findMethod(tx, actor.vendorId, methodId);
    if (!row) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
    if (row.isDefault) return;
    await repo.setDefault(tx, actor.vendorId, methodId);
    await recordEvent(tx, methodEvent(actor, methodId, 'default', row.type));
  });
  return listPaymentMethods(deps, actor);
}

/** Removes a method that is not the default (spec §4: 'Cannot Remove'). */
export async function removePaymentMethod(
  deps: BillingDeps,
  actor: Actor,
  methodId: string,
): Promise<PaymentMethodList> {
  await deps.db.transaction(async (tx) => {
    await repo.lockMethods(tx, actor.vendorId);
    const row = await repo.findMethod(tx, actor.vendorId, methodId);
    if (!row) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
    if (row.isDefault) throw new AppError('PAYMENT_METHOD_IS_DEFAULT');
    await repo.deleteMethod(tx, actor.vendorId, methodId);
    await recordEvent(tx, methodEvent(actor, methodId, 'removed', row.type));
  });
  return listPaymentMethods(deps, actor);
}

/** The vendor's default method (the one renewals and fee statements are charged to), or null when none. */
export async function defaultMethodOf(deps: BillingDeps, vendorId: string): Promise<repo.MethodRow | null> {
  const rows = await repo.listMethods(deps.db, vendorId);
  return rows.find((r) => r.isDefault) ?? null;
}
