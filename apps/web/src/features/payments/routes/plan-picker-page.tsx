import type { PaidPlan, PaymentMethod } from '@app/contracts/payments';
import { type BillingPeriod, PLANS } from '@app/contracts/plans';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { getTokens } from '../../../lib/session';
import { haptics } from '../../../lib/telegram/bridge';
import { useMainButton, useSecondaryButton } from '../../../lib/telegram/buttons';
import { useSubscriptions } from '../api/get-subscriptions';
import styles from '../components/payments.module.css';
import { PAID_PLANS, PLAN_FEATURE_KEYS, PLAN_NAME_KEYS, priceOf, yearlySavingOf } from '../lib/plans';

const METHODS: { method: PaymentMethod; title: MessageKey; hint: MessageKey }[] = [
  { method: 'wallet', title: 'payments.method.wallet', hint: 'payments.method.walletHint' },
  { method: 'ltc', title: 'payments.method.ltc', hint: 'payments.method.ltcHint' },
  { method: 'stars', title: 'payments.method.stars', hint: 'payments.method.starsHint' },
];

/** /subscription-plans[/:botId] (or ?bot=): period, plan and method, then on to the payment screen. */
export function PlanPickerPage() {
  const { t, formatMoney } = useI18n();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const [botId, setBotId] = useState(params.botId ?? search.get('bot') ?? '');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [plan, setPlan] = useState<PaidPlan | null>('PRO');
  // The wallet is offered only to a signed-in user (spec part 1 §2).
  const signedIn = getTokens() !== null;
  const methods = METHODS.filter((m) => m.method !== 'wallet' || signedIn);
  const [method, setMethod] = useState<PaymentMethod>('stars');
  const [redirecting, setRedirecting] = useState(false);
  const subs = useSubscriptions();
  const bots = subs.data?.subscriptions ?? [];
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const proceed = () => {
    if (!plan || !botId) {
      haptics.error();
      return;
    }
    haptics.impact('medium');
    setRedirecting(true);
    timer.current = setTimeout(() => {
      void navigate(`/payments/${method}/${botId}/${plan.toLowerCase()}?period=${period}`);
    }, 200);
  };
  useMainButton(redirecting ? t('payments.picker.redirecting') : t('payments.picker.proceed'), proceed, {
    enabled: !redirecting,
  });
  const nativeCancel = useSecondaryButton(t('common.cancel'), () => navigate(-1));

  return (
    <Page title={t('payments.picker.title')} data-testid="plan-picker-page">
      {!params.botId ? (
        <label className={styles.stack} style={{ gap: 6 }}>
          <span className={styles.muted}>{t('payments.picker.bot')}</span>
          <select
            value={botId}
            onChange={(e) => setBotId(e.target.value)}
            className={styles.option}
            aria-label={t('payments.picker.bot')}
          >
            <option value="">{t('payments.picker.chooseBot')}</option>
            {bots.map((b) => (
              <option key={b.botId} value={b.botId}>
                {b.botName} (@{b.botUsername})
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <fieldset className={styles.toggle} aria-label={t('payments.picker.period')}>
        <button type="button" aria-pressed={period === 'monthly'} onClick={() => setPeriod('monthly')}>
          {t('payments.monthly')}
        </button>
        <button type="button" aria-pressed={period === 'yearly'} onClick={() => setPeriod('yearly')}>
          {t('payments.yearlyDiscount')}
        </button>
      </fieldset>
      <fieldset className={styles.stack} aria-label={t('payments.picker.plans')}>
        {PAID_PLANS.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={plan === p}
            className={styles.option}
            onClick={() => {
              haptics.impact('light');
              setPlan(p);
            }}
          >
            <span className={styles.row}>
              <span className={styles.name}>{t(PLAN_NAME_KEYS[p])}</span>
              {PLANS[p].recommended ? (
                <span className={styles.recommended}>{t('payments.picker.recommended')}</span>
              ) : null}
            </span>
            <span className={styles.price}>
              {formatMoney(priceOf(p, period), 'USD')}
              <span className={styles.per}>
                {' '}
                {period === 'yearly' ? t('payments.perYear') : t('payments.perMonth')}
              </span>
            </span>
            {period === 'yearly' ? (
              <span className={styles.save}>
                {t('payments.picker.save', { amount: formatMoney(yearlySavingOf(p), 'USD') })}
              </span>
            ) : null}
            <ul className={styles.features}>
              {PLAN_FEATURE_KEYS[p].map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ul>
          </button>
        ))}
      </fieldset>
      <h2 className={styles.sectionTitle}>{t('payments.picker.method')}</h2>
      <fieldset className={styles.stack} aria-label={t('payments.picker.method')}>
        {methods.map((m) => (
          <button
            key={m.method}
            type="button"
            aria-pressed={method === m.method}
            className={styles.option}
            onClick={() => setMethod(m.method)}
          >
            <span className={styles.name}>{t(m.title)}</span>
            <span className={styles.muted}>{t(m.hint)}</span>
          </button>
        ))}
      </fieldset>
      {nativeCancel ? null : (
        <Button variant="secondary" onClick={() => navigate(-1)}>
          {t('common.cancel')}
        </Button>
      )}
    </Page>
  );
}
