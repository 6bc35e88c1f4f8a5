/**
 * Every text the web app shows, in English: the spec's texts word for word. The other languages'
 * catalogues must have exactly these keys (the compiler checks it through `Catalogue`, a test checks it too).
 *
 * Keys are `<area>.<screen or part>.<what>`. A value is a string with `{name}` placeholders, or, for a text
 * that depends on a number, plural forms chosen with Intl.PluralRules by the `count` parameter.
 */
export const en = {
  'common.retry': 'Retry',
  'common.cancel': 'Cancel',
  'common.save': 'Save',
  'common.back': 'Back',
  'common.loading': 'Loading...',
} as const satisfies Record<string, Message>;

/** Plural forms by Intl.PluralRules category; `other` is always required. */
export type PluralMessage = {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
};
export type Message = string | PluralMessage;
export type MessageKey = keyof typeof en;
/** A language's catalogue: every English key, each a string or plural forms. */
export type Catalogue = { readonly [K in MessageKey]: Message };
