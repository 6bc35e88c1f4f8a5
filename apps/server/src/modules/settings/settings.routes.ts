import { BotParams } from '@app/contracts/bots';
import { EmptyBody } from '@app/contracts/common';
import {
  AddFilterWordBody,
  BotTokenInfo,
  CacheCleared,
  ConfigureProviderBody,
  ConnectionTest,
  ContentFilters,
  FilterListParams,
  FilterTestBody,
  FilterTestResult,
  FilterWord,
  FilterWordParams,
  PaymentProvider,
  PaymentProviders,
  ProviderParams,
  ReplaceTokenBody,
  SetFilterListBody,
  ShippingMethod,
  ShippingMethodBody,
  ShippingMethodParams,
  ShippingOverview,
  ShippingQuote,
  ShippingQuoteQuery,
  ShippingSettingsBody,
  StoreDetails,
  ToggleProviderBody,
  UpdateFilterWordBody,
  UpdateShippingMethodBody,
  WelcomeMessage,
} from '@app/contracts/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SettingsService } from './settings.service';

// Every per-bot settings screen needs `settings`; the vendor scope also checks the bot is the caller's.
const config = { permission: 'settings' } as const;
// Calls that reach Telegram are limited like the bots module's verify.
const telegramCall = { ...config, rateLimit: { max: 30, timeWindow: '1 minute' } } as const;

