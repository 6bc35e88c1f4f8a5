import type { BillingInvoice, BillingInvoiceStatus } from '@app/contracts/billing';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chips } from '../../../components/ui/chips';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Select } from '../../../components/ui/form/controls';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { describeError } from '../../../lib/describe-error';
import { haptics, showAlert } from '../../../lib/telegram/bridge';
import { downloadInvoice } from '../api/download-invoice';
import { useBots } from '../api/get-bots';
import { useInvoices } from '../api/get-invoices';
import styles from '../components/billing.module.css';

const STATUS_KEYS: Record<BillingInvoiceStatus, MessageKey> = {
  paid: 'billing.invoices.status.paid',
  pending: 'billing.invoices.status.pending',
  overdue: 'billing.invoices.status.overdue',
  refunded: 'billing.invoices.status.refunded',
};

type StatusFilter = BillingInvoiceStatus | 'all';

/** Tries a PDF download (Telegram's download prompt); a failure is told in a popup. */
async function download(invoice: BillingInvoice) {
  try {
    if (await downloadInvoice(invoice)) haptics.success();
  } catch (error) {
    haptics.error();
    void showAlert(describeError(error, { fallback: 'billing.invoices.downloadFailed' }));
  }
}

function InvoiceItem({ invoice }: { invoice: BillingInvoice }) {
  const { t, formatMoney, formatDate } = useI18n();
  const plan = invoice.plan ?? '';
  const bot = invoice.botName ?? '';
  const description =
    invoice.kind === 'fees'
      ? t('billing.invoices.fees', {
          month: formatDate(`${invoice.month}-01T00:00:00Z`, {
            month: 'long',
            year: 'numeric',
            timeZone: 'UTC',
          }),
          count: invoice.orders,
        })
      : invoice.kind === 'topup'
        ? t('billing.invoices.topUp')
        : invoice.period === 'yearly'
          ? t('billing.invoices.planYearly', { plan, bot })
          : t('billing.invoices.planMonthly', { plan, bot });
  return (
    <Card className={styles.section} data-testid={`invoice-${invoice.invoiceNumber}`}>
      <div className={styles.head}>
        <span className={styles.stack} style={{ gap: 2 }}>
          <span className={styles.title}>{invoice.invoiceNumber}</span>
          <span className={styles.muted}>{description}</span>
        </span>
        <span className={styles.badge} data-status={invoice.status}>
          {t(STATUS_KEYS[invoice.status])}
        </span>
      </div>
      <dl className={styles.details}>
        <dt>{t('billing.invoices.amount')}</dt>
        <dd>
          <strong>{formatMoney(invoice.amountMinor, invoice.currency)}</strong>
        </dd>
        <dt>{t('billing.invoices.date')}</dt>
        <dd>{formatDate(invoice.date)}</dd>
        <dt>{t('billing.invoices.dueDate')}</dt>
        <dd>{formatDate(invoice.dueDate)}</dd>
      </dl>
      <div className={styles.actions}>
        <Button variant="secondary" className={styles.small} onClick={() => void download(invoice)}>
          {t('billing.invoices.download')}
        </Button>
      </div>
    </Card>
  );
}

/** /settings/invoices: every plan invoice and monthly fee statement, with status, filtered by status and bot. */
export function InvoicesPage() {
  const { t } = useI18n();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [botId, setBotId] = useState('');
  const query = {
    ...(status === 'all' ? {} : { status }),
    ...(botId ? { botId } : {}),
  };
  const invoices = useInvoices(query);
  const bots = useBots().data?.bots ?? [];
  const filtered = status !== 'all' || botId !== '';

  let body: ReactNode;
  if (invoices.isPending) body = <LoadingState label={t('billing.invoices.loading')} />;
  else if (invoices.isError) {
    body = (
      <ErrorState
        message={describeError(invoices.error, { fallback: 'billing.invoices.loadError' })}
        onRetry={() => void invoices.refetch()}
        retrying={invoices.isFetching}
      />
    );
  } else if (invoices.data.invoices.length === 0) {
    body = (
      <EmptyState
        icon="🧾"
        title={filtered ? t('billing.invoices.emptyFiltered') : t('billing.invoices.empty')}
      />
    );
  } else {
    body = (
      <div className={styles.stack}>
        {invoices.data.invoices.map((inv) => (
          <InvoiceItem key={`${inv.kind}-${inv.id}`} invoice={inv} />
        ))}
      </div>
    );
  }

  return (
    <Page
      title={t('shell.screen.invoices')}
      subtitle={t('billing.invoices.overdueNote')}
      data-testid="invoices-page"
    >
      <div className={styles.stack}>
        <Chips<StatusFilter>
          label={t('billing.invoices.filterStatus')}
          value={status}
          onChange={(v) => {
            haptics.selection();
            setStatus(v);
          }}
          options={[
            { value: 'all', label: t('billing.invoices.allStatuses') },
            { value: 'paid', label: t('billing.invoices.status.paid') },
            { value: 'pending', label: t('billing.invoices.status.pending') },
            { value: 'overdue', label: t('billing.invoices.status.overdue') },
          ]}
        />
        {bots.length > 1 ? (
          <Select
            aria-label={t('billing.invoices.filterBot')}
            value={botId}
            onChange={(e) => setBotId(e.target.value)}
            options={[
              { value: '', label: t('billing.invoices.allBots') },
              ...bots.map((b) => ({ value: b.id, label: `@${b.username}` })),
            ]}
          />
        ) : null}
        {body}
      </div>
    </Page>
  );
}
