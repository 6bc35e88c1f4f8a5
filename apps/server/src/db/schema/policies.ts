import { PolicyId } from '@app/contracts/policies';
import { isNotNull, isNull } from 'drizzle-orm';
import { foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bots } from './bots';
import { createdAt, enumValues, id, updatedAt, vendorId } from './columns';
import { vendors } from './vendors';

/**
 * A vendor's store policy of each kind (terms, privacy, refunds, shipping), for all their bots (`bot_id` null)
 * or a bot's own version; none written = no row. One per kind and scope.
 */
export const storePolicies = pgTable(
  'store_policies',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    botId: uuid('bot_id'),
    kind: text('kind', { enum: enumValues(PolicyId.options) }).notNull(),
    content: text('content').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({ columns: [t.vendorId, t.botId], foreignColumns: [bots.vendorId, bots.id] }).onDelete(
      'cascade',
    ),
    // Two partial indexes rather than one: a null bot_id would make every vendor-wide row distinct.
    uniqueIndex('store_policies_vendor_kind_uq').on(t.vendorId, t.kind).where(isNull(t.botId)),
    uniqueIndex('store_policies_bot_kind_uq').on(t.vendorId, t.botId, t.kind).where(isNotNull(t.botId)),
  ],
);

/** A vendor's FAQs, for all their bots (`bot_id` null) or a bot's own list; shown oldest first in the shop. */
export const storeFaqs = pgTable(
  'store_faqs',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    botId: uuid('bot_id'),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({ columns: [t.vendorId, t.botId], foreignColumns: [bots.vendorId, bots.id] }).onDelete(
      'cascade',
    ),
    index('store_faqs_vendor_created_idx').on(t.vendorId, t.createdAt),
  ],
);