export function settingsRoutes(settings: SettingsService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['settings'];
    const base = '/bots/:botId';

    // --- Store details
    app.get(
      `${base}/store`,
      { config, schema: { tags, params: BotParams, response: { 200: StoreDetails } } },
      (req) => settings.getStore(req.actor, req.params.botId),
    );
    app.put(
      `${base}/store`,
      { config, schema: { tags, params: BotParams, body: StoreDetails, response: { 200: StoreDetails } } },
      (req) => settings.saveStore(req.actor, req.params.botId, req.body),
    );

    // --- Welcome message
    app.get(
      `${base}/welcome`,
      { config, schema: { tags, params: BotParams, response: { 200: WelcomeMessage } } },
      (req) => settings.getWelcome(req.actor, req.params.botId),
    );
    app.put(
      `${base}/welcome`,
      {
        config,
        schema: { tags, params: BotParams, body: WelcomeMessage, response: { 200: WelcomeMessage } },
      },
      (req) => settings.saveWelcome(req.actor, req.params.botId, req.body),
    );

    // --- Content filters
    app.get(
      `${base}/filters`,
      { config, schema: { tags, params: BotParams, response: { 200: ContentFilters } } },
      (req) => settings.getFilters(req.actor, req.params.botId),
    );
    app.post(
      `${base}/filters/words`,
      { config, schema: { tags, params: BotParams, body: AddFilterWordBody, response: { 201: FilterWord } } },
      async (req, reply) =>
        reply.status(201).send(await settings.addWord(req.actor, req.params.botId, req.body)),
    );
    app.patch(
      `${base}/filters/words/:wordId`,
      {
        config,
        schema: { tags, params: FilterWordParams, body: UpdateFilterWordBody, response: { 200: FilterWord } },
      },
      (req) => settings.updateWord(req.actor, req.params.botId, req.params.wordId, req.body),
    );
    app.delete(
      `${base}/filters/words/:wordId`,
      { config, schema: { tags, params: FilterWordParams, response: { 204: z.null() } } },
      async (req, reply) => {
        await settings.removeWord(req.actor, req.params.botId, req.params.wordId);
        return reply.status(204).send(null);
      },
    );
    app.put(
      `${base}/filters/lists/:listId`,
      {
        config,
        schema: {
          tags,
          params: FilterListParams,
          body: SetFilterListBody,
          response: { 200: ContentFilters },
        },
      },
      (req) => settings.setList(req.actor, req.params.botId, req.params.listId, req.body.enabled),
    );
    app.post(
      `${base}/filters/test`,
      {
        config,
        schema: { tags, params: BotParams, body: FilterTestBody, response: { 200: FilterTestResult } },
      },
      (req) => settings.testFilters(req.actor, req.params.botId, req.body.text),
    );

    // --- Bot token (never answered whole)
    app.get(
      `${base}/token`,
      { config, schema: { tags, params: BotParams, response: { 200: BotTokenInfo } } },
      (req) => settings.getToken(req.actor, req.params.botId),
    );
    app.put(
      `${base}/token`,
      {
        // Sensitive: a fresh two-step code while it is on (modules/security).
        config: { ...telegramCall, stepUp: true },
        schema: { tags, params: BotParams, body: ReplaceTokenBody, response: { 200: BotTokenInfo } },
      },
      (req) => settings.replaceToken(req.actor, req.params.botId, req.body.token),
    );
    app.post(
      `${base}/token/test`,
      {
        config: telegramCall,
        schema: { tags, params: BotParams, body: EmptyBody, response: { 200: ConnectionTest } },
      },
      (req) => settings.testConnection(req.actor, req.params.botId),
    );
    app.post(
      `${base}/token/webhook`,
      {
        config: telegramCall,
        schema: { tags, params: BotParams, body: EmptyBody, response: { 200: BotTokenInfo } },
      },
      (req) => settings.updateWebhook(req.actor, req.params.botId),
    );
    app.post(
      `${base}/token/clear-cache`,
      { config, schema: { tags, params: BotParams, body: EmptyBody, response: { 200: CacheCleared } } },
      (req) => settings.clearCache(req.actor, req.params.botId),
    );

    // --- Payment providers (secrets go in, never out)
    app.get(
      `${base}/payments`,
      { config, schema: { tags, params: BotParams, response: { 200: PaymentProviders } } },
      (req) => settings.getProviders(req.actor, req.params.botId),
    );
    app.put(
      `${base}/payments/:providerId`,
      {
        config: telegramCall,
        schema: {
          tags,
          params: ProviderParams,
          body: ConfigureProviderBody,
          response: { 200: PaymentProvider },
        },
      },
      (req) => settings.configureProvider(req.actor, req.params.botId, req.params.providerId, req.body),
    );
    app.patch(
      `${base}/payments/:providerId`,
      {
        config,
        schema: {
          tags,
          params: ProviderParams,
          body: ToggleProviderBody,
          response: { 200: PaymentProvider },
        },
      },
      (req) => settings.toggleProvider(req.actor, req.params.botId, req.params.providerId, req.body.enabled),
    );

    // --- Shipping
    app.get(
      `${base}/shipping`,
      { config, schema: { tags, params: BotParams, response: { 200: ShippingOverview } } },
      (req) => settings.getShipping(req.actor, req.params.botId),
    );
    app.post(
      `${base}/shipping/methods`,
      {
        config,
        schema: { tags, params: BotParams, body: ShippingMethodBody, response: { 201: ShippingMethod } },
      },
      async (req, reply) =>
        reply.status(201).send(await settings.addShippingMethod(req.actor, req.params.botId, req.body)),
    );
    app.patch(
      `${base}/shipping/methods/:methodId`,
      {
        config,
        schema: {
          tags,
          params: ShippingMethodParams,
          body: UpdateShippingMethodBody,
          response: { 200: ShippingMethod },
        },
      },
      (req) => settings.updateShippingMethod(req.actor, req.params.botId, req.params.methodId, req.body),
    );
    app.delete(
      `${base}/shipping/methods/:methodId`,
      { config, schema: { tags, params: ShippingMethodParams, response: { 204: z.null() } } },
      async (req, reply) => {
        await settings.removeShippingMethod(req.actor, req.params.botId, req.params.methodId);
        return reply.status(204).send(null);
      },
    );
    app.put(
      `${base}/shipping/settings`,
      {
        config,
        schema: { tags, params: BotParams, body: ShippingSettingsBody, response: { 200: ShippingOverview } },
      },
      (req) => settings.saveShippingSettings(req.actor, req.params.botId, req.body),
    );
    app.get(
      `${base}/shipping/quote`,
      {
        config,
        schema: {
          tags,
          params: BotParams,
          querystring: ShippingQuoteQuery,
          response: { 200: ShippingQuote },
        },
      },
      (req) => settings.quote(req.actor, req.params.botId, req.query.region, req.query.subtotal),
    );
  };
}
