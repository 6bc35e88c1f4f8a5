import { createStore } from '../lib/store';
import { enShopCore } from './en/shop-core';
import type { Catalogue, Message, MessageKey } from './messages';

/**
 * The languages the app speaks: the contracts' Language (a test holds them equal), written out here so the
 * shell does not load zod for a list of six codes. English is built in; the rest load on demand.
 */
export const LOCALES = ['en', 'es', 'fr', 'de', 'ru', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];

// Each other language is its own chunk, so the shell carries English only.
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Catalogue>> = {
  es: () => import('./es/index').then((m) => m.es),
  fr: () => import('./fr/index').then((m) => m.fr),
  de: () => import('./de/index').then((m) => m.de),
  ru: () => import('./ru/index').then((m) => m.ru),
  zh: () => import('./zh/index').then((m) => m.zh),
};

/** A language's texts as far as they are loaded: English starts with the first load's part only. */
type Texts = Partial<Catalogue>;

type LocaleState = { locale: Locale; messages: Texts };

// English is built in for what every first load shows (en/shop-core.ts); the back-office's entry adds its shell's,
// Home's and the feed's (en/core.ts), and the texts of every other screen are one chunk that the router loads
// with the first such screen (loadScreenTexts).
let english: Texts = enShopCore;
const store = createStore<LocaleState>({ locale: 'en', messages: english });
let screenTexts: Promise<void> | null = null;

/**
 * Loads the English of every screen beyond the first load, once; each such route waits for it, so no screen
 * renders before its texts. Another language's catalogue is whole already: this only completes English.
 */
export function loadScreenTexts(): Promise<void> {
  screenTexts ??= import('./en/features').then(
    ({ enFeatures }) => {
      english = { ...english, ...enFeatures };
      if (store.get().locale === 'en') store.set({ locale: 'en', messages: english });
    },
    (error: unknown) => {
      screenTexts = null; // a chunk that failed to load (offline) is fetched again by the next screen
      throw error;
    },
  );
  return screenTexts;
}

/**
 * Adds the English a chunk loaded on demand brings for itself (the shop's product view: the shop's first load
 * carries none of its texts, nor every screen's).
 */
export function addEnglish(texts: Texts): void {
  english = { ...english, ...texts };
  if (store.get().locale === 'en') store.set({ locale: 'en', messages: english });
}

/** 'pt-BR' → null, 'ru-RU' → 'ru', 'zh-hans' → 'zh': the app's language for a Telegram or profile code. */
export function toLocale(code: string | null | undefined): Locale | null {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(base ?? '') ? (base as Locale) : null;
}

// The last language asked for wins, even when an earlier one's texts finish loading after it.
let latestRequest = 0;

/**
 * Switches the app's language: the vendor's profile language first, else Telegram's language_code, else
 * English. Resolves when the catalogue is loaded; a catalogue that fails to load leaves the language as it is.
 */
export async function setLocale(...preferences: (string | null | undefined)[]): Promise<void> {
  const locale = preferences.map(toLocale).find((l) => l !== null) ?? 'en';
  const request = ++latestRequest;
  if (locale === store.get().locale) return;
  const messages = locale === 'en' ? english : await loaders[locale]();
  if (request !== latestRequest) return;
  store.set({ locale, messages });
  document.documentElement.lang = locale;
}

export type MessageParams = Record<string, string | number>;

function pick(message: Message, locale: Locale, params: MessageParams | undefined): string {
  if (typeof message === 'string') return message;
  const count = Number(params?.count ?? 0);
  const category = new Intl.PluralRules(locale).select(count);
  return message[category] ?? message.other;
}

function interpolate(text: string, params: MessageParams | undefined, locale: Locale): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(value, locale) : value;
  });
}

/**
 * The text for a key in a locale; numbers in params are formatted for that locale. A key whose texts are not
 * loaded yet shows as the key (a bug: i18n-first-load.test.ts holds the first load's keys in en/core.ts).
 */
export function translate(locale: Locale, messages: Texts, key: MessageKey, params?: MessageParams) {
  const message = messages[key] ?? english[key];
  return message === undefined ? key : interpolate(pick(message, locale, params), params, locale);
}

/** The text for a key in the current language (outside React: popups, document title, errors). */
export function t(key: MessageKey, params?: MessageParams): string {
  const { locale, messages } = store.get();
  return translate(locale, messages, key, params);
}

export const getLocale = () => store.get().locale;

/** React: the current language's `t` and formatters; re-renders when the language changes. */
export function useI18n() {
  const { locale, messages } = store.use();
  return {
    locale,
    t: (key: MessageKey, params?: MessageParams) => translate(locale, messages, key, params),
    formatNumber: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
    formatMoney: (minor: number, currency: string) => formatMoney(minor, currency, locale),
    formatDate: (date: Date | string, options?: Intl.DateTimeFormatOptions) =>
      formatDate(date, locale, options),
    formatRelativeTime: (iso: string, now?: number) => formatRelativeTime(iso, locale, messages, now),
  };
}

/** Plain `t` for React: the same as useI18n().t. */
export const useT = () => useI18n().t;

export function formatNumber(
  value: number,
  locale: Locale = getLocale(),
  options?: Intl.NumberFormatOptions,
) {
  return new Intl.NumberFormat(locale, options).format(value);
}

/** Minor units → "$1,234.50" in the locale; Telegram Stars (XTR) have no minor unit and no Intl symbol. */
export function formatMoney(minor: number, currency: string, locale: Locale = getLocale()): string {
  if (currency === 'XTR') return `${formatNumber(minor, locale)} ⭐`;
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

export function formatDate(
  date: Date | string,
  locale: Locale = getLocale(),
  options?: Intl.DateTimeFormatOptions,
) {
  const value = typeof date === 'string' ? new Date(date) : date;
  return new Intl.DateTimeFormat(locale, options ?? { dateStyle: 'medium' }).format(value);
}

/** 'just now' under a minute, then "5 minutes ago", "3 hours ago", "2 days ago" in the locale (spec part 1 §2). */
export function formatRelativeTime(
  iso: string,
  locale: Locale = getLocale(),
  messages: Texts = store.get().messages,
  now = Date.now(),
): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const minutes = Math.floor((now - time) / 60_000);
  if (minutes < 1) return translate(locale, messages, 'activity.justNow');
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  return format.format(-Math.floor(hours / 24), 'day');
}
