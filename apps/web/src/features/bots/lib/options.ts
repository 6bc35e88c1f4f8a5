import type { BotCategory } from '@app/contracts/bots';
import type { Plan } from '@app/contracts/plans';

export const CATEGORY_LABELS: Record<BotCategory, string> = {
  general: 'General Store',
  fashion: 'Fashion & Apparel',
  electronics: 'Electronics',
  groceries: 'Groceries',
  health: 'Health & Beauty',
  home: 'Home & Garden',
  sports: 'Sports & Outdoors',
  books: 'Books & Media',
};

export const LANGUAGE_LABELS: Record<string, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  ru: 'Russian',
  zh: 'Chinese',
};

export const CURRENCY_LABELS: Record<string, string> = {
  USD: 'USD ($)',
  EUR: 'EUR (€)',
  GBP: 'GBP (£)',
  RUB: 'RUB (₽)',
  CNY: 'CNY (¥)',
};

export const TIMEZONE_LABELS: Record<string, string> = {
  UTC: 'UTC',
  EST: 'EST (UTC−5)',
  PST: 'PST (UTC−8)',
  CET: 'CET (UTC+1)',
  MSK: 'MSK (UTC+3)',
};

export const PLAN_NAMES: Record<Plan, string> = {
  FREE: 'Free',
  BASIC: 'Basic',
  PRO: 'Pro',
  ENTERPRISE: 'Enterprise',
};

/** Options for a <select>: each value with its label, or the value itself when it has none. */
export function toOptions<T extends string>(
  values: readonly T[],
  labels: Partial<Record<string, string>>,
): { value: T; label: string }[] {
  return values.map((value) => ({ value, label: labels[value] ?? value }));
}
