import type { Faq, PolicyList } from '@app/contracts/policies';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBot, fakeBot, type Vendor, vendor } from '../../../test/factories';
import { startApp } from '../../../test/fake-telegram';
import type { TestApp } from '../../../test/harness';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';

let fake: FakeBotApi;
let t: TestApp;
let owner: Vendor;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
beforeEach(async () => {
  fake.state.reset();
  t = await startApp(fake);
  owner = await vendor(t.app);
});
afterEach(() => t.app.close());

/** A shop bot of the vendor's. */
const botOf = (v: Vendor, botName = 'Corner Shop') =>
  createBot(t.app, v, { botToken: fakeBot(fake).token, botName, plan: 'PRO' });

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  payload?: object,
  as: Vendor = owner,
) => t.app.inject({ method, url: `${as.base}${path}`, headers: as.auth, ...(payload ? { payload } : {}) });

describe('store policies', () => {
  it('lists every policy, empty until written', async () => {
    const res = await call('GET', '/policies');
    expect(res.statusCode).toBe(200);
    expect(res.json<PolicyList>().policies).toEqual([
      { id: 'terms', botId: null, content: '', updatedAt: null },
      { id: 'privacy', botId: null, content: '', updatedAt: null },
      { id: 'refunds', botId: null, content: '', updatedAt: null },
      { id: 'shipping', botId: null, content: '', updatedAt: null },
    ]);
  });

  it('saves a policy and answers it back', async () => {
    const saved = await call('PUT', '/policies/refunds', { content: '  Refunds within 30 days.  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: 'refunds', content: 'Refunds within 30 days.' });
    const list = (await call('GET', '/policies')).json<PolicyList>();
    expect(list.policies.find((p) => p.id === 'refunds')?.content).toBe('Refunds within 30 days.');
  });

  it('refuses a policy over its length limit with a clear message, and keeps the old one', async () => {
    await call('PUT', '/policies/terms', { content: 'Be kind.' });
    const res = await call('PUT', '/policies/terms', { content: 'x'.repeat(5001) });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('A policy holds up to 5000 characters.');
    const list = (await call('GET', '/policies')).json<PolicyList>();
    expect(list.policies.find((p) => p.id === 'terms')?.content).toBe('Be kind.');
  });

  it('refuses an unknown policy', async () => {
    expect((await call('PUT', '/policies/cookies', { content: 'Yum' })).statusCode).toBe(400);
  });
});

describe('store FAQs', () => {
  it('adds, edits and removes FAQs, listed oldest first', async () => {
    const first = (
      await call('POST', '/faqs', { question: 'Do you ship abroad?', answer: 'Yes, to the EU.' })
    ).json<Faq>();
    await call('POST', '/faqs', { question: 'Gift wrap?', answer: 'On request.' });
    const edited = await call('PUT', `/faqs/${first.id}`, {
      question: 'Do you ship abroad?',
      answer: 'Worldwide.',
    });
    expect(edited.json()).toMatchObject({ answer: 'Worldwide.' });
    expect((await call('GET', '/faqs')).json().faqs.map((f: Faq) => f.question)).toEqual([
      'Do you ship abroad?',
      'Gift wrap?',
    ]);
    expect((await call('DELETE', `/faqs/${first.id}`)).statusCode).toBe(204);
    expect((await call('GET', '/faqs')).json().faqs.map((f: Faq) => f.question)).toEqual(['Gift wrap?']);
  });

  it('refuses a FAQ without an answer', async () => {
    const res = await call('POST', '/faqs', { question: 'Why?', answer: ' ' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Please write the answer.');
  });

  it("never shows or changes another vendor's FAQ", async () => {
    const faq = (await call('POST', '/faqs', { question: 'Q', answer: 'A' })).json<Faq>();
    const other = await vendor(t.app);
    expect((await call('GET', '/faqs', undefined, other)).json().faqs).toEqual([]);
    expect(
      (await call('PUT', `/faqs/${faq.id}`, { question: 'Mine', answer: 'Now' }, other)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/faqs/${faq.id}`, undefined, other)).statusCode).toBe(404);
  });
});

describe("a bot's own policies and FAQs", () => {
  it('keeps a bot’s own version of a policy apart from the vendor’s', async () => {
    const bot = await botOf(owner);
    await call('PUT', '/policies/terms', { content: 'Terms for every shop.' });

    const saved = await call('PUT', `/policies/terms`, { botId: bot.id, content: 'Terms of this shop.' });

    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: 'terms', botId: bot.id, content: 'Terms of this shop.' });
    const own = (await call('GET', `/policies?botId=${bot.id}`)).json<PolicyList>();
    expect(own.policies.find((p) => p.id === 'terms')).toMatchObject({
      botId: bot.id,
      content: 'Terms of this shop.',
    });
    // A kind the bot has no version of is empty in its scope: its shop answers the vendor's.
    expect(own.policies.find((p) => p.id === 'refunds')?.content).toBe('');
    const all = (await call('GET', '/policies')).json<PolicyList>();
    expect(all.policies.find((p) => p.id === 'terms')).toMatchObject({
      botId: null,
      content: 'Terms for every shop.',
    });
  });

  it('keeps a bot’s own FAQ list apart from the vendor’s', async () => {
    const bot = await botOf(owner);
    await call('POST', '/faqs', { question: 'Open on Sundays?', answer: 'No.' });

    const added = await call('POST', `/faqs`, {
      botId: bot.id,
      question: 'Parking?',
      answer: 'Behind the shop.',
    });

    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ botId: bot.id, question: 'Parking?' });
    expect((await call('GET', `/faqs?botId=${bot.id}`)).json().faqs.map((f: Faq) => f.question)).toEqual([
      'Parking?',
    ]);
    expect((await call('GET', '/faqs')).json().faqs.map((f: Faq) => f.question)).toEqual([
      'Open on Sundays?',
    ]);
  });

  it("answers 404 for another vendor's bot, and saves nothing for it", async () => {
    const other = await vendor(t.app);
    const theirs = await botOf(other, 'Their Shop');

    const put = await call('PUT', `/policies/terms`, { botId: theirs.id, content: 'Mine now.' });
    const add = await call('POST', `/faqs`, { botId: theirs.id, question: 'Q', answer: 'A' });
    const read = await call('GET', `/policies?botId=${theirs.id}`);

    expect([put.statusCode, add.statusCode, read.statusCode]).toEqual([404, 404, 404]);
    expect(put.json().error.code).toBe('BOT_NOT_FOUND');
    expect((await call('GET', `/faqs?botId=${theirs.id}`, undefined, other)).json().faqs).toEqual([]);
    const theirTerms = (
      await call('GET', `/policies?botId=${theirs.id}`, undefined, other)
    ).json<PolicyList>();
    expect(theirTerms.policies.find((p) => p.id === 'terms')?.content).toBe('');
  });
});
