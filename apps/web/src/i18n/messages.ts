import type { en } from './en/index';

/**
 * The catalogue's types. Keys are `<area>.<screen or part>.<what>`; English lives in `en/<area>.ts`, each
 * other language in `<lang>/<area>.ts` with exactly the same keys (the compiler checks it, and a test).
 * A value is a string with `{name}` placeholders, or, for a text that depends on a number, plural forms
 * chosen with Intl.PluralRules by the `count` parameter.
 */
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
/** A whole language: every English key. */
export type Catalogue = { readonly [K in MessageKey]: Message };
/** One area file of a language: exactly the keys of the English area file. */
export type AreaCatalogue<T> = { readonly [K in keyof T]: Message };
