import { PLANS, type Plan } from '@app/contracts/plans';
import type { MessageKey } from '../../../i18n/messages';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

// What each plan includes beyond its limits and fee (spec part 1 §9, the bots-area description).
// The contracts' PlanOffer.features are English sentences; the screen words the plan from its numbers
// and these keys instead.
const EXTRAS: Record<Plan, MessageKey[]> = {
  FREE: ['bots.plan.basicAnalytics', 'bots.plan.emailSupport', 'bots.plan.firstBotOnly'],
  BASIC: ['bots.plan.basicAnalytics'],
  PRO: ['bots.plan.advancedAnalytics', 'bots.plan.prioritySupport', 'bots.plan.customDomain'],
  ENTERPRISE: [
    'bots.plan.enterpriseAnalytics',
    'bots.plan.dedicatedSupport',
    'bots.plan.multipleDomains',
    'bots.plan.apiAccess',
  ],
};

/** The lines a plan card lists: limits, what is included, the transaction fee. */
export function describePlan(plan: Plan, t: Translate): string[] {
  const offer = PLANS[plan];
  const limits =
    offer.maxProducts === null && offer.maxOrdersPerMonth === null
      ? [t('bots.plan.unlimitedAll')]
      : [
          offer.maxProducts === null
            ? t('bots.plan.unlimitedProducts')
            : t('bots.plan.products', { count: offer.maxProducts }),
          offer.maxOrdersPerMonth === null
            ? t('bots.plan.unlimitedOrders')
            : t('bots.plan.orders', { count: offer.maxOrdersPerMonth }),
        ];
  return [...limits, ...EXTRAS[plan].map((key) => t(key)), t('bots.plan.fee', { fee: offer.feeBps / 100 })];
}
