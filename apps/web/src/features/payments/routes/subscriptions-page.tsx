import type { SavedPaymentMethod } from '@app/contracts/billing';
import type { FeeStatement, SubscriptionCard } from '@app/contracts/payments';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { haptics, showAlert, showConfirm } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useCancelSubscription } from '../api/cancel-subscription';
import { downloadFeeStatement } from '../api/download-fee-statement';
import { downloadInvoice } from '../api/download-invoice';
import { useDefaultPaymentMethod } from '../api/get-default-method';
import { useInvoices } from '../api/get-invoices';
import { useSubscriptions } from '../api/get-subscriptions';
import { useWalletBalance } from '../api/get-wallet-balance';
import styles from '../components/payments.module.css';
import { describePaymentError } from '../lib/payment-errors';
import { feePercent, PAID_PLANS, PLAN_FEATURE_KEYS, PLAN_NAME_KEYS, priceOf } from '../lib/plans';

const STATUS_KEYS: Record<SubscriptionCard['status'], MessageKey> = {
  trial: 'payments.status.trial',
  active: 'payments.status.active',
  cancelled: 'payments.status.cancelled',
  expired: 'payments.status.expired',
};

/**
 * How a bot's plan renews: a Star subscription by Telegram; another paid period by the vendor's default method on
 * its due date (no method saved: the wallet). A trial, a cancelled or an ended period does not renew.
 */
function renewalOf(
  card: SubscriptionCard,
  method: SavedPaymentMethod | null | undefined,
): { key: MessageKey; params?: Record<string, string> } | null {
  if (card.autoRenew) return { key: 'payments.subs.autoRenewStars' };
  if (card.status !== 'active' || card.plan === 'FREE' || method === undefined) return null;
  switch (method?.type ?? 'wallet') {
    case 'wallet':
      return { key: 'payments.subs.autoRenewWallet' };
    case 'card':
      return { key: 'payments.subs.autoRenewCard', params: { last4: method?.last4 ?? '' } };
    case 'stars':
      return { key: 'payments.subs.renewByStarsInvoice' };
    case 'ltc':
      return { key: 'payments.subs.renewByLtcInvoice' };
  }
  return null;
}

