import type { FeeStatement } from '@app/contracts/payments';
import { formatUsd } from '../../lib/money';
import type { FeeLine, InvoiceRow } from './payments.repository';

const METHOD_LABEL = {
  stars: 'Telegram Stars',
  ltc: 'Litecoin',
  wallet: 'Wallet balance',
  card: 'Card',
} as const;

/**
 * Renders an invoice as a PDF (pdfkit, text, not an image). Uncompressed: it stays small, and the amounts can
 * be read back from the file by tests and by search tools.
 */
export async function renderInvoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  const { doc, done } = await openDocument(invoice.number);
  const amount = formatUsd(invoice.amountMinor);
  doc.fontSize(22).text('Invoice', { continued: false });
  doc.moveDown(0.5).fontSize(11).fillColor('#555');
  doc.text(`Number: ${invoice.number}`);
  doc.text(`Date: ${invoice.issuedAt.toISOString().slice(0, 10)}`);
  doc.text(`Account: ${invoice.vendorId}`);
  doc.moveDown().fillColor('#000').fontSize(12);
  const what =
    invoice.purpose === 'topup'
      ? 'Wallet top-up'
      : `${invoice.plan ?? ''} plan, ${invoice.period ?? ''}${invoice.botName ? ` - bot ${invoice.botName}` : ''}`;
  doc.text(`Item: ${what}`);
  doc.text(`Payment method: ${METHOD_LABEL[invoice.method]}`);
  if (invoice.starsAmount) doc.text(`Paid in Stars: ${invoice.starsAmount}`);
  doc.text(`Status: ${invoice.status === 'paid' ? 'Paid' : 'Refunded'}`);
  doc.moveDown().fontSize(16).text(`Total: ${amount}`);
  doc.end();
  return done;
}

/** An A4 document titled `title`, and the bytes it comes to once ended. */
async function openDocument(title: string) {
  // Loaded on the first PDF: some 30 MiB that an idle server does not hold.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 56, compress: false, info: { Title: title } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

const percent = (bps: number) => `${(bps / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

/**
 * Renders a month's plan fee statement: the month's totals, then a line per bot and fee rate (a bot whose plan
 * changed during the month has one line per rate). English, like the payment invoices.
 */
export async function renderFeeStatementPdf(input: {
  vendorId: string;
  statement: FeeStatement;
  issuedAt: Date;
  lines: (FeeLine & { botName: string | null })[];
}): Promise<Buffer> {
  const { statement: s } = input;
  const { doc, done } = await openDocument(s.number);
  doc.fontSize(22).text('Plan fees statement');
  doc.moveDown(0.5).fontSize(11).fillColor('#555');
  doc.text(`Number: ${s.number}`);
  doc.text(`Month: ${s.month}`);
  doc.text(`Date: ${input.issuedAt.toISOString().slice(0, 10)}`);
  doc.text(`Account: ${input.vendorId}`);
  doc.moveDown().fillColor('#000').fontSize(12);
  if (input.lines.length === 0) doc.text('No shop sales with plan fees this month.');
  for (const l of input.lines) {
    const bot = l.botName ?? 'Deleted bot';
    doc.text(
      `${bot} - ${l.plan} plan, ${percent(l.feeBps)}: ${l.orders} paid orders, ${formatUsd(l.salesUsdMinor)} in sales, fees ${formatUsd(l.feesMinor)}`,
    );
    if (l.refundedOrders > 0) {
      doc.text(`   ${l.refundedOrders} refunded orders: fees returned ${formatUsd(-l.reversedMinor)}`);
    }
  }
  doc.moveDown();
  doc.text(`Paid orders: ${s.orders}`);
  doc.text(`Sales: ${formatUsd(s.salesUsdMinor)}`);
  doc.text(`Fees accrued: ${formatUsd(s.feesMinor)}`);
  doc.text(`Fees returned on refunds: ${formatUsd(-s.reversedMinor)}`);
  doc
    .moveDown()
    .fontSize(16)
    .text(`Plan fees: ${formatUsd(s.totalMinor)}`);
  doc.end();
  return done;
}
