import type { StarMismatchReason, StarTransaction, StarTransactionMatch } from '@app/contracts/billing';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { describeError } from '../../../lib/describe-error';
import { haptics, showAlert } from '../../../lib/telegram/bridge';
import { useMainButton } from '../../../lib/telegram/buttons';
import { useBotStars, useSyncBotStars } from '../api/bot-stars';
import styles from '../components/billing.module.css';

const MATCH_KEYS: Record<StarTransactionMatch, MessageKey> = {
  paid: 'stars.match.paid',
  refunded: 'stars.match.refunded',
  unmatched: 'stars.match.unmatched',
  other: 'stars.match.other',
};
const REASON_KEYS: Record<StarMismatchReason, MessageKey> = {
  no_order: 'stars.reason.noOrder',
  order_not_paid: 'stars.reason.orderNotPaid',
  chargeback: 'stars.reason.chargeback',
};
// The badge colours billing.module.css already has.
const BADGE: Record<StarTransactionMatch, string> = {
  paid: 'paid',
  refunded: 'pending',
  unmatched: 'overdue',
  other: 'other',
};

function TransactionRow({ tx }: { tx: StarTransaction }) {
  const { t, formatNumber, formatDate } = useI18n();
  const signed = `${tx.direction === 'in' ? '+' : '−'}${formatNumber(tx.amount)} ⭐`;
  const what =
    tx.direction === 'in'
      ? t('stars.payment')
      : tx.partner === 'user'
        ? t('stars.refund')
        : t('stars.withdrawal');
  return (
    <Card className={styles.row} data-testid={`stars-tx-${tx.match}`}>
      <span className={styles.stack} style={{ gap: 2 }}>
        <strong>{signed}</strong>
        <span className={styles.muted}>
          {formatDate(tx.date)} · {what}
          {tx.orderId && tx.orderNumber ? (
            <>
              {' · '}
              <Link to={`/orders/${tx.orderId}`}>{t('stars.order', { number: tx.orderNumber })}</Link>
            </>
          ) : null}
        </span>
        {tx.reason ? <span className={styles.muted}>{t(REASON_KEYS[tx.reason])}</span> : null}
      </span>
      <span className={styles.badge} data-status={BADGE[tx.match]}>
        {t(MATCH_KEYS[tx.match])}
      </span>
    </Card>
  );
}

/** /bots/:botId/stars: the bot's Telegram Stars balance and transactions, each matched to its order or flagged. */
export function BotStarsPage() {
  const { t, formatNumber, formatDate } = useI18n();
  const botId = useParams().botId ?? '';
  const stars = useBotStars(botId);
  const sync = useSyncBotStars(botId);
  useMainButton(
    t('stars.refresh'),
    () =>
      sync.mutate(undefined, {
        onSuccess: () => haptics.success(),
        onError: (error) => {
          haptics.error();
          void showAlert(describeError(error, { fallback: 'stars.refreshFailed' }));
        },
      }),
    { enabled: !sync.isPending, loading: sync.isPending, visible: stars.isSuccess },
  );

  let body: ReactNode;
  if (stars.isPending) body = <LoadingState label={t('stars.loading')} />;
  else if (stars.isError) {
    body = (
      <ErrorState
        message={describeError(stars.error, { fallback: 'stars.loadError' })}
        onRetry={() => void stars.refetch()}
        retrying={stars.isFetching}
      />
    );
  } else {
    const data = stars.data;
    body = (
      <div className={styles.stack}>
        <Card className={styles.section} data-testid="stars-balance">
          <span className={styles.muted}>{t('stars.balance')}</span>
          <strong style={{ fontSize: 28 }}>
            {data.balance === null ? '—' : `${formatNumber(data.balance)} ⭐`}
          </strong>
          <span className={styles.muted}>
            {data.syncedAt
              ? t('stars.syncedAt', { date: formatDate(data.syncedAt) })
              : t('stars.neverSynced')}
          </span>
        </Card>
        {data.unmatched > 0 ? (
          <p className={styles.muted} role="alert" data-testid="stars-unmatched">
            <span aria-hidden="true">⚠️ </span>
            {t('stars.unmatched', { count: data.unmatched })}
          </p>
        ) : null}
        <section className={styles.section} aria-labelledby="stars-tx-title">
          <h2 id="stars-tx-title" className={styles.sectionTitle}>
            {t('stars.transactions')}
          </h2>
          {data.transactions.length === 0 ? (
            <EmptyState icon="⭐" title={t('stars.empty')} />
          ) : (
            data.transactions.map((tx) => <TransactionRow key={`${tx.id}:${tx.direction}`} tx={tx} />)
          )}
        </section>
      </div>
    );
  }
  return (
    <Page title={t('stars.title')} subtitle={t('stars.note')} data-testid="bot-stars-page">
      {body}
    </Page>
  );
}
