import {
  type BillingInvoice,
  type BillingInvoiceList,
  type BillingInvoicesQuery,
  FEE_STATEMENT_GRACE_DAYS,
} from '@app/contracts/billing';
import type { FeeStatement, Invoice } from '@app/contracts/payments';
import type { Actor } from '../../lib/actor';
import * as repo from './billing.repository';
import { type BillingDeps, nowOf } from './billing-deps';

// The invoices screen (/settings/invoices): every plan payment's invoice (paid, or refunded) and every month's plan
// fee statement (paid once settled; pending until 14 days after the month closes, overdue after), newest first.

const DAY_MS = 86_400_000;

/** When a month's statement is issued: the first moment of the next month (UTC). */
export const monthClose = (month: string) => {
  const start = new Date(`${month}-01T00:00:00Z`);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
};

/** A statement's due date: FEE_STATEMENT_GRACE_DAYS after its month closes. */
export const feeDueDate = (month: string) =>
  new Date(monthClose(month).getTime() + FEE_STATEMENT_GRACE_DAYS * DAY_MS);

const fromInvoice = (inv: Invoice): BillingInvoice => ({
  id: inv.id,
  kind: inv.purpose === 'topup' ? 'topup' : 'plan',
  invoiceNumber: inv.number,
  date: inv.issuedAt,
  // An invoice is issued when its payment completes: it is due (and paid) that day.
  dueDate: inv.issuedAt,
  status: inv.status,
  amountMinor: inv.amountMinor,
  currency: inv.currency,
  plan: inv.plan,
  period: inv.period,
  month: null,
  botId: inv.botId,
  botName: inv.botName,
  orders: 0,
});

function fromStatement(s: FeeStatement, settled: repo.SettlementRow | undefined, now: Date): BillingInvoice {
  const due = feeDueDate(s.month);
  const status = settled || s.totalMinor <= 0 ? 'paid' : now < due ? 'pending' : 'overdue';
  return {
    id: s.month,
    kind: 'fees',
    invoiceNumber: s.number,
    date: monthClose(s.month).toISOString(),
    dueDate: due.toISOString(),
    status,
    amountMinor: s.totalMinor,
    currency: s.currency,
    plan: null,
    period: null,
    month: s.month,
    botId: null,
    botName: null,
    orders: s.orders,
  };
}

/**
 * The caller's invoices and fee statements, filtered by status and bot. A bot's filter keeps its invoices and its
 * share of each statement (the statement's status is the whole statement's: it is paid as one).
 */
export async function listBillingInvoices(
  deps: BillingDeps,
  actor: Actor,
  query: BillingInvoicesQuery,
): Promise<BillingInvoiceList> {
  const scoped = query.botId ? { ...actor, botIds: [query.botId] } : actor;
  const [list, settlements] = await Promise.all([
    deps.payments.listInvoices(scoped),
    repo.listSettlements(deps.db, actor.vendorId),
  ]);
  const settled = new Map(settlements.map((s) => [s.month, s]));
  const now = nowOf(deps);
  const invoices = list.invoices.filter((i) => !query.botId || i.botId === query.botId).map(fromInvoice);
  // Months with sales or refunds; an empty month owes nothing and has nothing to show.
  const statements = list.feeStatements
    .filter((s) => s.orders > 0 || s.refundedOrders > 0)
    .map((s) => fromStatement(s, settled.get(s.month), now));
  const all = [...invoices, ...statements]
    .filter((i) => !query.status || i.status === query.status)
    .sort((a, b) => b.date.localeCompare(a.date));
  return { invoices: all };
}
