import { z } from 'zod';
import { BOT_LIMITS, BotParams } from './bots';
import { ProductType } from './catalogue';
import { text } from './common';

/**
 * Per-bot settings (spec part 2 §2.3, §3.8, §4, §5.6, §9): store details, welcome message, content filters,
 * bot token, payment providers, shipping. Saved on the server and read by the shop runtime, so what the vendor
 * sets is what the customer meets.
 */

/** Numbers the spec fixes (part 2 §9) and the field limits of the forms. */
export const SETTINGS_LIMITS = {
  welcomeMessageMax: BOT_LIMITS.welcomeMessageMax,
  /** The welcome preview shows this many buttons, as Telegram lays them out. */
  welcomePreviewButtons: 3,
  quickRepliesMax: 10,
  buttonTextMax: 64,
  storeNameMax: 64,
  storeDescriptionMax: 500,
  storeTaglineMax: 120,
  addressMax: 300,
  workingHoursMax: 200,
  urlMax: 2048,
  filterWordMax: 64,
  filterWordsMax: 500,
  filterTestMax: 4096,
  shippingNameMax: 64,
  shippingDescriptionMax: 300,
  estimatedDaysMax: 32,
  shippingMethodsMax: 30,
  /** Decimal amounts (price, threshold) up to this, in major units. */
  amountMax: 1_000_000,
  defaultFreeShippingThreshold: 50,
} as const;

/** The texts the spec gives (part 2 §5.6), and ours where it gives none. */
export const SETTINGS_MESSAGES = {
  filterWordRequired: 'Please enter a word to filter.',
  filterWordExists: 'This word is already in the filter list.',
  quickReplyIncomplete: 'A quick-reply button needs both text and action.',
  welcomeTooLong: `Welcome message max ${BOT_LIMITS.welcomeMessageMax} characters.`,
  tokenInvalidTitle: 'Invalid Token',
  tokenInvalid: 'Please enter a valid bot token.',
  missingInformationTitle: 'Missing Information',
  shippingMissing: 'Please fill in all required fields.',
  priceInvalid: 'Please enter a valid price.',
  emailInvalid: 'Please enter a valid email address.',
  urlInvalid: 'Please enter a valid URL (https://…).',
  colorInvalid: 'Please enter a colour as #RRGGBB.',
  phoneInvalid: 'Please enter a valid phone number.',
  regionsRequired: 'Please select at least one region.',
  targetRequired: 'This action needs a target.',
  providerNotConfigured: 'Configure this provider before enabling it.',
  providerTokenRequired: 'Please enter the provider token from @BotFather.',
  providerTokenRefused: 'Telegram refused this provider token. Check it in @BotFather.',
  providerCurrenciesRequired: 'Please select at least one currency.',
  cryptoKeysRequired: 'Please enter the API key and the IPN secret.',
  starsAlwaysOn: 'Telegram Stars stay enabled: Telegram requires Stars for digital goods.',
  botNotRunning: 'Start the bot first: a stopped bot has no webhook.',
} as const;

export const SettingsBotParams = BotParams;

