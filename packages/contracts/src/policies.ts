import { z } from 'zod';
import { text, VendorParams } from './common';

/**
 * The store's policies and FAQs (spec part 2 §7.3): the vendor's for all their bots, and a bot's own where the
 * vendor writes one (a policy of a kind, or a FAQ list), which that bot's shop answers instead. Edited in
 * Settings, answered in the shop (`/terms`, the refund policy at checkout, the FAQs in the chat and Mini App).
 */
export const POLICY_LIMITS = {
  contentMax: 5000,
  questionMax: 200,
  answerMax: 2000,
  faqsMax: 50,
} as const;

export const POLICY_MESSAGES = {
  contentTooLong: `A policy holds up to ${POLICY_LIMITS.contentMax} characters.`,
  questionRequired: 'Please write the question.',
  answerRequired: 'Please write the answer.',
} as const;

export const PolicyId = z.enum(['terms', 'privacy', 'refunds', 'shipping']);
export type PolicyId = z.infer<typeof PolicyId>;

/**
 * `?botId=` on a read: a bot's own policies or FAQs; without it, the vendor's for all bots. A write names its bot
 * in its body (the bot is part of what is written), so every field of it is checked with the others.
 */
export const PolicyScopeQuery = z.object({ botId: z.uuid().optional() }).strict();
export type PolicyScopeQuery = z.infer<typeof PolicyScopeQuery>;

export const Policy = z.object({
  id: PolicyId,
  /** The bot whose own version this is; null: the vendor's, for all bots. */
  botId: z.uuid().nullable(),
  /** Plain text; empty: not written (a bot's shop then answers the vendor's). */
  content: z.string(),
  updatedAt: z.string().nullable(),
});
export type Policy = z.infer<typeof Policy>;

export const PolicyList = z.object({ policies: z.array(Policy) });
export type PolicyList = z.infer<typeof PolicyList>;

/** A bot's own version of the policy (`botId`), or the vendor's for all bots (no `botId`). */
export const UpdatePolicyBody = z
  .object({
    content: text().trim().max(POLICY_LIMITS.contentMax, POLICY_MESSAGES.contentTooLong),
    botId: z.uuid().optional(),
  })
  .strict();
export type UpdatePolicyBody = z.infer<typeof UpdatePolicyBody>;

export const PolicyParams = VendorParams.extend({ policyId: PolicyId });

export const Faq = z.object({
  id: z.uuid(),
  /** The bot whose own list it is in; null: the vendor's list, for all bots. */
  botId: z.uuid().nullable(),
  question: z.string(),
  answer: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Faq = z.infer<typeof Faq>;

/** Oldest first: the order they are shown in. A bot with a list of its own shows that one, else the vendor's. */
export const FaqList = z.object({ faqs: z.array(Faq) });
export type FaqList = z.infer<typeof FaqList>;

export const FaqBody = z
  .object({
    question: text().trim().min(1, POLICY_MESSAGES.questionRequired).max(POLICY_LIMITS.questionMax),
    answer: text().trim().min(1, POLICY_MESSAGES.answerRequired).max(POLICY_LIMITS.answerMax),
  })
  .strict();
export type FaqBody = z.infer<typeof FaqBody>;

/** A new FAQ: in a bot's own list (`botId`), or the vendor's for all bots (no `botId`). */
export const NewFaqBody = FaqBody.extend({ botId: z.uuid().optional() }).strict();
export type NewFaqBody = z.infer<typeof NewFaqBody>;

export const FaqParams = VendorParams.extend({ faqId: z.uuid() });
