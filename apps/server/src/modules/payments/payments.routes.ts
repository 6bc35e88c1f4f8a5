import { BotParams } from '@app/contracts/bots';
import { DownloadLink, DownloadLinkQuery, EmptyBody, VendorParams } from '@app/contracts/common';
import {
  CreatePaymentBody,
  FeeStatementParams,
  InvoiceList,
  InvoiceParams,
  Payment,
  PaymentParams,
  PricesResponse,
  SubscriptionCard,
  SubscriptionsResponse,
  TopUpBody,
  WalletBalance,
} from '@app/contracts/payments';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type DownloadLinks, downloadCaller } from '../../lib/download-links';
import type { PaymentsService } from './payments.service';

// Plans, payments, the wallet and invoices are the `billing` permission's. Money moves and payout business are
// never an API key's (plugins/api-key-auth.ts).
const billing = { permission: 'billing', apiKeys: false } as const;
// Creating payments calls Telegram or the crypto provider: a tighter limit per caller.
const creating = { ...billing, rateLimit: { max: 30, timeWindow: '1 minute' } } as const;

/** A PDF download, never cached (it is the vendor's own). */
function sendPdf(reply: FastifyReply, file: { number: string; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.number}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(file.pdf);
}

// What a download link is good for (download-links.ts): one invoice, or one month's fee statement.
const invoicePurpose = (invoiceId: string) => `billing.invoice:${invoiceId}`;
const feeStatementPurpose = (month: string) => `billing.fee-statement:${month}`;

/**
 * The PDFs behind links (POST …/invoices/…/pdf/link): Telegram's downloadFile fetches them without the app's
 * Bearer header, so the link's token names the caller and the one file; the caller is resolved again now.
 */
export function paymentsDownloadRoutes(payments: PaymentsService, links: DownloadLinks) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['payments'];
    const produces = ['application/pdf'];
    app.get(
      '/downloads/invoices/:invoiceId',
      {
        onRequest: links.requireLinkToken,
        schema: {
          tags,
          params: InvoiceParams.omit({ vendorId: true }),
          querystring: DownloadLinkQuery,
          produces,
        },
      },
      async (req, reply) => {
        const { invoiceId } = req.params;
        const actor = await downloadCaller(app, links, req.query.token, invoicePurpose(invoiceId), 'billing');
        return sendPdf(reply, await payments.invoicePdf(actor, invoiceId));
      },
    );
    app.get(
      '/downloads/fee-statements/:month',
      {
        onRequest: links.requireLinkToken,
        schema: {
          tags,
          params: FeeStatementParams.omit({ vendorId: true }),
          querystring: DownloadLinkQuery,
          produces,
        },
      },
      async (req, reply) => {
        const { month } = req.params;
        const actor = await downloadCaller(
          app,
          links,
          req.query.token,
          feeStatementPurpose(month),
          'billing',
        );
        return sendPdf(reply, await payments.feeStatementPdf(actor, month));
      },
    );
  };
}

/** The vendor-scoped billing routes (mounted under /vendors/:vendorId). */
export function paymentsRoutes(payments: PaymentsService, links: DownloadLinks) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['payments'];

    app.get(
      '/subscriptions',
      { config: billing, schema: { tags, params: VendorParams, response: { 200: SubscriptionsResponse } } },
      (req) => payments.listSubscriptions(req.actor),
    );
    app.post(
      '/subscriptions/:botId/cancel',
      {
        config: billing,
        schema: { tags, params: BotParams, body: EmptyBody, response: { 200: SubscriptionCard } },
      },
      (req) => payments.cancelSubscription(req.actor, req.params.botId),
    );

    app.get(
      '/payments/prices',
      { config: billing, schema: { tags, params: VendorParams, response: { 200: PricesResponse } } },
      () => payments.prices(),
    );
    app.post(
      '/payments/stars/create',
      {
        config: creating,
        schema: { tags, params: VendorParams, body: CreatePaymentBody, response: { 201: Payment } },
      },
      async (req, reply) => reply.status(201).send(await payments.createStars(req.actor, req.body)),
    );
    app.post(
      '/payments/ltc/create',
      {
        config: creating,
        schema: { tags, params: VendorParams, body: CreatePaymentBody, response: { 201: Payment } },
      },
      async (req, reply) => reply.status(201).send(await payments.createLtc(req.actor, req.body)),
    );
    app.post(
      '/payments/wallet/pay',
      {
        config: creating,
        schema: { tags, params: VendorParams, body: CreatePaymentBody, response: { 201: Payment } },
      },
      async (req, reply) => reply.status(201).send(await payments.payFromWallet(req.actor, req.body)),
    );
    app.post(
      '/payments/wallet/topup',
      {
        config: creating,
        schema: { tags, params: VendorParams, body: TopUpBody, response: { 201: Payment } },
      },
      async (req, reply) => reply.status(201).send(await payments.createTopUp(req.actor, req.body)),
    );
    app.get(
      '/payments/wallet/balance',
      { config: billing, schema: { tags, params: VendorParams, response: { 200: WalletBalance } } },
      (req) => payments.walletBalance(req.actor),
    );
    app.get(
      '/payments/:paymentId',
      { config: billing, schema: { tags, params: PaymentParams, response: { 200: Payment } } },
      (req) => payments.getPayment(req.actor, req.params.paymentId),
    );

    app.get(
      '/invoices',
      { config: billing, schema: { tags, params: VendorParams, response: { 200: InvoiceList } } },
      (req) => payments.listInvoices(req.actor),
    );
    app.get(
      '/invoices/:invoiceId/pdf',
      { config: billing, schema: { tags, params: InvoiceParams } },
      async (req, reply) => {
        return sendPdf(reply, await payments.invoicePdf(req.actor, req.params.invoiceId));
      },
    );
    app.get(
      '/invoices/fees/:month/pdf',
      { config: billing, schema: { tags, params: FeeStatementParams } },
      async (req, reply) => sendPdf(reply, await payments.feeStatementPdf(req.actor, req.params.month)),
    );
    // Links for Telegram's downloadFile, which fetches without the session (paymentsDownloadRoutes).
    app.post(
      '/invoices/:invoiceId/pdf/link',
      { config: billing, schema: { tags, params: InvoiceParams, response: { 200: DownloadLink } } },
      async (req) => {
        // A link is signed only for an invoice the caller has: another's, or none, is "not found" here too.
        await payments.checkInvoice(req.actor, req.params.invoiceId);
        return links.create(
          req.auth,
          invoicePurpose(req.params.invoiceId),
          `/api/v1/downloads/invoices/${req.params.invoiceId}`,
        );
      },
    );
    app.post(
      '/invoices/fees/:month/pdf/link',
      { config: billing, schema: { tags, params: FeeStatementParams, response: { 200: DownloadLink } } },
      async (req) => {
        await payments.checkFeeStatement(req.actor, req.params.month);
        return links.create(
          req.auth,
          feeStatementPurpose(req.params.month),
          `/api/v1/downloads/fee-statements/${req.params.month}`,
        );
      },
    );
  };
}