// --- Store details ----------------------------------------------------------------------------------------

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
/** Digits with an optional leading +, spaces, dashes, dots and brackets: 6 to 15 digits in all. */
const PHONE = /^\+?[0-9 ().-]{6,24}$/;
// The contracts compile without DOM or Node types; every runtime they run in has the WHATWG URL.
const WhatwgUrl = (
  globalThis as unknown as { URL: new (s: string) => { protocol: string; hostname: string } }
).URL;
const isHttpUrl = (s: string) => {
  try {
    const u = new WhatwgUrl(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.includes('.');
  } catch {
    return false;
  }
};
const digitCount = (s: string) => s.replace(/\D/g, '').length;

/** An optional text field: empty means none. */
const optionalText = (max: number) => text().trim().max(max).default('');
const optionalEmail = text()
  .trim()
  .max(254)
  .refine((s) => s === '' || z.email().safeParse(s).success, SETTINGS_MESSAGES.emailInvalid)
  .default('');
const optionalUrl = text()
  .trim()
  .max(SETTINGS_LIMITS.urlMax)
  .refine((s) => s === '' || isHttpUrl(s), SETTINGS_MESSAGES.urlInvalid)
  .default('');
/** An uploaded image: a media upload id or an image URL (the media module's uploads, or a link). */
const imageRef = text()
  .trim()
  .max(SETTINGS_LIMITS.urlMax)
  .refine((s) => s === '' || isHttpUrl(s) || /^[A-Za-z0-9_-]{8,64}$/.test(s), SETTINGS_MESSAGES.urlInvalid)
  .default('');
const color = (fallback: string) =>
  text().trim().regex(HEX_COLOR, SETTINGS_MESSAGES.colorInvalid).default(fallback);

export const StoreDetails = z
  .object({
    storeName: optionalText(SETTINGS_LIMITS.storeNameMax),
    storeDescription: optionalText(SETTINGS_LIMITS.storeDescriptionMax),
    storeTagline: optionalText(SETTINGS_LIMITS.storeTaglineMax),
    logo: imageRef,
    banner: imageRef,
    primaryColor: color('#2481CC'),
    secondaryColor: color('#FFFFFF'),
    businessEmail: optionalEmail,
    supportEmail: optionalEmail,
    phoneNumber: text()
      .trim()
      .refine(
        (s) => s === '' || (PHONE.test(s) && digitCount(s) >= 6 && digitCount(s) <= 15),
        SETTINGS_MESSAGES.phoneInvalid,
      )
      .default(''),
    website: optionalUrl,
    address: optionalText(SETTINGS_LIMITS.addressMax),
    workingHours: optionalText(SETTINGS_LIMITS.workingHoursMax),
  })
  .strict();
/** The form's values: every field may be left out (defaults apply). */
export type StoreDetailsInput = z.input<typeof StoreDetails>;
export type StoreDetails = z.output<typeof StoreDetails>;
export const STORE_DEFAULTS: StoreDetails = StoreDetails.parse({});

// --- Welcome message --------------------------------------------------------------------------------------

export const QuickReplyAction = z.enum([
  'open_catalog',
  'open_category',
  'open_product',
  'contact_support',
  'open_url',
  'open_mini_app',
]);
export type QuickReplyAction = z.infer<typeof QuickReplyAction>;
/** The actions that need a target: a category id, a product id, or a URL. */
export const ACTIONS_WITH_TARGET: readonly QuickReplyAction[] = ['open_category', 'open_product', 'open_url'];

export const QuickReplyButton = z
  .object({
    id: text().trim().min(1).max(64),
    text: text({ error: SETTINGS_MESSAGES.quickReplyIncomplete })
      .trim()
      .min(1, SETTINGS_MESSAGES.quickReplyIncomplete)
      .max(SETTINGS_LIMITS.buttonTextMax),
    action: QuickReplyAction,
    /** A category or product id, or a URL, for the actions that need one; empty otherwise. */
    target: text().trim().max(SETTINGS_LIMITS.urlMax).default(''),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (!ACTIONS_WITH_TARGET.includes(b.action)) return;
    if (b.target === '') {
      ctx.addIssue({ code: 'custom', path: ['target'], message: SETTINGS_MESSAGES.targetRequired });
    } else if (b.action === 'open_url' && !isHttpUrl(b.target)) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: SETTINGS_MESSAGES.urlInvalid });
    }
  });
export type QuickReplyButton = z.output<typeof QuickReplyButton>;

export const WelcomeMessage = z
  .object({
    text: text().trim().max(SETTINGS_LIMITS.welcomeMessageMax, SETTINGS_MESSAGES.welcomeTooLong),
    buttons: z.array(QuickReplyButton).max(SETTINGS_LIMITS.quickRepliesMax).default([]),
  })
  .strict();
export type WelcomeMessageInput = z.input<typeof WelcomeMessage>;
export type WelcomeMessage = z.output<typeof WelcomeMessage>;

/**
 * What a welcome message may say of the customer it greets, written `{first_name}` (the demo shops' welcomes
 * do): the fields of their Telegram profile, by Telegram's names. The shop bot fills them as it sends it.
 */
export const WELCOME_PLACEHOLDERS = ['first_name', 'last_name', 'username'] as const;
export type WelcomePlaceholder = (typeof WELCOME_PLACEHOLDERS)[number];

/**
 * The welcome text for one customer: each known placeholder replaced by its value (empty when they have none,
 * e.g. no last name); anything else in braces (`{name}`, `{ first_name }`) stays as the vendor wrote it.
 */
export function fillWelcome(text: string, values: Partial<Record<WelcomePlaceholder, string>>): string {
  return text.replace(/\{([a-z_]+)\}/g, (written, name: string) =>
    (WELCOME_PLACEHOLDERS as readonly string[]).includes(name)
      ? (values[name as WelcomePlaceholder] ?? '')
      : written,
  );
}

// --- Content filters --------------------------------------------------------------------------------------

