import type { PaidPlan } from '@app/contracts/payments';
import type { BillingPeriod } from '@app/contracts/plans';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { t } from '../../../i18n/i18n';
import { haptics, showAlert } from '../../../lib/telegram/bridge';
import { parsePeriod, parsePlan } from './plans';

/**
 * The bot, plan and period of a payment screen's address. A missing bot or plan, or an unknown plan, goes
 * back to /subscriptions with the spec's text (part 1 §8).
 */
export function usePaymentParams(): { botId: string; plan: PaidPlan; period: BillingPeriod } | null {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const plan = parsePlan(params.plan);
  const botId = params.botId ?? '';
  const problem = !botId || !params.plan ? 'missing' : !plan ? 'invalid' : null;
  useEffect(() => {
    if (!problem) return;
    haptics.error();
    void showAlert(problem === 'missing' ? t('payments.error.missingPlan') : t('payments.error.unknownPlan'));
    void navigate('/subscriptions', { replace: true });
  }, [problem, navigate]);
  if (problem || !plan) return null;
  return { botId, plan, period: parsePeriod(search.get('period')) };
}
