import {
  AddPaymentMethodBody,
  BillingInvoiceList,
  BillingInvoicesQuery,
  BotStars,
  BotStarsParams,
  PaymentMethodList,
  PaymentMethodParams,
  Payout,
  PayoutOverview,
  PayoutSettingsBody,
  RequestPayoutBody,
  SavedPaymentMethod,
  StarsMismatchSummary,
} from '@app/contracts/billing';
import { EmptyBody, VendorParams } from '@app/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BillingService } from './billing.service';

// The vendor's money side is the `billing` permission's, like plans and the wallet (payments.routes.ts).
const billing = { permission: 'billing' } as const;
// Saving a card asks the card provider: a tighter limit per caller.
const callsProvider = { ...billing, rateLimit: { max: 30, timeWindow: '1 minute' } } as const;

/** The vendor-scoped billing routes (mounted under /vendors/:vendorId). */
export function billingRoutes(billingService: BillingService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['billing'];

    app.get(
      '/billing/invoices',
      {
        config: billing,
        schema: {
          tags,
          params: VendorParams,
          querystring: BillingInvoicesQuery,
          response: { 200: BillingInvoiceList },
        },
      },
      (req) => billingService.listInvoices(req.actor, req.query),
    );

    app.get(
      '/billing/payment-methods',
      { config: billing, schema: { tags, params: VendorParams, response: { 200: PaymentMethodList } } },
      (req) => billingService.listPaymentMethods(req.actor),
    );
    app.post(
      '/billing/payment-methods',
      {
        config: callsProvider,
        schema: {
          tags,
          params: VendorParams,
          body: AddPaymentMethodBody,
          response: { 201: SavedPaymentMethod },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await billingService.addPaymentMethod(req.actor, req.body)),
    );
    app.post(
      '/billing/payment-methods/:methodId/default',
      {
        config: billing,
        schema: { tags, params: PaymentMethodParams, body: EmptyBody, response: { 200: PaymentMethodList } },
      },
      (req) => billingService.setDefaultPaymentMethod(req.actor, req.params.methodId),
    );
    app.delete(
      '/billing/payment-methods/:methodId',
      {
        config: billing,
        schema: { tags, params: PaymentMethodParams, response: { 200: PaymentMethodList } },
      },
      (req) => billingService.removePaymentMethod(req.actor, req.params.methodId),
    );

    // Each shop bot's Stars (stars.service.ts): the screen, a sync now (asks Telegram), Home's line.
    app.get(
      '/bots/:botId/stars',
      { config: billing, schema: { tags, params: BotStarsParams, response: { 200: BotStars } } },
      (req) => billingService.botStars(req.actor, req.params.botId),
    );
    app.post(
      '/bots/:botId/stars/sync',
      {
        config: callsProvider,
        schema: { tags, params: BotStarsParams, body: EmptyBody, response: { 200: BotStars } },
      },
      (req) => billingService.syncBotStars(req.actor, req.params.botId),
    );
    app.get(
      '/billing/stars/mismatches',
      { config: billing, schema: { tags, params: VendorParams, response: { 200: StarsMismatchSummary } } },
      (req) => billingService.starsMismatches(req.actor),
    );

    app.get(
      '/billing/payouts',
      { config: billing, schema: { tags, params: VendorParams, response: { 200: PayoutOverview } } },
      (req) => billingService.payoutOverview(req.actor),
    );
    app.put(
      '/billing/payouts/settings',
      {
        // A sensitive action: a fresh two-step code while two-step is on (or the form's own, `stepUpCode`).
        config: { ...billing, stepUp: { codeField: 'stepUpCode' } },
        schema: { tags, params: VendorParams, body: PayoutSettingsBody, response: { 200: PayoutOverview } },
      },
      (req) => billingService.savePayoutSettings(req.actor, req.body),
    );
    app.post(
      '/billing/payouts',
      {
        config: callsProvider,
        schema: { tags, params: VendorParams, body: RequestPayoutBody, response: { 201: Payout } },
      },
      async (req, reply) => reply.status(201).send(await billingService.requestPayout(req.actor, req.body)),
    );
  };
}
