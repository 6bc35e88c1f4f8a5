import { z } from 'zod';
import { text, VendorParams } from './common';

/**
 * The store's policies and FAQs (spec part 2 §7.3), the vendor's for all their bots: edited in Settings, answered
 * in the shop (`/terms`, the refund policy at checkout, the FAQs in the chat and the Mini App).
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

export const Policy = z.object({
  id: PolicyId,
  /** Plain text; empty: the store has not written it. */
  content: z.string(),
  updatedAt: z.string().nullable(),
});
export type Policy = z.infer<typeof Policy>;

export const PolicyList = z.object({ policies: z.array(Policy) });
export type PolicyList = z.infer<typeof PolicyList>;

export const UpdatePolicyBody = z
  .object({ content: text().trim().max(POLICY_LIMITS.contentMax, POLICY_MESSAGES.contentTooLong) })
  .strict();
export type UpdatePolicyBody = z.infer<typeof UpdatePolicyBody>;

export const PolicyParams = VendorParams.extend({ policyId: PolicyId });

export const Faq = z.object({
  id: z.uuid(),
  question: z.string(),
  answer: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Faq = z.infer<typeof Faq>;

/** Oldest first: the order they are shown in. */
export const FaqList = z.object({ faqs: z.array(Faq) });
export type FaqList = z.infer<typeof FaqList>;

export const FaqBody = z
  .object({
    question: text().trim().min(1, POLICY_MESSAGES.questionRequired).max(POLICY_LIMITS.questionMax),
    answer: text().trim().min(1, POLICY_MESSAGES.answerRequired).max(POLICY_LIMITS.answerMax),
  })
  .strict();
export type FaqBody = z.infer<typeof FaqBody>;

export const FaqParams = VendorParams.extend({ faqId: z.uuid() });
