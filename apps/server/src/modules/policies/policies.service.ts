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
import { type Actor, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordEvent } from '../events/record-event';
import * as repo from './policies.repository';

// The store's policies and FAQs (spec part 2 §7.3): the vendor's, for all their bots, and a bot's own where the
// vendor writes one (`botId`; the route's vendor scope has checked the bot is the caller's). The vendor edits
// them in Settings; the shop answers them (`/terms`, the refund policy at checkout, the FAQs in the chat and
// Mini App): a bot's own policy of a kind when written, else the vendor's; a bot's own FAQ list when it has one,
// else the vendor's.

type Scope = repo.Scope;

export type PoliciesDeps = { db: Db; now?: () => Date };

const nowOf = (deps: PoliciesDeps) => deps.now?.() ?? new Date();

const toPolicy = (kind: PolicyId, botId: string | null, row: repo.PolicyRow | undefined): Policy => ({
  id: kind,
  botId,
  content: row?.content ?? '',
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

const toFaq = (row: repo.FaqRow): Faq => ({
  id: row.id,
  botId: row.botId,
  question: row.question,
  answer: row.answer,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A save of the policies or FAQs, on the vendor's trail. */
async function recordSaved(
  tx: Tx,
  actor: Actor,
  botId: string | null,
  section: 'policies' | 'faqs',
  fields: string,
) {
  await recordEvent(tx, {
    vendorId: actor.vendorId,
    botId,
    type: 'settings.updated',
    actor: { kind: actor.kind, id: String(actor.telegramId) },
    subject: { kind: 'settings', id: actor.vendorId },
    payload: { section, fields },
  });
}

/** Every policy of the scope (a bot's own, or the vendor's), written or not (empty content), in a fixed order. */
export async function listPolicies(deps: PoliciesDeps, actor: Actor, botId: Scope): Promise<PolicyList> {
  const rows = new Map((await repo.listPolicies(deps.db, actor.vendorId, botId)).map((r) => [r.kind, r]));
  return { policies: PolicyId.options.map((kind) => toPolicy(kind, botId, rows.get(kind))) };
}

/** Replaces one policy's text in the scope (empty: none of that kind; a bot's shop then answers the vendor's). */
export async function savePolicy(
  deps: PoliciesDeps,
  actor: Actor,
  botId: Scope,
  kind: PolicyId,
  content: string,
): Promise<Policy> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.upsertPolicy(tx, actor.vendorId, botId, kind, content, nowOf(deps));
    await recordSaved(tx, actor, botId, 'policies', kind);
    return toPolicy(kind, botId, row);
  });
}

/** The FAQs of the scope (a bot's own list, or the vendor's), oldest first. */
export async function listFaqs(deps: PoliciesDeps, actor: Actor, botId: Scope): Promise<FaqList> {
  return { faqs: (await repo.listFaqs(deps.db, actor.vendorId, botId)).map(toFaq) };
}

/** Adds a FAQ to the scope's list, up to POLICY_LIMITS.faqsMax in a list. */
export async function addFaq(deps: PoliciesDeps, actor: Actor, botId: Scope, body: FaqBody): Promise<Faq> {
  return deps.db.transaction(async (tx) => {
    if ((await repo.countFaqs(tx, actor.vendorId, botId)) >= POLICY_LIMITS.faqsMax) {
      throw new AppError('FAQS_LIMIT_REACHED', { max: POLICY_LIMITS.faqsMax });
    }
    const row = await repo.insertFaq(tx, { vendorId: actor.vendorId, botId, ...body, at: nowOf(deps) });
    await recordSaved(tx, actor, botId, 'faqs', 'added');
    return toFaq(row);
  });
}

/** The vendor's FAQ, when the caller may see it (a bot's own: that bot is in the caller's scope). */
async function faqInScope(tx: Tx, actor: Actor, faqId: string): Promise<repo.FaqRow> {
  const row = await repo.findFaq(tx, actor.vendorId, faqId);
  if (!row || (row.botId !== null && !inBotScope(actor.botIds, row.botId))) {
    throw new AppError('FAQ_NOT_FOUND');
  }
  return row;
}

export async function updateFaq(
  deps: PoliciesDeps,
  actor: Actor,
  faqId: string,
  body: FaqBody,
): Promise<Faq> {
  return deps.db.transaction(async (tx) => {
    const found = await faqInScope(tx, actor, faqId);
    const row = await repo.updateFaq(tx, actor.vendorId, faqId, { ...body, at: nowOf(deps) });
    if (!row) throw new AppError('FAQ_NOT_FOUND');
    await recordSaved(tx, actor, found.botId, 'faqs', 'updated');
    return toFaq(row);
  });
}

export async function removeFaq(deps: PoliciesDeps, actor: Actor, faqId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const found = await faqInScope(tx, actor, faqId);
    if (!(await repo.deleteFaq(tx, actor.vendorId, faqId))) throw new AppError('FAQ_NOT_FOUND');
    await recordSaved(tx, actor, found.botId, 'faqs', 'removed');
  });
}

/** The policies and FAQs module as routes and the shop call it: every function bound to `deps` once. */
export function createPoliciesService(deps: PoliciesDeps) {
  return {
    list: (actor: Actor, botId: Scope) => listPolicies(deps, actor, botId),
    save: (actor: Actor, botId: Scope, kind: PolicyId, content: string) =>
      savePolicy(deps, actor, botId, kind, content),
    listFaqs: (actor: Actor, botId: Scope) => listFaqs(deps, actor, botId),
    addFaq: (actor: Actor, botId: Scope, body: FaqBody) => addFaq(deps, actor, botId, body),
    updateFaq: (actor: Actor, faqId: string, body: FaqBody) => updateFaq(deps, actor, faqId, body),
    removeFaq: (actor: Actor, faqId: string) => removeFaq(deps, actor, faqId),
    /** For the bot's shop: a policy's text, the bot's own when written, else the vendor's ('' when neither). */
    policyOf: async (vendorId: string, botId: string, kind: PolicyId) =>
      (await repo.findShopPolicies(deps.db, vendorId, botId)).get(kind)?.content ?? '',
    /** For the bot's shop: every policy it answers (its own, else the vendor's), written ones only, in order. */
    policiesOf: async (vendorId: string, botId: string): Promise<{ id: PolicyId; text: string }[]> => {
      const chosen = await repo.findShopPolicies(deps.db, vendorId, botId);
      return PolicyId.options.flatMap((id) => {
        const text = chosen.get(id)?.content;
        return text ? [{ id, text }] : [];
      });
    },
    /** For the bot's shop: its own FAQ list when it has one, else the vendor's; oldest first. */
    faqsOf: async (vendorId: string, botId: string) => {
      const own = await repo.listFaqs(deps.db, vendorId, botId);
      const rows = own.length > 0 ? own : await repo.listFaqs(deps.db, vendorId, null);
      return rows.map((r) => ({ id: r.id, question: r.question, answer: r.answer }));
    },
  };
}

export type PoliciesService = ReturnType<typeof createPoliciesService>;
