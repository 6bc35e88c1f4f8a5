import { Language } from '@app/contracts/common';
import { describe, expect, it } from 'vitest';
import { de } from './de/index';
import { en } from './en/index';
import { es } from './es/index';
import { fr } from './fr/index';
import { formatMoney, LOCALES, toLocale, translate } from './i18n';
import type { Catalogue, MessageKey } from './messages';
import { ru } from './ru/index';
import { zh } from './zh/index';

const catalogues: Record<(typeof LOCALES)[number], Catalogue> = { en, es, fr, de, ru, zh };
// The names used, not how often: a language with more plural forms (ru) repeats {count} more often.
const placeholders = (m: unknown) =>
  [...new Set([...JSON.stringify(m).matchAll(/\{(\w+)\}/g)].map((x) => x[1]))].sort();

describe('string catalogue', () => {
  it('speaks exactly the languages of the contracts (the profile and the bots offer those)', () => {
    expect([...LOCALES]).toEqual(Language.options);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key and no other', (locale) => {
    expect(Object.keys(catalogues[locale]).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(LOCALES.filter((l) => l !== 'en'))(
    '%s leaves no text empty and keeps the placeholders',
    (locale) => {
      for (const [key, message] of Object.entries(catalogues[locale])) {
        expect(JSON.stringify(message), key).not.toMatch(/""/);
        expect(placeholders(message), key).toEqual(placeholders(en[key as MessageKey]));
      }
    },
  );
});

describe('translate', () => {
  const messages = {
    ...en,
    'x.items': { one: '{count} item', other: '{count} items' },
  } as unknown as Catalogue;
  const key = 'x.items' as MessageKey;

  it('picks the plural form by count and formats the number for the locale', () => {
    expect(translate('en', messages, key, { count: 1 })).toBe('1 item');
    expect(translate('en', messages, key, { count: 1200 })).toBe('1,200 items');
  });

  it('leaves an unknown placeholder as written', () => {
    expect(translate('en', { ...en, 'common.retry': 'Hi {who}' }, 'common.retry', {})).toBe('Hi {who}');
  });
});

describe('toLocale', () => {
  it('maps Telegram language codes to the app languages, else null', () => {
    expect(toLocale('ru-RU')).toBe('ru');
    expect(toLocale('zh-hans')).toBe('zh');
    expect(toLocale('pt-br')).toBeNull();
    expect(toLocale(undefined)).toBeNull();
  });
});

describe('formatMoney', () => {
  it('formats minor units in the currency of the amount', () => {
    expect(formatMoney(123450, 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500');
    expect(formatMoney(250, 'XTR', 'en')).toBe('250 ⭐');
  });
});
