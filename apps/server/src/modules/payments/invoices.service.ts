import type { FeeStatement, Invoice, InvoiceList } from '@app/contracts/payments';
import { type Actor, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { renderFeeStatementPdf, renderInvoicePdf } from './invoice-pdf';
import { nowOf, type PaymentsDeps } from './payment-steps.service';
import * as repo from './payments.repository';

// Invoices (one per completed payment, issued by completePaymentIn) and the monthly plan fee statements, as a
// list and as PDFs. The download links to the PDFs are the routes' (payments.routes.ts).

const toInvoice = (r: repo.InvoiceRow): Invoice => ({
  id: r.id,
  number: r.number,
  paymentId: r.paymentId,
  botId: r.botId,
  botName: r.botName,
  plan: r.plan,
  period: r.period,
  purpose: r.purpose,
  amountMinor: r.amountMinor,
  currency: r.currency,
  method: r.method,
  status: r.status,
  issuedAt: r.issuedAt.toISOString(),
});

/** The month (UTC) of a moment, 'YYYY-MM'. */
const monthOf = (at: Date) => at.toISOString().slice(0, 7);

const toFeeStatement = (vendorId: string, t: repo.FeeMonthTotals): FeeStatement => ({
  ...t,
  number: `FEES-${t.month.replace('-', '')}-${vendorId.slice(0, 8).toUpperCase()}`,
  totalMinor: t.feesMinor - t.reversedMinor,
  currency: 'USD',
});

/** The plan fee statements of the caller's bots, newest first, the current month always first. */
async function feeStatements(deps: PaymentsDeps, actor: Actor): Promise<FeeStatement[]> {
  const months = await repo.planFeeMonths(deps.db, actor.vendorId, actor.botIds);
  const current = monthOf(nowOf(deps));
  const none = { orders: 0, salesUsdMinor: 0, feesMinor: 0, refundedOrders: 0, reversedMinor: 0 };
  const withCurrent = months.some((m) => m.month === current)
    ? months
    : [{ month: current, ...none }, ...months];
  return withCurrent.map((m) => toFeeStatement(actor.vendorId, m));
}

/** The invoices of the caller's bots (and the vendor's own, as top-ups) and the fee statements. */
export async function listInvoices(deps: PaymentsDeps, actor: Actor): Promise<InvoiceList> {
  const rows = await repo.listInvoices(deps.db, actor.vendorId);
  return {
    invoices: rows.filter((r) => !r.botId || inBotScope(actor.botIds, r.botId)).map(toInvoice),
    feeStatements: await feeStatements(deps, actor),
  };
}

/** A month's plan fee statement as a PDF: its totals and a line per bot and fee rate. */
export async function feeStatementPdf(
  deps: PaymentsDeps,
  actor: Actor,
  month: string,
): Promise<{ number: string; pdf: Buffer }> {
  const from = new Date(`${month}-01T00:00:00Z`);
  const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  const lines = await repo.planFeeLines(deps.db, actor.vendorId, actor.botIds, from, to);
  const sum = (key: keyof Omit<repo.FeeMonthTotals, 'month'>) => lines.reduce((s, l) => s + l[key], 0);
  const statement = toFeeStatement(actor.vendorId, {
    month,
    orders: sum('orders'),
    salesUsdMinor: sum('salesUsdMinor'),
    feesMinor: sum('feesMinor'),
    refundedOrders: sum('refundedOrders'),
    reversedMinor: sum('reversedMinor'),
  });
  const names = new Map((await deps.bots.namesOf(actor)).map((b) => [b.id, `@${b.username}`]));
  const pdf = await renderFeeStatementPdf({
    vendorId: actor.vendorId,
    statement,
    issuedAt: nowOf(deps),
    lines: lines.map((l) => ({ ...l, botName: names.get(l.botId) ?? null })),
  });
  return { number: statement.number, pdf };
}

/** One invoice of the caller's; INVOICE_NOT_FOUND for another's, or one that does not exist. */
export async function mustFindInvoice(deps: PaymentsDeps, actor: Actor, invoiceId: string) {
  const row = await repo.findInvoice(deps.db, actor.vendorId, invoiceId);
  if (!row || (row.botId && !inBotScope(actor.botIds, row.botId))) throw new AppError('INVOICE_NOT_FOUND');
  return row;
}

/** One invoice of the caller's as a PDF; INVOICE_NOT_FOUND for another's. */
export async function invoicePdf(
  deps: PaymentsDeps,
  actor: Actor,
  invoiceId: string,
): Promise<{ number: string; pdf: Buffer }> {
  const row = await mustFindInvoice(deps, actor, invoiceId);
  return { number: row.number, pdf: await renderInvoicePdf(row) };
}

/**
 * A month the caller has a fee statement for (one listed by listInvoices: the current month, or one with fees);
 * INVOICE_NOT_FOUND for any other.
 */
export async function mustFindFeeStatement(deps: PaymentsDeps, actor: Actor, month: string): Promise<void> {
  const statements = await feeStatements(deps, actor);
  if (!statements.some((s) => s.month === month)) throw new AppError('INVOICE_NOT_FOUND');
}