function SubscriptionItem({
  card,
  method,
}: {
  card: SubscriptionCard;
  /** The default payment method (null: none saved); undefined while it loads or when it cannot be read. */
  method: SavedPaymentMethod | null | undefined;
}) {
  const { t, formatMoney, formatDate, formatNumber } = useI18n();
  const renewal = renewalOf(card, method);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  const toPlans = () => navigate(`/subscription-plans/${card.botId}`);
  const askCancel = async () => {
    if (
      !(await showConfirm(t('payments.error.cancelConfirm'), t('payments.subs.cancel'), {
        destructive: true,
      }))
    ) {
      return;
    }
    cancel.mutate(card.botId, {
      onSuccess: () => haptics.success(),
      onError: (error) => {
        haptics.error();
        void showAlert(describePaymentError(error, 'payments.subs.cancelFailed'));
      },
    });
  };
  const canUpgrade = (card.status === 'active' || card.status === 'trial') && card.plan !== 'ENTERPRISE';
  const canRenew = card.status === 'expired' || card.status === 'cancelled' || card.plan === 'FREE';
  const canCancel = (card.status === 'active' || card.status === 'trial') && card.plan !== 'FREE';
  return (
    <Card>
      <button
        type="button"
        className={styles.cardHead}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={styles.stack} style={{ gap: 2 }}>
          <span className={styles.name}>{card.botName}</span>
          <span className={styles.muted}>
            @{card.botUsername} · {t(PLAN_NAME_KEYS[card.plan])}
          </span>
        </span>
        <span className={styles.badge} data-status={card.status}>
          {t(STATUS_KEYS[card.status])}
        </span>
      </button>
      {open ? (
        <>
          <dl className={styles.details}>
            <dt>{t('payments.subs.plan')}</dt>
            <dd>{t(PLAN_NAME_KEYS[card.plan])}</dd>
            <dt>{t('payments.subs.period')}</dt>
            <dd>{card.period === 'yearly' ? t('payments.yearly') : t('payments.monthly')}</dd>
            <dt>
              {card.status === 'cancelled' || card.status === 'expired'
                ? t('payments.subs.endsOn')
                : t('payments.subs.nextBilling')}
            </dt>
            <dd>
              {(card.nextBilling ?? card.endsAt) ? formatDate(card.nextBilling ?? card.endsAt ?? '') : '—'}
            </dd>
            <dt>{t('payments.subs.amount')}</dt>
            <dd>{formatMoney(card.amountMinor, 'USD')}</dd>
            <dt>{t('payments.subs.fee')}</dt>
            <dd>{t('payments.subs.feeValue', { fee: formatNumber(feePercent(card.feeBps)) })}</dd>
            {renewal ? (
              <>
                <dt>{t('payments.subs.autoRenew')}</dt>
                <dd>{t(renewal.key, renewal.params)}</dd>
              </>
            ) : null}
          </dl>
          <div className={styles.actions}>
            {canUpgrade ? <Button onClick={toPlans}>{t('payments.subs.upgrade')}</Button> : null}
            {canRenew ? <Button onClick={toPlans}>{t('payments.subs.renew')}</Button> : null}
            {canCancel ? (
              <Button variant="secondary" disabled={cancel.isPending} onClick={() => void askCancel()}>
                {t('payments.subs.cancel')}
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
    </Card>
  );
}

function AvailablePlans() {
  const { t, formatMoney } = useI18n();
  return (
    <section className={styles.stack} aria-label={t('payments.subs.availablePlans')}>
      <h2 className={styles.sectionTitle}>{t('payments.subs.availablePlans')}</h2>
      {PAID_PLANS.map((plan) => (
        <Card key={plan} className={styles.stack}>
          <div className={styles.row}>
            <span className={styles.name}>{t(PLAN_NAME_KEYS[plan])}</span>
            <span className={styles.price}>
              {formatMoney(priceOf(plan, 'monthly'), 'USD')}
              <span className={styles.per}> {t('payments.perMonth')}</span>
            </span>
          </div>
          <ul className={styles.features}>
            {PLAN_FEATURE_KEYS[plan].map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </Card>
      ))}
    </section>
  );
}

/** The plan fees accrued on this month's shop sales (the server's first statement is the current month). */
function PlanFeesThisMonth() {
  const { t, formatMoney } = useI18n();
  const current = useInvoices().data?.feeStatements[0];
  if (!current) return null;
  return (
    <Card data-testid="plan-fees-this-month">
      <span className={styles.stack} style={{ gap: 2 }}>
        <span className={styles.muted}>{t('payments.fees.thisMonth')}</span>
        <strong>{formatMoney(current.totalMinor, current.currency)}</strong>
        <span className={styles.muted}>
          {t('payments.fees.summary', {
            count: current.orders,
            sales: formatMoney(current.salesUsdMinor, current.currency),
          })}
        </span>
      </span>
    </Card>
  );
}

/** Tries a PDF download (Telegram's download prompt); a failure is told in a popup. */
async function download(save: () => Promise<boolean>) {
  try {
    if (await save()) haptics.success();
  } catch (error) {
    haptics.error();
    void showAlert(describePaymentError(error, 'payments.invoices.downloadFailed'));
  }
}

function FeeStatementItem({ statement }: { statement: FeeStatement }) {
  const { t, formatMoney, formatDate } = useI18n();
  // The month as the locale names it: "March 2026".
  const month = formatDate(`${statement.month}-01T00:00:00Z`, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <Card className={styles.row}>
      <span className={styles.stack} style={{ gap: 2 }}>
        <span>{t('payments.fees.statement', { month })}</span>
        <span className={styles.muted}>{statement.number}</span>
      </span>
      <span className={styles.stack} style={{ gap: 4, alignItems: 'flex-end' }}>
        <strong>{formatMoney(statement.totalMinor, statement.currency)}</strong>
        <Button
          variant="plain"
          className={styles.nowrap}
          onClick={() => void download(() => downloadFeeStatement(statement.month, statement.number))}
        >
          {t('payments.invoices.download')}
        </Button>
      </span>
    </Card>
  );
}

function Invoices() {
  const { t, formatMoney, formatDate } = useI18n();
  const invoices = useInvoices();
  const list = invoices.data?.invoices ?? [];
  // Months with fees to show; the current month at zero is on the "Plan fees this month" card already.
  const statements = (invoices.data?.feeStatements ?? []).filter((s) => s.orders > 0 || s.refundedOrders > 0);
  return (
    <section className={styles.stack} aria-label={t('payments.invoices.title')}>
      <h2 className={styles.sectionTitle}>{t('payments.invoices.title')}</h2>
      {statements.map((s) => (
        <FeeStatementItem key={s.month} statement={s} />
      ))}
      {list.length === 0 && statements.length === 0 ? (
        <p className={styles.muted}>
          {invoices.isError ? t('payments.invoices.loadError') : t('payments.invoices.empty')}
        </p>
      ) : (
        list.map((inv) => (
          <Card key={inv.id} className={styles.row}>
            <span className={styles.stack} style={{ gap: 2 }}>
              <span>{inv.number}</span>
              <span className={styles.muted}>
                {formatDate(inv.issuedAt)} · {inv.botName ?? t('payments.invoices.topUp')}
              </span>
            </span>
            <span className={styles.stack} style={{ gap: 4, alignItems: 'flex-end' }}>
              <strong>{formatMoney(inv.amountMinor, inv.currency)}</strong>
              <Button
                variant="plain"
                className={styles.nowrap}
                onClick={() => void download(() => downloadInvoice(inv.id, inv.number))}
              >
                {t('payments.invoices.download')}
              </Button>
            </span>
          </Card>
        ))
      )}
    </section>
  );
}

/** /subscriptions: every bot's subscription from the server, plans, wallet and invoices. */
export function SubscriptionsPage() {
  const { t, formatMoney } = useI18n();
  const navigate = useNavigate();
  const subs = useSubscriptions();
  const balance = useWalletBalance();
  const defaultMethod = useDefaultPaymentMethod();
  useMainButton(t('payments.subs.addBot'), () => navigate('/bot-new'));

  return (
    <Page
      title={t('payments.subs.title')}
      subtitle={t('payments.subs.subtitle')}
      data-testid="subscriptions-page"
    >
      {subs.data ? (
        subs.data.subscriptions.length === 0 ? (
          <EmptyState title={t('payments.subs.empty')} hint={t('payments.subs.emptyHint')} icon="🤖" />
        ) : (
          <section className={styles.stack} aria-label={t('payments.subs.yourBots')}>
            {subs.data.subscriptions.map((card) => (
              <SubscriptionItem key={card.botId} card={card} method={defaultMethod.data} />
            ))}
          </section>
        )
      ) : subs.isError ? (
        <ErrorState
          message={t('payments.subs.loadError')}
          onRetry={() => void subs.refetch()}
          retrying={subs.isFetching}
        />
      ) : (
        <LoadingState />
      )}
      <Card className={styles.row}>
        <span className={styles.stack} style={{ gap: 2 }}>
          <span className={styles.muted}>{t('payments.wallet.balanceLabel')}</span>
          <strong>{formatMoney(balance.data?.balanceMinor ?? 0, 'USD')}</strong>
        </span>
        <Button variant="secondary" onClick={() => navigate('/wallet/add-funds')}>
          {t('payments.wallet.addFunds')}
        </Button>
      </Card>
      <PlanFeesThisMonth />
      <AvailablePlans />
      <Invoices />
    </Page>
  );
}
