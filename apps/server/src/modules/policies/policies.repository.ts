import type { PolicyId } from '@app/contracts/policies';
import { and, asc, count, eq } from 'drizzle-orm';
import { storeFaqs, storePolicies } from '../../db/schema/index';
import type { Conn } from '../../db/types';

export type PolicyRow = typeof storePolicies.$inferSelect;
export type FaqRow = typeof storeFaqs.$inferSelect;

export function listPolicies(db: Conn, vendorId: string): Promise<PolicyRow[]> {
  return db.select().from(storePolicies).where(eq(storePolicies.vendorId, vendorId));
}

export async function findPolicy(db: Conn, vendorId: string, kind: PolicyId): Promise<PolicyRow | undefined> {
  const [row] = await db
    .select()
    .from(storePolicies)
    .where(and(eq(storePolicies.vendorId, vendorId), eq(storePolicies.kind, kind)))
    .limit(1);
  return row;
}

export async function upsertPolicy(
  db: Conn,
  vendorId: string,
  kind: PolicyId,
  content: string,
  at: Date,
): Promise<PolicyRow> {
  const [row] = await db
    .insert(storePolicies)
    .values({ vendorId, kind, content, updatedAt: at })
    .onConflictDoUpdate({
      target: [storePolicies.vendorId, storePolicies.kind],
      set: { content, updatedAt: at },
    })
    .returning();
  if (!row) throw new Error('policy upsert returned nothing');
  return row;
}

export function listFaqs(db: Conn, vendorId: string): Promise<FaqRow[]> {
  return db
    .select()
    .from(storeFaqs)
    .where(eq(storeFaqs.vendorId, vendorId))
    .orderBy(asc(storeFaqs.createdAt), asc(storeFaqs.id));
}

export async function countFaqs(db: Conn, vendorId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(storeFaqs).where(eq(storeFaqs.vendorId, vendorId));
  return row?.n ?? 0;
}

export async function insertFaq(
  db: Conn,
  values: { vendorId: string; question: string; answer: string; at: Date },
): Promise<FaqRow> {
  const [row] = await db
    .insert(storeFaqs)
    .values({
      vendorId: values.vendorId,
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
