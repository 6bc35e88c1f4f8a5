import { type ActivityItem, EVENT_TYPES } from '@app/contracts/events';
import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de/index';
import { en } from '../../i18n/en/index';
import { es } from '../../i18n/es/index';
import { fr } from '../../i18n/fr/index';
import { type Locale, translate } from '../../i18n/i18n';
import type { Catalogue } from '../../i18n/messages';
import { ru } from '../../i18n/ru/index';
import { zh } from '../../i18n/zh/index';
import { activityKeys, activityKeysOf, activityParams } from './activity-text';

const CATALOGUES: Record<Locale, Catalogue> = { en, es, fr, de, ru, zh };

describe('activity texts', () => {
  // The other languages hold exactly the English keys (i18n.test.ts), so English having them is enough.
  it.each(EVENT_TYPES)('words %s with a title and a description', (event) => {
    const { title, description } = activityKeys(event);
    expect(en[title], title).toBeTruthy();
    expect(en[description], description).toBeTruthy();
  });
});

describe('a change to a customer', () => {
  const fmt = { formatMoney: (minor: number) => String(minor), formatDate: (date: string) => date };

  function customerUpdated(actor: ActivityItem['actor'], params: ActivityItem['params']): ActivityItem {
    return {
      id: 'a1',
      event: 'customer.updated',
      category: 'customer',
      botId: 'b1',
      actor,
      subject: { kind: 'customer', id: 'c1' },
      params: { customerName: 'Ann', botUsername: 'shop_bot', ...params },
      timestamp: '2026-05-10T12:00:00Z',
    };
  }

  /** The description of an item as a vendor reads it in the feed, in `locale`. */
  function described(item: ActivityItem, locale: Locale = 'en'): string {
    return translate(
      locale,
      CATALOGUES[locale],
      activityKeysOf(item).description,
      activityParams(item, fmt, ''),
    );
  }

  it.each([
    ['en', 'Ann updated their details'],
    ['es', 'Ann actualizó sus datos'],
    ['fr', 'Ann a mis à jour ses informations'],
    ['de', 'Ann hat die eigenen Angaben aktualisiert'],
    ['ru', 'Ann обновил(а) свои данные'],
    ['zh', 'Ann 更新了自己的资料'],
  ] as const)('reads as the customer’s own when they changed their profile (%s)', (locale, text) => {
    const own = customerUpdated(
      { kind: 'customer', name: 'Ann' },
      { profileChanged: true, joinedBot: false },
    );
    expect(described(own, locale)).toBe(text);
  });

  it.each([
    ['en', 'Ann started @shop_bot'],
    ['es', 'Ann inició @shop_bot'],
    ['fr', 'Ann a démarré @shop_bot'],
    ['de', 'Ann hat @shop_bot gestartet'],
    ['ru', 'Ann запустил(а) @shop_bot'],
    ['zh', 'Ann 启动了 @shop_bot'],
  ] as const)('reads as starting the bot when that is all that changed (%s)', (locale, text) => {
    const joined = customerUpdated(
      { kind: 'customer', name: 'Ann' },
      { profileChanged: false, joinedBot: true },
    );
    expect(described(joined, locale)).toBe(text);
  });

  it('names who changed the customer when it was someone else', () => {
    const byOwner = customerUpdated({ kind: 'owner', name: 'Alex' }, { fields: 'tags' });
    expect(described(byOwner)).toBe('Alex updated Ann');
  });
});
