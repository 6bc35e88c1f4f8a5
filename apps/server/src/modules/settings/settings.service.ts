import type {
  AddFilterWordBody,
  ConfigureProviderBody,
  FilterListId,
  PaymentProviderId,
  ShippingMethodBody,
  ShippingRegion,
  StoreDetails,
  UpdateFilterWordBody,
  WelcomeMessage,
} from '@app/contracts/settings';
import type { Actor } from '../../lib/actor';
import * as filters from './filters.service';
import * as payments from './payment-providers.service';
import type { SettingsDeps } from './settings-section';
import * as shipping from './shipping.service';
import * as store from './store.service';
import * as token from './token.service';
import * as welcome from './welcome.service';

// The shop's payment rails read this type; other modules import settings.service only.
export type { RuntimePaymentProvider } from './payment-providers.service';

/**
 * Per-bot settings: what the vendor sets on the settings screens, validated and stored by the section files
 * (store, welcome, filters, token, payment-providers, shipping), and read by the shop runtime through
 * `runtime`. Every save records `settings.updated` with what changed.
 */
export function createSettingsService(deps: SettingsDeps) {
  return {
    getStore: (actor: Actor, botId: string) => store.getStore(deps, actor, botId),
    saveStore: (actor: Actor, botId: string, details: StoreDetails) =>
      store.saveStore(deps, actor, botId, details),

    getWelcome: (actor: Actor, botId: string) => welcome.getWelcome(deps, actor, botId),
    saveWelcome: (actor: Actor, botId: string, message: WelcomeMessage) =>
      welcome.saveWelcome(deps, actor, botId, message),

    getFilters: (actor: Actor, botId: string) => filters.getFilters(deps, actor, botId),
    addWord: (actor: Actor, botId: string, body: Required<AddFilterWordBody>) =>
      filters.addWord(deps, actor, botId, body),
    updateWord: (actor: Actor, botId: string, wordId: string, body: UpdateFilterWordBody) =>
      filters.updateWord(deps, actor, botId, wordId, body),
    removeWord: (actor: Actor, botId: string, wordId: string) =>
      filters.removeWord(deps, actor, botId, wordId),
    setList: (actor: Actor, botId: string, listId: FilterListId, enabled: boolean) =>
      filters.setList(deps, actor, botId, listId, enabled),
    testFilters: (actor: Actor, botId: string, text: string) => filters.testFilters(deps, actor, botId, text),

    getToken: (actor: Actor, botId: string) => token.getToken(deps, actor, botId),
    replaceToken: (actor: Actor, botId: string, newToken: string) =>
      token.replaceToken(deps, actor, botId, newToken),
    testConnection: (actor: Actor, botId: string) => token.testConnection(deps, actor, botId),
    updateWebhook: (actor: Actor, botId: string) => token.updateWebhook(deps, actor, botId),
    clearCache: (actor: Actor, botId: string) => token.clearCache(deps, actor, botId),

    getProviders: (actor: Actor, botId: string) => payments.getProviders(deps, actor, botId),
    configureProvider: (actor: Actor, botId: string, id: PaymentProviderId, body: ConfigureProviderBody) =>
      payments.configureProvider(deps, actor, botId, id, body),
    toggleProvider: (actor: Actor, botId: string, id: PaymentProviderId, enabled: boolean) =>
      payments.toggleProvider(deps, actor, botId, id, enabled),

    getShipping: (actor: Actor, botId: string) => shipping.getShipping(deps, actor, botId),
    addShippingMethod: (actor: Actor, botId: string, body: ShippingMethodBody) =>
      shipping.addShippingMethod(deps, actor, botId, body),
    updateShippingMethod: (
      actor: Actor,
      botId: string,
      methodId: string,
      body: Partial<ShippingMethodBody>,
    ) => shipping.updateShippingMethod(deps, actor, botId, methodId, body),
    removeShippingMethod: (actor: Actor, botId: string, methodId: string) =>
      shipping.removeShippingMethod(deps, actor, botId, methodId),
    saveShippingSettings: (
      actor: Actor,
      botId: string,
      body: { trackingEnabled: boolean; freeShippingThreshold: number },
    ) => shipping.saveShippingSettings(deps, actor, botId, body),
    quote: (actor: Actor, botId: string, region: ShippingRegion, subtotalMinor: number) =>
      shipping.quote(deps, actor, botId, region, subtotalMinor),

    /**
     * What is really set up for the bot (the bot page's Integrations tab): its providers a customer can pay
     * with (ids), its enabled shipping methods (names); app.ts adds its webhooks (the webhooks module's).
     */
    integrationsOf: async (vendorId: string, botId: string, currency: string) => {
      const [providerIds, methodNames] = await Promise.all([
        payments.liveProviderIds(deps, vendorId, botId, currency),
        shipping.enabledMethodNames(deps, vendorId, botId),
      ]);
      return { payments: providerIds, shipping: methodNames, thirdParty: [] };
    },

    /**
     * What the shop runtime reads, by bot id alone (a webhook names no vendor). Each answers what the vendor
     * saved, or null for an unknown or deleted bot.
     */
    runtime: {
      getWelcomeMessage: (botId: string) => welcome.getWelcomeMessage(deps, botId),
      getStoreDetails: (botId: string) => store.getStoreDetails(deps, botId),
      matchFilters: (botId: string, text: string) => filters.matchFilters(deps, botId, text),
      quoteShipping: (botId: string, region: ShippingRegion, subtotalMinor: number) =>
        shipping.quoteShipping(deps, botId, region, subtotalMinor),
      shippingRegionsOf: (botId: string) => shipping.shippingRegionsOf(deps, botId),
      getPaymentProviders: (botId: string) => payments.getPaymentProviders(deps, botId),
      cacheClearedAt: (botId: string) => token.cacheClearedAt(deps, botId),
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