export const FilterAction = z.enum(['block', 'warn', 'review']);
export type FilterAction = z.infer<typeof FilterAction>;
export const FilterSeverity = z.enum(['high', 'medium', 'low']);
export type FilterSeverity = z.infer<typeof FilterSeverity>;

/** The predefined lists and their sizes (spec part 2 §9), with the rule each applies when it fires. */
export const FILTER_LISTS = {
  profanity: { size: 150, action: 'warn', severity: 'medium' },
  spam: { size: 75, action: 'review', severity: 'low' },
  hate_speech: { size: 200, action: 'block', severity: 'high' },
  adult_content: { size: 100, action: 'block', severity: 'medium' },
} as const satisfies Record<string, { size: number; action: FilterAction; severity: FilterSeverity }>;
export const FilterListId = z.enum(['profanity', 'spam', 'hate_speech', 'adult_content']);
export type FilterListId = z.infer<typeof FilterListId>;

export const FilterWord = z.object({
  id: z.string(),
  word: z.string(),
  action: FilterAction,
  severity: FilterSeverity,
  createdAt: z.string(),
});
export type FilterWord = z.infer<typeof FilterWord>;

export const FilterList = z.object({
  id: FilterListId,
  size: z.number().int(),
  enabled: z.boolean(),
  action: FilterAction,
  severity: FilterSeverity,
});
export type FilterList = z.infer<typeof FilterList>;

export const ContentFilters = z.object({ words: z.array(FilterWord), lists: z.array(FilterList) });
export type ContentFilters = z.infer<typeof ContentFilters>;

export const AddFilterWordBody = z
  .object({
    word: text({ error: SETTINGS_MESSAGES.filterWordRequired })
      .trim()
      .min(1, SETTINGS_MESSAGES.filterWordRequired)
      .max(SETTINGS_LIMITS.filterWordMax)
      .toLowerCase(),
    action: FilterAction.default('block'),
    severity: FilterSeverity.default('medium'),
  })
  .strict();
export type AddFilterWordBody = z.input<typeof AddFilterWordBody>;

export const UpdateFilterWordBody = z
  .object({ action: FilterAction.optional(), severity: FilterSeverity.optional() })
  .strict();
export type UpdateFilterWordBody = z.infer<typeof UpdateFilterWordBody>;

export const FilterWordParams = BotParams.extend({ wordId: z.uuid() });
export const FilterListParams = BotParams.extend({ listId: FilterListId });
export const SetFilterListBody = z.object({ enabled: z.boolean() }).strict();

export const FilterTestBody = z.object({ text: text().max(SETTINGS_LIMITS.filterTestMax) }).strict();
/** One rule that matched: a vendor's word, or an entry of a predefined list. */
export const FilterMatch = z.object({
  source: z.enum(['word', 'list']),
  listId: FilterListId.nullable(),
  word: z.string(),
  action: FilterAction,
  severity: FilterSeverity,
});
export type FilterMatch = z.infer<typeof FilterMatch>;
/** `rule` is the one that fires (the strictest action, then the highest severity); null when none matches. */
export const FilterTestResult = z.object({ rule: FilterMatch.nullable(), matches: z.array(FilterMatch) });
export type FilterTestResult = z.infer<typeof FilterTestResult>;

// --- Bot token --------------------------------------------------------------------------------------------

export const BotTokenInfo = z.object({
  maskedToken: z.string(),
  username: z.string(),
  name: z.string(),
  telegramBotId: z.number().int(),
  isActive: z.boolean(),
  webhookUrl: z.string().nullable(),
  cacheClearedAt: z.string().nullable(),
});
export type BotTokenInfo = z.infer<typeof BotTokenInfo>;

export const ReplaceTokenBody = z
  .object({
    token: text({ error: SETTINGS_MESSAGES.tokenInvalid })
      .trim()
      .min(1, SETTINGS_MESSAGES.tokenInvalid)
      .regex(/^\d{8,10}:[A-Za-z0-9_-]{35}$/, SETTINGS_MESSAGES.tokenInvalid),
  })
  .strict();
export type ReplaceTokenBody = z.infer<typeof ReplaceTokenBody>;

