import type { Language } from '@app/contracts/common';

/**
 * A feature's words for its customers: English first, and every other language with exactly the same keys
 * (the compiler holds them equal). `{name}` marks a parameter.
 */
export function defineTexts<K extends string>(
  texts: { en: Record<K, string> } & Record<Exclude<Language, 'en'>, Record<K, string>>,
): Record<Language, Record<K, string>> {
  return texts;
}
