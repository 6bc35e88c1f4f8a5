import type { PolicyId } from '@app/contracts/policies';
import { and, asc, count, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { storeFaqs, storePolicies } from '../../db/schema/index';
import type { Conn } from '../../db/types';

export type PolicyRow = typeof storePolicies.$inferSelect;
export type FaqRow = typeof storeFaqs.$inferSelect;

/** Where a policy or FAQ applies: one bot (its own), or null for all the vendor's bots. */
export type Scope = string | null;

const policyScope = (botId: Scope): SQL =>
  botId === null ? isNull(storePolicies.botId) : eq(storePolicies.botId, botId);
const faqScope = (botId: Scope): SQL =>
  botId === null ? isNull(storeFaqs.botId) : eq(storeFaqs.botId, botId);

export function listPolicies(db: Conn, vendorId: string, botId: Scope): Promise<PolicyRow[]> {
  return db
    .select()
    .from(storePolicies)
    .where(and(eq(storePolicies.vendorId, vendorId), policyScope(botId)));
}

/** The policy of that kind the bot's shop answers: the bot's own, when written, else the vendor's. */
/** The policies a bot's shop answers, by kind: the bot's own where written, else the vendor's (one query). */
export async function findShopPolicies(
  db: Conn,
  vendorId: string,
  botId: string,
): Promise<Map<PolicyId, PolicyRow>> {
  const rows = await db
    .select()
    .from(storePolicies)
    .where(
      and(
        eq(storePolicies.vendorId, vendorId),
        or(isNull(storePolicies.botId), eq(storePolicies.botId, botId)),
      ),
    );
  const chosen = new Map<PolicyId, PolicyRow>();
  for (const row of rows) {
    if (row.content !== '' && (row.botId === botId || !chosen.has(row.kind))) chosen.set(row.kind, row);
  }
  return chosen;
}

export async function upsertPolicy(
  db: Conn,
  vendorId: string,
  botId: Scope,
  kind: PolicyId,
  content: string,
  at: Date,
): Promise<PolicyRow> {
  const [row] = await db
    .insert(storePolicies)
    .values({ vendorId, botId, kind, content, updatedAt: at })
    .onConflictDoUpdate(
      botId === null
        ? {
            target: [storePolicies.vendorId, storePolicies.kind],
            targetWhere: isNull(storePolicies.botId),
            set: { content, updatedAt: at },
          }
        : {
            target: [storePolicies.vendorId, storePolicies.botId, storePolicies.kind],
            targetWhere: isNotNull(storePolicies.botId),
            set: { content, updatedAt: at },
          },
    )
    .returning();
  if (!row) throw new Error('policy upsert returned nothing');
  return row;
}

export function listFaqs(db: Conn, vendorId: string, botId: Scope): Promise<FaqRow[]> {
  return db
    .select()
    .from(storeFaqs)
    .where(and(eq(storeFaqs.vendorId, vendorId), faqScope(botId)))
    .orderBy(asc(storeFaqs.createdAt), asc(storeFaqs.id));
}

export async function findFaq(db: Conn, vendorId: string, faqId: string): Promise<FaqRow | undefined> {
  const [row] = await db
    .select()
    .from(storeFaqs)
    .where(and(eq(storeFaqs.vendorId, vendorId), eq(storeFaqs.id, faqId)))
    .limit(1);
  return row;
}

export async function countFaqs(db: Conn, vendorId: string, botId: Scope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(storeFaqs)
    .where(and(eq(storeFaqs.vendorId, vendorId), faqScope(botId)));
  return row?.n ?? 0;
}

export async function insertFaq(
  db: Conn,
  values: { vendorId: string; botId: Scope; question: string; answer: string; at: Date },
): Promise<FaqRow> {
  const [row] = await db
    .insert(storeFaqs)
    .values({
      vendorId: values.vendorId,
      botId: values.botId,
      question: values.question,
      answer: values.answer,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning();
  if (!row) throw new Error('faq insert returned nothing');
  return row;
}

export async function updateFaq(
  db: Conn,
  vendorId: string,
  faqId: string,
  values: { question: string; answer: string; at: Date },
): Promise<FaqRow | undefined> {
  const [row] = await db
    .update(storeFaqs)
    .set({ question: values.question, answer: values.answer, updatedAt: values.at })
    .where(and(eq(storeFaqs.vendorId, vendorId), eq(storeFaqs.id, faqId)))
    .returning();
  return row;
}

export async function deleteFaq(db: Conn, vendorId: string, faqId: string): Promise<boolean> {
  const rows = await db
    .delete(storeFaqs)
    .where(and(eq(storeFaqs.vendorId, vendorId), eq(storeFaqs.id, faqId)))
    .returning({ id: storeFaqs.id });
  return rows.length > 0;
}
