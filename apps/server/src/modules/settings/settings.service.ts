import { DEFAULT_WELCOME_MESSAGE } from '@app/contracts/bots';
import {
  type AddFilterWordBody,
  type BotTokenInfo,
  type ConfigureProviderBody,
  type ContentFilters,
  FILTER_LISTS,
  type FilterListId,
  FilterListId as FilterListIdSchema,
  type FilterTestResult,
  type FilterWord,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  type PaymentProviderId,
  PaymentProviderId as PaymentProviderIdSchema,
  type PaymentProviders,
  PROVIDER_CURRENCIES,
  type ProviderCurrency,
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES,
  SHIPPING_REGIONS,
  type ShippingMethod,
  type ShippingMethodBody,
  type ShippingOverview,
  type ShippingQuote,
  type ShippingRegion,
  STORE_DEFAULTS,
  type StoreDetails,
  type UpdateFilterWordBody,
  type WelcomeMessage,
} from '@app/contracts/settings';
import type { Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { Secrets } from '../../lib/secrets';
import type { BotBasics, BotsService } from '../bots/bots.service';
import { type EventActor, recordEvent } from '../events/record-event';
import { findMatches, rulesOf } from './filter-matching';
import * as repo from './settings.repository';

export type SettingsDeps = {
  db: Db;
  bots: BotsService;
  secrets: Pick<Secrets, 'encrypt' | 'decrypt'>;
  /** Told after a "clear cache" commits: the shop runtime drops its built instance of the bot. */
  onCacheCleared?: (botId: string) => void;
  now?: () => Date;
};

type Section = 'store' | 'welcome' | 'filters' | 'token' | 'payments' | 'shipping';

const eventActor = (actor: Actor): EventActor => ({ kind: actor.kind, id: String(actor.telegramId) });

/** A failure of one field, worded as the spec words it, in the shape zod failures take (400 VALIDATION_FAILED). */
function invalid(path: string, message: string): never {
  throw new AppError('VALIDATION_FAILED', message, [{ path: `body.${path}`, message }]);
}

/** The provider secrets the shop runtime needs to take a payment; never leave the server otherwise. */
export type ProviderSecrets = { providerToken?: string; apiKey?: string; ipnSecret?: string };

/** An enabled provider as the runtime uses it, secrets decrypted. */
export type RuntimePaymentProvider = {
  id: PaymentProviderId;
  kind: PaymentProvider['kind'];
  goods: PaymentProvider['goods'];
  currencies: ProviderCurrency[];
  testMode: boolean;
  secrets: ProviderSecrets;
};

const changedKeys = <T extends Record<string, unknown>>(before: T, after: T) =>
  Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));

function toFilterWord(row: repo.FilterWordRow): FilterWord {
  return {
    id: row.id,
    word: row.word,
    action: row.action,
    severity: row.severity,
    createdAt: row.createdAt.toISOString(),
  };
}

function toShippingMethod(row: repo.ShippingMethodRow, currency: string): ShippingMethod {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceMinor: row.priceMinor,
    currency,
    estimatedDays: row.estimatedDays,
    regions: row.regions,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
  };
}

const enabledLists = (row: repo.SettingsRow | undefined): FilterListId[] =>
  (row?.filterLists ?? []).filter((id): id is FilterListId => FilterListIdSchema.safeParse(id).success);

const thresholdOf = (row: repo.SettingsRow | undefined) =>
  row?.freeShippingThresholdMinor ?? SETTINGS_LIMITS.defaultFreeShippingThreshold * 100;

