import PDFDocument from 'pdfkit';
import type { InvoiceRow } from './payments.repository';
import { formatUsd } from './usd';

const METHOD_LABEL = { stars: 'Telegram Stars', ltc: 'Litecoin', wallet: 'Wallet balance' } as const;

/**
 * Renders an invoice as a PDF (pdfkit, text, not an image). Uncompressed: it stays small, and the amounts can
 * be read back from the file by tests and by search tools.
 */
export function renderInvoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, compress: false, info: { Title: invoice.number } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
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
