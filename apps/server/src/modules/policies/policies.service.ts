import {
  type Faq,
  type FaqBody,
  type FaqList,
  POLICY_LIMITS,
  type Policy,
  PolicyId,
  type PolicyList,
} from '@app/contracts/policies';
import type { Db, Tx } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordEvent } from '../events/record-event';
import * as repo from './policies.repository';

// The store's policies and FAQs (spec part 2 §7.3): the vendor's, for all their bots. The vendor edits them in
// Settings; the shop answers them (`/terms`, the refund policy at checkout, the FAQs in the chat and Mini App).

export type PoliciesDeps = { db: Db; now?: () => Date };

const nowOf = (deps: PoliciesDeps) => deps.now?.() ?? new Date();

const toPolicy = (kind: PolicyId, row: repo.PolicyRow | undefined): Policy => ({
  id: kind,
  content: row?.content ?? '',
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

const toFaq = (row: repo.FaqRow): Faq => ({
  id: row.id,
  question: row.question,
  answer: row.answer,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A save of the policies or FAQs, on the vendor's trail. */
async function recordSaved(tx: Tx, actor: Actor, section: 'policies' | 'faqs', fields: string) {
  await recordEvent(tx, {
    vendorId: actor.vendorId,
    botId: null,
    type: 'settings.updated',
    actor: { kind: actor.kind, id: String(actor.telegramId) },
    subject: { kind: 'settings', id: actor.vendorId },
    payload: { section, fields },
  });
}

/** Every policy, written or not (empty content), in a fixed order. */
export async function listPolicies(deps: PoliciesDeps, actor: Actor): Promise<PolicyList> {
  const rows = new Map((await repo.listPolicies(deps.db, actor.vendorId)).map((r) => [r.kind, r]));
  return { policies: PolicyId.options.map((kind) => toPolicy(kind, rows.get(kind))) };
}

/** Replaces one policy's text (empty: the store has none of that kind). */
export async function savePolicy(
  deps: PoliciesDeps,
  actor: Actor,
  kind: PolicyId,
  content: string,
): Promise<Policy> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.upsertPolicy(tx, actor.vendorId, kind, content, nowOf(deps));
    await recordSaved(tx, actor, 'policies', kind);
    return toPolicy(kind, row);
  });
}

export async function listFaqs(deps: PoliciesDeps, actor: Actor): Promise<FaqList> {
  return { faqs: (await repo.listFaqs(deps.db, actor.vendorId)).map(toFaq) };
}

/** Adds a FAQ, up to POLICY_LIMITS.faqsMax. */
export async function addFaq(deps: PoliciesDeps, actor: Actor, body: FaqBody): Promise<Faq> {
  return deps.db.transaction(async (tx) => {
    if ((await repo.countFaqs(tx, actor.vendorId)) >= POLICY_LIMITS.faqsMax) {
      throw new AppError('FAQS_LIMIT_REACHED', { max: POLICY_LIMITS.faqsMax });
    }
    const row = await repo.insertFaq(tx, { vendorId: actor.vendorId, ...body, at: nowOf(deps) });
    await recordSaved(tx, actor, 'faqs', 'added');
    return toFaq(row);
  });
}

export async function updateFaq(
  deps: PoliciesDeps,
  actor: Actor,
  faqId: string,
  body: FaqBody,
): Promise<Faq> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.updateFaq(tx, actor.vendorId, faqId, { ...body, at: nowOf(deps) });
    if (!row) throw new AppError('FAQ_NOT_FOUND');
    await recordSaved(tx, actor, 'faqs', 'updated');
    return toFaq(row);
  });
}

export async function removeFaq(deps: PoliciesDeps, actor: Actor, faqId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.deleteFaq(tx, actor.vendorId, faqId))) throw new AppError('FAQ_NOT_FOUND');
    await recordSaved(tx, actor, 'faqs', 'removed');
  });
}

/** The policies and FAQs module as routes and the shop call it: every function bound to `deps` once. */
export function createPoliciesService(deps: PoliciesDeps) {
  return {
    list: (actor: Actor) => listPolicies(deps, actor),
    save: (actor: Actor, kind: PolicyId, content: string) => savePolicy(deps, actor, kind, content),
    listFaqs: (actor: Actor) => listFaqs(deps, actor),
    addFaq: (actor: Actor, body: FaqBody) => addFaq(deps, actor, body),
    updateFaq: (actor: Actor, faqId: string, body: FaqBody) => updateFaq(deps, actor, faqId, body),
    removeFaq: (actor: Actor, faqId: string) => removeFaq(deps, actor, faqId),
    /** For the shop: a policy's text ('' when not written). */
    policyOf: async (vendorId: string, kind: PolicyId) =>
      (await repo.findPolicy(deps.db, vendorId, kind))?.content ?? '',
    /** For the shop: the FAQs, oldest first. */
    faqsOf: async (vendorId: string) =>
      (await repo.listFaqs(deps.db, vendorId)).map((r) => ({
        id: r.id,
        question: r.question,
        answer: r.answer,
      })),
  };
}

export type PoliciesService = ReturnType<typeof createPoliciesService>;
