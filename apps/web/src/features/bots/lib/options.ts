import {
  BotCategory,
  type BotCurrency,
  type BotLanguage,
  type BotTimezone,
  type PlanLabel,
} from '@app/contracts/bots';
import type { Plan } from '@app/contracts/plans';
import type { SelectOption } from '../../../components/ui/form/controls';
import type { Locale } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';

type Translate = (key: MessageKey) => string;
type Language = (typeof BotLanguage.options)[number];
type Currency = (typeof BotCurrency.options)[number];
type Timezone = (typeof BotTimezone.options)[number];

export const CATEGORY_KEYS: Record<BotCategory, MessageKey> = {
  general: 'bots.category.general',
  fashion: 'bots.category.fashion',
  electronics: 'bots.category.electronics',
  groceries: 'bots.category.groceries',
  health: 'bots.category.health',
  home: 'bots.category.home',
  sports: 'bots.category.sports',
  books: 'bots.category.books',
};

export const PLAN_KEYS: Record<Plan, MessageKey> = {
  FREE: 'bots.plan.FREE',
  BASIC: 'bots.plan.BASIC',
  PRO: 'bots.plan.PRO',
  ENTERPRISE: 'bots.plan.ENTERPRISE',
};

export const PLAN_LABEL_KEYS: Record<PlanLabel, MessageKey> = {
  TRIAL: 'bots.planLabel.TRIAL',
  FREE: 'bots.planLabel.FREE',
  BASIC: 'bots.planLabel.BASIC',
  PRO: 'bots.planLabel.PRO',
  ENTERPRISE: 'bots.planLabel.ENTERPRISE',
};

// Currency codes with their symbol and timezone abbreviations with their offset read the same in every
// language, so they are not in the catalogue.
const CURRENCY_LABELS: Record<Currency, string> = {
  USD: 'USD ($)',
  EUR: 'EUR (€)',
  GBP: 'GBP (£)',
  RUB: 'RUB (₽)',
  CNY: 'CNY (¥)',
};

const TIMEZONE_LABELS: Record<Timezone, string> = {
  UTC: 'UTC',
  EST: 'EST (UTC−5)',
  PST: 'PST (UTC−8)',
  CET: 'CET (UTC+1)',
  MSK: 'MSK (UTC+3)',
};

export function categoryOptions(t: Translate): SelectOption[] {
  return BotCategory.options.map((value) => ({ value, label: t(CATEGORY_KEYS[value]) }));
}

/** Language names from Intl in the user's language ("German", "Deutsch", "德语"). */
export function languageOptions(values: readonly Language[], locale: Locale): SelectOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'language' });
  return values.map((value) => {
    const name = names.of(value) ?? value;
    return { value, label: name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) };
  });
}

export function currencyOptions(values: readonly Currency[]): SelectOption[] {
  return values.map((value) => ({ value, label: CURRENCY_LABELS[value] }));
}

export function timezoneOptions(values: readonly Timezone[]): SelectOption[] {
  return values.map((value) => ({ value, label: TIMEZONE_LABELS[value] }));
}
