import type { Faq, PolicyList } from '@app/contracts/policies';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Vendor, vendor } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let owner: Vendor;

beforeEach(async () => {
  t = await createTestApp();
  owner = await vendor(t.app);
});
afterEach(() => t.app.close());

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
      { id: 'terms', content: '', updatedAt: null },
      { id: 'privacy', content: '', updatedAt: null },
      { id: 'refunds', content: '', updatedAt: null },
      { id: 'shipping', content: '', updatedAt: null },
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