export const ConnectionTest = z.object({
  connected: z.boolean(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  /** Telegram's description when it refused, or why it could not be reached. */
  error: z.string().nullable(),
});
export type ConnectionTest = z.infer<typeof ConnectionTest>;

export const CacheCleared = z.object({ cacheClearedAt: z.string() });

// --- Payment providers ------------------------------------------------------------------------------------

export const PaymentProviderId = z.enum([
  'stars',
  'card',
  'wallet',
  'regional',
  'crypto',
  'cash_on_delivery',
]);
export type PaymentProviderId = z.infer<typeof PaymentProviderId>;
export const ProviderCurrency = z.enum(['USD', 'EUR', 'GBP', 'RUB']);
export type ProviderCurrency = z.infer<typeof ProviderCurrency>;
export const PROVIDER_CURRENCIES = ProviderCurrency.options;

/** How a provider is set up: Telegram Payments by provider token, crypto by API keys, or nothing to set. */
export const ProviderKind = z.enum(['stars', 'telegram_token', 'crypto', 'none']);
export type ProviderKind = z.infer<typeof ProviderKind>;

/** A fee as numbers: percent of the amount plus a fixed part (minor units of USD); the regional one differs abroad. */
export const ProviderFees = z.object({
  percent: z.number(),
  fixedMinor: z.number().int(),
  internationalPercent: z.number().nullable(),
  networkFees: z.boolean(),
});
export type ProviderFees = z.infer<typeof ProviderFees>;

/** The providers (spec part 2 §9 fees): what each is, what it needs, which goods it serves. */
export const PAYMENT_PROVIDERS = {
  stars: {
    kind: 'stars',
    goods: 'digital',
    fees: { percent: 3.5, fixedMinor: 30, internationalPercent: null, networkFees: false },
  },
  card: {
    kind: 'telegram_token',
    goods: 'all',
    fees: { percent: 2.9, fixedMinor: 30, internationalPercent: null, networkFees: false },
  },
  wallet: {
    kind: 'telegram_token',
    goods: 'all',
    fees: { percent: 3.49, fixedMinor: 49, internationalPercent: null, networkFees: false },
  },
  regional: {
    kind: 'telegram_token',
    goods: 'all',
    fees: { percent: 1.4, fixedMinor: 0, internationalPercent: 3.8, networkFees: false },
  },
  crypto: {
    kind: 'crypto',
    goods: 'all',
    fees: { percent: 1, fixedMinor: 0, internationalPercent: null, networkFees: true },
  },
  cash_on_delivery: {
    kind: 'none',
    goods: 'physical',
    fees: { percent: 0, fixedMinor: 0, internationalPercent: null, networkFees: false },
  },
} as const satisfies Record<
  PaymentProviderId,
  { kind: ProviderKind; goods: 'all' | 'digital' | 'physical'; fees: ProviderFees }
>;

/** A provider as the vendor sees it. Its secrets are never in here: only whether they are set. */
export const PaymentProvider = z.object({
  id: PaymentProviderId,
  kind: ProviderKind,
  enabled: z.boolean(),
  configured: z.boolean(),
  goods: z.enum(['all', 'digital', 'physical']),
  fees: ProviderFees,
  currencies: z.array(ProviderCurrency),
  /** Whether a secret (provider token or API keys) is stored; never the secret itself. */
  hasSecret: z.boolean(),
  testMode: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type PaymentProvider = z.infer<typeof PaymentProvider>;
export const PaymentProviders = z.object({
  providers: z.array(PaymentProvider),
  /**
   * The product types the bot sells now (active products) that no enabled rail can take in the bot's currency:
   * a customer's checkout of them ends on "this shop cannot take payment". Empty when every type is covered.
   */
  unpayable: z.array(ProductType),
});
export type PaymentProviders = z.infer<typeof PaymentProviders>;

export const ProviderParams = BotParams.extend({ providerId: PaymentProviderId });

/**
 * Configures a provider (spec part 2 §4: saving the configuration sets configured and enabled). A provider
 * token comes from @BotFather (Payments); crypto takes the processor's API key and IPN secret. A secret left
 * out keeps the stored one.
 */
export const ConfigureProviderBody = z
  .object({
    providerToken: text().trim().max(256).optional(),
    apiKey: text().trim().max(256).optional(),
    ipnSecret: text().trim().max(256).optional(),
    currencies: z.array(ProviderCurrency).min(1, SETTINGS_MESSAGES.providerCurrenciesRequired).optional(),
    testMode: z.boolean().optional(),
  })
  .strict();
export type ConfigureProviderBody = z.infer<typeof ConfigureProviderBody>;

export const ToggleProviderBody = z.object({ enabled: z.boolean() }).strict();

// --- Shipping ---------------------------------------------------------------------------------------------

export const ShippingRegion = z.enum(['US', 'CA', 'MX', 'EU', 'UK', 'AU', 'ASIA', 'LOCAL']);
export type ShippingRegion = z.infer<typeof ShippingRegion>;
export const SHIPPING_REGIONS = ShippingRegion.options;

/** A decimal amount in major units (`"4.99"` or `4.99`) as integer minor units; refuses more than 2 decimals. */
export function decimalToMinor(value: string | number): number | null {
  const s = typeof value === 'number' ? String(value) : value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [whole = '0', frac = ''] = s.split('.');
  const minor = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return minor <= SETTINGS_LIMITS.amountMax * 100 ? minor : null;
}

/** A decimal amount field: required (`Please fill in all required fields.` when missing), parsed to minor units. */
const decimalAmount = (missing: string) =>
  z
    .union([text(), z.number()], { error: missing })
    .refine((v) => String(v).trim() !== '', missing)
    .transform((v, ctx) => {
      const minor = decimalToMinor(v);
      if (minor === null) {
        ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.priceInvalid });
        return z.NEVER;
      }
      return minor;
    });

export const ShippingMethod = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Minor units of the bot's currency. */
  priceMinor: z.number().int(),
  currency: z.string(),
  estimatedDays: z.string(),
  regions: z.array(ShippingRegion),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type ShippingMethod = z.infer<typeof ShippingMethod>;

export const ShippingMethodBody = z
  .object({
    name: text({ error: SETTINGS_MESSAGES.shippingMissing })
      .trim()
      .min(1, SETTINGS_MESSAGES.shippingMissing)
      .max(SETTINGS_LIMITS.shippingNameMax),
    description: text().trim().max(SETTINGS_LIMITS.shippingDescriptionMax).default(''),
    /** A decimal in the bot's currency (`"4.99"`); stored in minor units. */
    price: decimalAmount(SETTINGS_MESSAGES.shippingMissing),
    estimatedDays: text().trim().max(SETTINGS_LIMITS.estimatedDaysMax).default(''),
    regions: z.array(ShippingRegion).min(1, SETTINGS_MESSAGES.regionsRequired),
    enabled: z.boolean().default(true),
  })
  .strict();
export type ShippingMethodInput = z.input<typeof ShippingMethodBody>;
export type ShippingMethodBody = z.output<typeof ShippingMethodBody>;

export const UpdateShippingMethodBody = z
  .object({
    name: ShippingMethodBody.shape.name.optional(),
    description: text().trim().max(SETTINGS_LIMITS.shippingDescriptionMax).optional(),
    price: decimalAmount(SETTINGS_MESSAGES.shippingMissing).optional(),
    estimatedDays: text().trim().max(SETTINGS_LIMITS.estimatedDaysMax).optional(),
    regions: z.array(ShippingRegion).min(1, SETTINGS_MESSAGES.regionsRequired).optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type UpdateShippingMethodInput = z.input<typeof UpdateShippingMethodBody>;

export const ShippingMethodParams = BotParams.extend({ methodId: z.uuid() });

export const ShippingSettings = z.object({
  trackingEnabled: z.boolean(),
  /** Orders of at least this subtotal ship free (minor units of the bot's currency). */
  freeShippingThresholdMinor: z.number().int(),
});
export type ShippingSettings = z.infer<typeof ShippingSettings>;

export const ShippingSettingsBody = z
  .object({
    trackingEnabled: z.boolean(),
    freeShippingThreshold: decimalAmount(SETTINGS_MESSAGES.shippingMissing),
  })
  .strict();
export type ShippingSettingsInput = z.input<typeof ShippingSettingsBody>;

/** Region → how many enabled methods cover it (the Shipping Zones card). */
export const ShippingZone = z.object({ region: ShippingRegion, methods: z.number().int() });

export const ShippingOverview = z.object({
  currency: z.string(),
  methods: z.array(ShippingMethod),
  settings: ShippingSettings,
  zones: z.array(ShippingZone),
});
export type ShippingOverview = z.infer<typeof ShippingOverview>;

export const ShippingQuoteQuery = z.object({
  region: ShippingRegion,
  /** The order subtotal, a decimal in the bot's currency. */
  subtotal: decimalAmount(SETTINGS_MESSAGES.priceInvalid),
});

/** What a customer in `region` is offered for an order of `subtotalMinor`; free above the threshold. */
export const ShippingQuote = z.object({
  region: ShippingRegion,
  currency: z.string(),
  subtotalMinor: z.number().int(),
  freeShipping: z.boolean(),
  options: z.array(
    z.object({
      methodId: z.string(),
      name: z.string(),
      description: z.string(),
      estimatedDays: z.string(),
      priceMinor: z.number().int(),
    }),
  ),
});
export type ShippingQuote = z.infer<typeof ShippingQuote>;
