import { PolicyId } from '@app/contracts/policies';
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, enumValues, id, updatedAt, vendorId } from './columns';
import { vendors } from './vendors';

/** A vendor's store policy of each kind (terms, privacy, refunds, shipping); none written = no row. */
export const storePolicies = pgTable(
  'store_policies',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: enumValues(PolicyId.options) }).notNull(),
    content: text('content').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.kind] })],
);

/** A vendor's FAQs, shown oldest first in the shop. */
export const storeFaqs = pgTable(
  'store_faqs',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    index('store_faqs_vendor_created_idx').on(t.vendorId, t.createdAt),
  ],
);
