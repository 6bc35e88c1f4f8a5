import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { ANN, type OpenShop, openShop } from '../../../test/shop';
import type { Db } from '../../db/types';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { createCustomersService } from './customers.service';

let fake: FakeBotApi;
let s: OpenShop;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
beforeEach(async () => {
  s = await openShop(fake);
});
afterEach(() => s.t.app.close());

it('looks a remembered shopper up again once Telegram says they blocked the bot', async () => {
  const asked: string[] = [];
  const customers = createCustomersService({ db: countingDb(asked) });
  const shop = { vendorId: s.owner.vendorId, botId: s.shop.id, botUsername: s.shop.username };
  const ann = await customers.fromTelegram(shop, ANN);
  await customers.markBlocked(shop.vendorId, ann.id, shop.botId, new Date());
  asked.length = 0;

  const again = await customers.fromTelegram(shop, ANN);
  expect(asked).toEqual(['select']);
  expect(again.blockedAt).not.toBeNull();
});

/** The database, noting each read and each transaction the service starts. */
function countingDb(asked: string[]): Db {
  return new Proxy(s.t.database.db, {
    get(target, name, receiver) {
      if (name === 'select' || name === 'transaction') asked.push(name);
      return Reflect.get(target, name, receiver);
    },
  });
}

it('asks the database nothing for a shopper it found up to date, until Telegram sends another profile', async () => {
  const asked: string[] = [];
  const customers = createCustomersService({ db: countingDb(asked) });
  const shop = { vendorId: s.owner.vendorId, botId: s.shop.id, botUsername: s.shop.username };
  const ann = { ...ANN, username: 'ann' };

  const created = await customers.fromTelegram(shop, ann);
  expect(asked).toEqual(['select', 'transaction']);
  asked.length = 0;
  expect((await customers.fromTelegram(shop, ann)).id).toBe(created.id);
  expect(asked).toEqual([]);

  expect((await customers.fromTelegram(shop, { ...ann, username: 'ann_new' })).id).toBe(created.id);
  expect(asked).toEqual(['select', 'transaction']);
});