/** The providers' defaults: Stars on (digital goods need them), cash on delivery ready to switch on. */
function providerView(id: PaymentProviderId, row: repo.ProviderRow | undefined, botCurrency: string) {
  const spec = PAYMENT_PROVIDERS[id];
  const fallbackCurrency = (PROVIDER_CURRENCIES as readonly string[]).includes(botCurrency)
    ? (botCurrency as ProviderCurrency)
    : 'USD';
  const needsNothing = spec.kind === 'stars' || spec.kind === 'none';
  const provider: PaymentProvider = {
    id,
    kind: spec.kind,
    goods: spec.goods,
    fees: { ...spec.fees },
    enabled: row?.enabled ?? spec.kind === 'stars',
    configured: row?.configured ?? needsNothing,
    currencies: spec.kind === 'stars' ? [] : (row?.currencies ?? (needsNothing ? [fallbackCurrency] : [])),
    hasSecret: Boolean(row?.secretsCiphertext),
    testMode: row?.testMode ?? false,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
  return provider;
}

/** Shipping zones: each region with the number of enabled methods covering it. */
function zonesOf(methods: readonly repo.ShippingMethodRow[]) {
  return SHIPPING_REGIONS.map((region) => ({
    region,
    methods: methods.filter((m) => m.enabled && m.regions.includes(region)).length,
  }));
}

function quoteOf(
  methods: readonly repo.ShippingMethodRow[],
  settings: repo.SettingsRow | undefined,
  currency: string,
  region: ShippingRegion,
  subtotalMinor: number,
): ShippingQuote {
  const threshold = thresholdOf(settings);
  // A threshold of 0 turns free shipping off rather than making everything free.
  const freeShipping = threshold > 0 && subtotalMinor >= threshold;
  return {
    region,
    currency,
    subtotalMinor,
    freeShipping,
    options: methods
      .filter((m) => m.enabled && m.regions.includes(region))
      .map((m) => ({
        methodId: m.id,
        name: m.name,
        description: m.description,
        estimatedDays: m.estimatedDays,
        priceMinor: freeShipping ? 0 : m.priceMinor,
      })),
  };
}

/**
 * Per-bot settings: what the vendor sets on the settings screens, validated and stored here, and read by the
 * shop runtime through the `runtime` functions. Every save records `settings.updated` with what changed.
 */
export function createSettingsService(deps: SettingsDeps) {
  const { db, bots, secrets } = deps;
  const now = () => deps.now?.() ?? new Date();

  /** Records a save: which section, which fields, and the rest of `extra`. */
  function settingsEvent(
    actor: Actor,
    bot: BotBasics,
    section: Section,
    fields: readonly string[],
    extra: Record<string, string | number | boolean | null> = {},
  ) {
    return {
      vendorId: bot.vendorId,
      botId: bot.id,
      type: 'settings.updated' as const,
      actor: eventActor(actor),
      subject: { kind: 'settings' as const, id: bot.id },
      payload: { botUsername: bot.username, section, fields: fields.join(','), ...extra },
    };
  }

  const basics = (actor: Actor, botId: string) => bots.basics(actor.vendorId, botId);

  // --- Store details ------------------------------------------------------------------------------------

  const storeOf = (row: repo.SettingsRow | undefined): StoreDetails => ({ ...STORE_DEFAULTS, ...row?.store });

  // --- Payment providers --------------------------------------------------------------------------------

  function sealedSecrets(row: repo.ProviderRow | undefined): ProviderSecrets {
    return row?.secretsCiphertext
      ? (JSON.parse(secrets.decrypt(row.secretsCiphertext)) as ProviderSecrets)
      : {};
  }

  async function providerRows(vendorId: string, botId: string) {
    const rows = await repo.listProviders(db, vendorId, botId);
    return new Map(rows.map((r) => [r.provider, r]));
  }

  /** The secrets a configuration keeps: the new ones given, else the stored ones; refuses what is missing. */
  function secretsFor(
    id: PaymentProviderId,
    body: ConfigureProviderBody,
    stored: ProviderSecrets,
  ): ProviderSecrets | null {
    const kind = PAYMENT_PROVIDERS[id].kind;
    if (kind === 'telegram_token') {
      const providerToken = body.providerToken || stored.providerToken;
      if (!providerToken) invalid('providerToken', SETTINGS_MESSAGES.providerTokenRequired);
      return { providerToken };
    }
    if (kind === 'crypto') {
      const apiKey = body.apiKey || stored.apiKey;
      const ipnSecret = body.ipnSecret || stored.ipnSecret;
      if (!apiKey || !ipnSecret)
        invalid(apiKey ? 'ipnSecret' : 'apiKey', SETTINGS_MESSAGES.cryptoKeysRequired);
      return { apiKey, ipnSecret };
    }
    return null;
  }

  // --- Shipping -----------------------------------------------------------------------------------------

  async function shippingOverview(bot: BotBasics): Promise<ShippingOverview> {
    const [methods, settings] = await Promise.all([
      repo.listMethods(db, bot.vendorId, bot.id),
      repo.findSettings(db, bot.vendorId, bot.id),
    ]);
    return {
      currency: bot.currency,
      methods: methods.map((m) => toShippingMethod(m, bot.currency)),
      settings: {
        trackingEnabled: settings?.trackingEnabled ?? true,
        freeShippingThresholdMinor: thresholdOf(settings),
      },
      zones: zonesOf(methods),
    };
  }

  async function filtersOf(bot: BotBasics): Promise<ContentFilters> {
    const [words, row] = await Promise.all([
      repo.listWords(db, bot.vendorId, bot.id),
      repo.findSettings(db, bot.vendorId, bot.id),
    ]);
    const on = enabledLists(row);
    return {
      words: words.map(toFilterWord),
      lists: FilterListIdSchema.options.map((id) => ({ id, ...FILTER_LISTS[id], enabled: on.includes(id) })),
    };
  }

  return {
    // --- Store details ---

    async getStore(actor: Actor, botId: string): Promise<StoreDetails> {
      const bot = await basics(actor, botId);
      return storeOf(await repo.findSettings(db, bot.vendorId, bot.id));
    },

    /** Replaces the store details with `store` (already validated and defaulted by the contract). */
    async saveStore(actor: Actor, botId: string, store: StoreDetails): Promise<StoreDetails> {
      const bot = await basics(actor, botId);
      return db.transaction(async (tx) => {
        const before = storeOf(await repo.findSettings(tx, bot.vendorId, bot.id));
        const row = await repo.upsertSettings(tx, bot.vendorId, bot.id, { store });
        await recordEvent(tx, settingsEvent(actor, bot, 'store', changedKeys(before, store)));
        return storeOf(row);
      });
    },

    // --- Welcome message ---

    async getWelcome(actor: Actor, botId: string): Promise<WelcomeMessage> {
      const bot = await basics(actor, botId);
      const row = await repo.findSettings(db, bot.vendorId, bot.id);
      return { text: bot.welcomeMessage, buttons: row?.welcomeButtons ?? [] };
    },

    /** The text goes to the bot's own column (bots.welcome_message), the buttons here, in one transaction. */
    async saveWelcome(actor: Actor, botId: string, welcome: WelcomeMessage): Promise<WelcomeMessage> {
      const bot = await basics(actor, botId);
      return db.transaction(async (tx) => {
        const row = await repo.findSettings(tx, bot.vendorId, bot.id);
        const before = { text: bot.welcomeMessage, buttons: row?.welcomeButtons ?? [] };
        await bots.setWelcomeText(tx, bot.vendorId, bot.id, welcome.text);
        await repo.upsertSettings(tx, bot.vendorId, bot.id, { welcomeButtons: welcome.buttons });
        await recordEvent(tx, settingsEvent(actor, bot, 'welcome', changedKeys(before, welcome)));
        return welcome;
      });
    },

    // --- Content filters ---

    async getFilters(actor: Actor, botId: string): Promise<ContentFilters> {
      return filtersOf(await basics(actor, botId));
    },

    /** Adds a word (lowercased by the contract); FILTER_WORD_EXISTS when the bot already filters it. */
    async addWord(actor: Actor, botId: string, body: Required<AddFilterWordBody>): Promise<FilterWord> {
      const bot = await basics(actor, botId);
      return db.transaction(async (tx) => {
        if ((await repo.countWords(tx, bot.vendorId, bot.id)) >= SETTINGS_LIMITS.filterWordsMax) {
          invalid('word', `A bot can filter at most ${SETTINGS_LIMITS.filterWordsMax} words.`);
        }
        const row = await repo.insertWord(tx, { vendorId: bot.vendorId, botId: bot.id, ...body });
        if (!row) throw new AppError('FILTER_WORD_EXISTS');
        await recordEvent(tx, settingsEvent(actor, bot, 'filters', ['words'], { added: row.word }));
        return toFilterWord(row);
      });
    },

    async updateWord(
      actor: Actor,
      botId: string,
      wordId: string,
      body: UpdateFilterWordBody,
    ): Promise<FilterWord> {
      const bot = await basics(actor, botId);
      return db.transaction(async (tx) => {
        const row = await repo.updateWord(tx, bot.vendorId, bot.id, wordId, body);
        if (!row) throw new AppError('FILTER_WORD_NOT_FOUND');
        await recordEvent(tx, settingsEvent(actor, bot, 'filters', ['words'], { changed: row.word }));
        return toFilterWord(row);
      });
    },

    async removeWord(actor: Actor, botId: string, wordId: string): Promise<void> {
      const bot = await basics(actor, botId);
      await db.transaction(async (tx) => {
        const row = await repo.deleteWord(tx, bot.vendorId, bot.id, wordId);
        if (!row) throw new AppError('FILTER_WORD_NOT_FOUND');
        await recordEvent(tx, settingsEvent(actor, bot, 'filters', ['words'], { removed: row.word }));
      });
    },

    /** Switches a predefined list on or off for the bot. */
    async setList(
      actor: Actor,
      botId: string,
      listId: FilterListId,
      enabled: boolean,
    ): Promise<ContentFilters> {
      const bot = await basics(actor, botId);
      await db.transaction(async (tx) => {
        const current = enabledLists(await repo.findSettings(tx, bot.vendorId, bot.id));
        const next = enabled ? [...new Set([...current, listId])] : current.filter((id) => id !== listId);
        await repo.upsertSettings(tx, bot.vendorId, bot.id, { filterLists: next });
        await recordEvent(tx, settingsEvent(actor, bot, 'filters', ['lists'], { list: listId, enabled }));
      });
      return filtersOf(bot);
    },

    /** Which rule would fire for `text`, as the runtime decides it. */
    async testFilters(actor: Actor, botId: string, text: string): Promise<FilterTestResult> {
      const bot = await basics(actor, botId);
      const [words, row] = await Promise.all([
        repo.listWords(db, bot.vendorId, bot.id),
        repo.findSettings(db, bot.vendorId, bot.id),
      ]);
      const matches = findMatches(rulesOf(words, enabledLists(row)), text);
      return { rule: matches[0] ?? null, matches };
    },

    // --- Bot token ---

    async getToken(actor: Actor, botId: string): Promise<BotTokenInfo> {
      const bot = await basics(actor, botId);
      return tokenInfo(bot, await repo.findSettings(db, bot.vendorId, bot.id));
    },

    async replaceToken(actor: Actor, botId: string, token: string): Promise<BotTokenInfo> {
      const bot = await bots.replaceTokenFromSettings(actor, botId, token);
      return tokenInfo(bot, await repo.findSettings(db, bot.vendorId, bot.id));
    },

    testConnection: (actor: Actor, botId: string) => bots.testConnection(actor.vendorId, botId),

    async updateWebhook(actor: Actor, botId: string): Promise<BotTokenInfo> {
      const bot = await bots.refreshWebhook(actor, botId);
      return tokenInfo(bot, await repo.findSettings(db, bot.vendorId, bot.id));
    },

    /**
     * "Clear cache": from now on the runtime drops what it cached of this bot (getMe, conversation states)
     * before this time (see runtime.cacheClearedAt).
     */
    async clearCache(actor: Actor, botId: string): Promise<{ cacheClearedAt: string }> {
      const bot = await basics(actor, botId);
      const at = now();
      await db.transaction(async (tx) => {
        await repo.upsertSettings(tx, bot.vendorId, bot.id, { cacheClearedAt: at });
        await recordEvent(tx, settingsEvent(actor, bot, 'token', [], { action: 'cache_cleared' }));
      });
      deps.onCacheCleared?.(bot.id);
      return { cacheClearedAt: at.toISOString() };
    },

    // --- Payment providers ---

    async getProviders(actor: Actor, botId: string): Promise<PaymentProviders> {
      const bot = await basics(actor, botId);
      const rows = await providerRows(bot.vendorId, bot.id);
      return {
        providers: PaymentProviderIdSchema.options.map((id) => providerView(id, rows.get(id), bot.currency)),
      };
    },

    /**
     * Saves a provider's configuration, which also enables it (spec part 2 §4). A new Telegram Payments
     * provider token is tried with Telegram first; secrets are stored sealed and never answered.
     */
    async configureProvider(
      actor: Actor,
      botId: string,
      id: PaymentProviderId,
      body: ConfigureProviderBody,
    ): Promise<PaymentProvider> {
      const bot = await basics(actor, botId);
      const row = (await providerRows(bot.vendorId, bot.id)).get(id);
      const current = providerView(id, row, bot.currency);
      const kept = secretsFor(id, body, sealedSecrets(row));
      const currencies =
        PAYMENT_PROVIDERS[id].kind === 'stars' ? [] : (body.currencies ?? current.currencies);
      if (PAYMENT_PROVIDERS[id].kind !== 'stars' && currencies.length === 0) {
        invalid('currencies', SETTINGS_MESSAGES.providerCurrenciesRequired);
      }
      if (body.providerToken && kept?.providerToken) {
        await bots.checkProviderToken(bot.vendorId, bot.id, kept.providerToken, currencies[0] ?? 'USD');
      }
      const fields = Object.keys(body).map((k) =>
        k === 'providerToken' || k === 'apiKey' || k === 'ipnSecret' ? 'secret' : k,
      );
      return db.transaction(async (tx) => {
        const saved = await repo.upsertProvider(tx, {
          vendorId: bot.vendorId,
          botId: bot.id,
          provider: id,
          enabled: true,
          configured: true,
          currencies,
          testMode: body.testMode ?? current.testMode,
          secretsCiphertext: kept ? secrets.encrypt(JSON.stringify(kept)) : null,
        });
        await recordEvent(
          tx,
          settingsEvent(actor, bot, 'payments', [...new Set(fields)], { provider: id, enabled: true }),
        );
        return providerView(id, saved, bot.currency);
      });
    },

    /** Flips a configured provider; an unconfigured one must be configured first; Stars stay on. */
    async toggleProvider(
      actor: Actor,
      botId: string,
      id: PaymentProviderId,
      enabled: boolean,
    ): Promise<PaymentProvider> {
      const bot = await basics(actor, botId);
      const row = (await providerRows(bot.vendorId, bot.id)).get(id);
      const current = providerView(id, row, bot.currency);
      if (id === 'stars' && !enabled) throw new AppError('PAYMENT_PROVIDER_LOCKED');
      if (enabled && !current.configured) throw new AppError('PAYMENT_PROVIDER_NOT_CONFIGURED');
      return db.transaction(async (tx) => {
        const saved = await repo.upsertProvider(tx, {
          vendorId: bot.vendorId,
          botId: bot.id,
          provider: id,
          enabled,
          configured: current.configured,
          currencies: current.currencies,
          testMode: current.testMode,
          secretsCiphertext: row?.secretsCiphertext ?? null,
        });
        await recordEvent(tx, settingsEvent(actor, bot, 'payments', ['enabled'], { provider: id, enabled }));
        return providerView(id, saved, bot.currency);
      });
    },

    // --- Shipping ---

    async getShipping(actor: Actor, botId: string): Promise<ShippingOverview> {
      return shippingOverview(await basics(actor, botId));
    },

    async addShippingMethod(actor: Actor, botId: string, body: ShippingMethodBody): Promise<ShippingMethod> {
      const bot = await basics(actor, botId);
      return db.transaction(async (tx) => {
        const existing = await repo.listMethods(tx, bot.vendorId, bot.id);
        if (existing.length >= SETTINGS_LIMITS.shippingMethodsMax) {
          invalid('name', `A bot can have at most ${SETTINGS_LIMITS.shippingMethodsMax} shipping methods.`);
        }
        const { price, ...rest } = body;
        const row = await repo.insertMethod(tx, {
          vendorId: bot.vendorId,
          botId: bot.id,
          ...rest,
          regions: [...new Set(rest.regions)],
          priceMinor: price,
        });
        await recordEvent(tx, settingsEvent(actor, bot, 'shipping', ['methods'], { added: row.name }));
        return toShippingMethod(row, bot.currency);
      });
    },

    async updateShippingMethod(
      actor: Actor,
      botId: string,
      methodId: string,
      body: Partial<ShippingMethodBody>,
    ): Promise<ShippingMethod> {
      const bot = await basics(actor, botId);
      const { price, regions, ...rest } = body;
      const changes: repo.ShippingMethodChanges = { ...rest };
      if (price !== undefined) changes.priceMinor = price;
      if (regions !== undefined) changes.regions = [...new Set(regions)];
      return db.transaction(async (tx) => {
        const row = await repo.updateMethod(tx, bot.vendorId, bot.id, methodId, changes);
        if (!row) throw new AppError('SHIPPING_METHOD_NOT_FOUND');
        await recordEvent(tx, settingsEvent(actor, bot, 'shipping', Object.keys(body), { method: row.name }));
        return toShippingMethod(row, bot.currency);
      });
    },

    async removeShippingMethod(actor: Actor, botId: string, methodId: string): Promise<void> {
      const bot = await basics(actor, botId);
      await db.transaction(async (tx) => {
        const row = await repo.deleteMethod(tx, bot.vendorId, bot.id, methodId);
        if (!row) throw new AppError('SHIPPING_METHOD_NOT_FOUND');
        await recordEvent(tx, settingsEvent(actor, bot, 'shipping', ['methods'], { removed: row.name }));
      });
    },

    async saveShippingSettings(
      actor: Actor,
      botId: string,
      body: { trackingEnabled: boolean; freeShippingThreshold: number },
    ): Promise<ShippingOverview> {
      const bot = await basics(actor, botId);
      await db.transaction(async (tx) => {
        const before = await repo.findSettings(tx, bot.vendorId, bot.id);
        const fields = [
          ...((before?.trackingEnabled ?? true) !== body.trackingEnabled ? ['trackingEnabled'] : []),
          ...(thresholdOf(before) !== body.freeShippingThreshold ? ['freeShippingThreshold'] : []),
        ];
        await repo.upsertSettings(tx, bot.vendorId, bot.id, {
          trackingEnabled: body.trackingEnabled,
          freeShippingThresholdMinor: body.freeShippingThreshold,
        });
        await recordEvent(tx, settingsEvent(actor, bot, 'shipping', fields));
      });
      return shippingOverview(bot);
    },

    async quote(actor: Actor, botId: string, region: ShippingRegion, subtotalMinor: number) {
      const bot = await basics(actor, botId);
      const [methods, settings] = await Promise.all([
        repo.listMethods(db, bot.vendorId, bot.id),
        repo.findSettings(db, bot.vendorId, bot.id),
      ]);
      return quoteOf(methods, settings, bot.currency, region, subtotalMinor);
    },

    /**
     * What the shop runtime reads, by bot id alone (a webhook names no vendor). Each answers what the vendor
     * saved, or null for an unknown or deleted bot.
     */
    runtime: {
      /**
       * The text and quick-reply buttons the bot sends on /start. Telegram refuses an empty message, so a text
       * left blank is sent as the default welcome.
       */
      async getWelcomeMessage(botId: string): Promise<WelcomeMessage | null> {
        const bot = await bots.basicsById(botId);
        if (!bot) return null;
        const row = await repo.findSettingsByBot(db, botId);
        const text = bot.welcomeMessage.trim() === '' ? DEFAULT_WELCOME_MESSAGE : bot.welcomeMessage;
        return { text, buttons: row?.welcomeButtons ?? [] };
      },

      async getStoreDetails(botId: string): Promise<StoreDetails | null> {
        const bot = await bots.basicsById(botId);
        if (!bot) return null;
        return storeOf(await repo.findSettingsByBot(db, botId));
      },

      /** The rule that fires for a customer's message (strictest first), or null. */
      async matchFilters(botId: string, text: string): Promise<FilterTestResult> {
        const [words, row] = await Promise.all([
          repo.listWordsByBot(db, botId),
          repo.findSettingsByBot(db, botId),
        ]);
        const matches = findMatches(rulesOf(words, enabledLists(row)), text);
        return { rule: matches[0] ?? null, matches };
      },

      /** The options to answer Telegram's shipping_query with. */
      async quoteShipping(botId: string, region: ShippingRegion, subtotalMinor: number) {
        const bot = await bots.basicsById(botId);
        if (!bot) return null;
        const [methods, settings] = await Promise.all([
          repo.listMethodsByBot(db, botId),
          repo.findSettingsByBot(db, botId),
        ]);
        return quoteOf(methods, settings, bot.currency, region, subtotalMinor);
      },

      /** The enabled providers with their secrets decrypted: for taking a payment, never for a response. */
      async getPaymentProviders(botId: string): Promise<RuntimePaymentProvider[] | null> {
        const bot = await bots.basicsById(botId);
        if (!bot) return null;
        const rows = new Map((await repo.listProvidersByBot(db, botId)).map((r) => [r.provider, r]));
        return PaymentProviderIdSchema.options
          .map((id) => ({ id, row: rows.get(id), view: providerView(id, rows.get(id), bot.currency) }))
          .filter(({ view }) => view.enabled && view.configured)
          .map(({ id, row, view }) => ({
            id,
            kind: view.kind,
            goods: view.goods,
            currencies: view.currencies,
            testMode: view.testMode,
            secrets: sealedSecrets(row),
          }));
      },

      /** Cached bot info and conversation states older than this are to be dropped. */
      async cacheClearedAt(botId: string): Promise<Date | null> {
        return (await repo.findSettingsByBot(db, botId))?.cacheClearedAt ?? null;
      },
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;

function tokenInfo(bot: BotBasics, row: repo.SettingsRow | undefined): BotTokenInfo {
  return {
    maskedToken: bot.maskedToken,
    username: bot.username,
    name: bot.name,
    telegramBotId: bot.telegramBotId,
    isActive: bot.isActive,
    webhookUrl: bot.webhookUrl,
    cacheClearedAt: row?.cacheClearedAt?.toISOString() ?? null,
  };
}
