import { DEFAULT_PAYOUT_SETTINGS, type Payout, type PayoutOverview } from '@app/contracts/billing';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Vendor } from '../../../test/factories';
import { startApp } from '../../../test/fake-telegram';
import { getTestDatabase, type TestApp } from '../../../test/harness';
import {
  API_KEY,
  type FakeProvider,
  get,
  post,
  startFakeProvider,
  vendorWithBot,
} from '../../../test/payments';
import { notifications, stepUps, walletLedger } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { createNowPaymentsPayouts } from '../../lib/nowpayments';
import { createBotApi } from '../../lib/telegram/bot-api';
import { totpCode } from '../../lib/totp';
import { createPaymentsService } from '../payments/payments.service';
import { createSubscriptionsService } from '../subscriptions/subscriptions.service';
import { createBillingService } from './billing.service';

let fake: FakeBotApi;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeBotApi();
  await getTestDatabase();
}, 120_000);
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  t = await startApp(fake);
});
afterEach(async () => {
  fake.state.reset();
  await t.app.close();
});

const IBAN = 'DE89370400440532013000';
const bankSettings = {
  ...DEFAULT_PAYOUT_SETTINGS,
  method: 'bank' as const,
  bank: {
    ...DEFAULT_PAYOUT_SETTINGS.bank,
    accountName: 'Alex Shop',
    bankName: 'Bank',
    iban: IBAN,
    swift: 'DEUTDEFF',
  },
};

const save = (v: Vendor, settings: object) =>
  t.app.inject({
    method: 'PUT',
    url: `${v.base}/billing/payouts/settings`,
    headers: v.auth,
    payload: settings,
  });

const credit = (v: Vendor, amountMinor: number) =>
  t.database.db.insert(walletLedger).values({ vendorId: v.vendorId, amountMinor, reason: 'adjustment' });

/** The billing service as the operator's command and the jobs build it. */
function billingService(now?: () => Date, provider?: FakeProvider) {
  const db = t.database.db;
  const payments = createPaymentsService({
    db,
    botApi: createBotApi({ apiRoot: fake.url }),
    platformBotToken: t.config.platformBotToken,
    publicUrl: '',
    starsPerUsd: 77,
    crypto: null,
    subscriptions: createSubscriptionsService({ db }),
    bots: { namesOf: async () => [] },
  });
  return createBillingService({
    db,
    payments,
    cardProvider: null,
    cardProviderInfo: null,
    ...(provider
      ? { cryptoPayouts: createNowPaymentsPayouts({ apiUrl: provider.url, apiKey: API_KEY }) }
      : {}),
    ...(now ? { now } : {}),
  });
}

const overview = async (v: Vendor) => (await get(t.app, v, '/billing/payouts')).json() as PayoutOverview;

describe('payout settings', () => {
  it('starts with the defaults: manual schedule, minimum $100, no auto-payout', async () => {
    const { v } = await vendorWithBot(t, fake);
    expect((await overview(v)).settings).toMatchObject({
      schedule: 'manual',
      minimumMinor: 10_000,
      autoPayout: false,
    });
  });

  it('saves bank details whose IBAN and SWIFT pass', async () => {
    const { v } = await vendorWithBot(t, fake);
    const res = await save(v, { ...bankSettings, schedule: 'weekly', autoPayout: true });
    expect(res.statusCode).toBe(200);
    expect((res.json() as PayoutOverview).settings).toMatchObject({ schedule: 'weekly', autoPayout: true });
  });

  const refusals: [string, object, string][] = [
    [
      'an IBAN failing its checksum',
      { bank: { ...bankSettings.bank, iban: 'DE89370400440532013001' } },
      'iban',
    ],
    ['a malformed SWIFT/BIC', { bank: { ...bankSettings.bank, swift: 'DEU1' } }, 'swift'],
    [
      'a routing number failing the ABA checksum',
      { bank: { ...bankSettings.bank, routingNumber: '021000022', accountNumber: '12345' } },
      'routingNumber',
    ],
    ['a PayPal e-mail that is not one', { method: 'paypal', paypalEmail: 'not-an-email' }, 'paypalEmail'],
    [
      'a BTC address failing its checksum',
      { method: 'crypto', crypto: { type: 'BTC', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3' } },
      'cryptoAddress',
    ],
    [
      'a TRC20 address on the wrong format',
      {
        method: 'crypto',
        crypto: { type: 'USDT-TRC20', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
      },
      'cryptoAddress',
    ],
    [
      'a USDT-ERC20 address failing its EIP-55 checksum',
      {
        method: 'crypto',
        crypto: { type: 'USDT-ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
      },
      'cryptoAddress',
    ],
    [
      'an LTC address failing its checksum',
      { method: 'crypto', crypto: { type: 'LTC', address: 'LaMT348PWRnrqeeWArpwQPbuanpXDZGEUy' } },
      'cryptoAddress',
    ],
  ];
  for (const [what, change, field] of refusals) {
    it(`refuses ${what}, naming the field`, async () => {
      const { v } = await vendorWithBot(t, fake);
      const res = await save(v, { ...bankSettings, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'PAYOUT_DETAILS_INVALID', details: { field } } });
    });
  }
});

describe('payout details change', () => {
  const payoutNotices = (v: Vendor) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.vendorId, v.vendorId), eq(notifications.kind, 'security_payout')));

  it('needs a fresh two-step code when the account has two-step on', async () => {
    const { v } = await vendorWithBot(t, fake);
    const setup = (await post(t.app, v, '/security/two-step/setup', {})).json() as { secret: string };
    const enabled = await post(t.app, v, '/security/two-step/enable', {
      code: totpCode(setup.secret, new Date()),
    });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    // The code given to turn it on counts as this session's step-up: let it lapse.
    await t.database.db.delete(stepUps).where(eq(stepUps.vendorId, v.vendorId));

    const refused = await save(v, bankSettings);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'STEP_UP_REQUIRED' } });
    expect((await overview(v)).settings.method).toBe(DEFAULT_PAYOUT_SETTINGS.method);
    expect(await payoutNotices(v)).toHaveLength(0);

    expect((await post(t.app, v, '/security/step-up', { code: recoveryCodes[0] })).statusCode).toBe(200);
    expect((await save(v, bankSettings)).statusCode).toBe(200);
  });

  it('sends a security notification by Telegram and e-mail when the details change, not for the schedule', async () => {
    const { v } = await vendorWithBot(t, fake);
    expect((await save(v, bankSettings)).statusCode).toBe(200);
    const first = await payoutNotices(v);
    expect(first.map((n) => n.audience).sort()).toEqual(['vendor', 'vendor_email']);

    expect((await save(v, { ...bankSettings, schedule: 'monthly' })).statusCode).toBe(200);
    expect(await payoutNotices(v)).toHaveLength(2);

    const paypal = { ...bankSettings, method: 'paypal', paypalEmail: 'alex@example.com' };
    expect((await save(v, paypal)).statusCode).toBe(200);
    expect(await payoutNotices(v)).toHaveLength(4);
  });
});

describe('payout requests', () => {
  it("debits the wallet with the bank fee and the manual request's $5, and lists the payout as pending", async () => {
    const { v } = await vendorWithBot(t, fake);
    await save(v, bankSettings);
    await credit(v, 20_000);

    const res = await post(t.app, v, '/billing/payouts', { amountMinor: 15_000 });

    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      amountMinor: 15_000,
      feeMinor: 750,
      netMinor: 14_250,
      status: 'pending',
    });
    const after = await overview(v);
    expect(after.availableMinor).toBe(5_000);
    expect(after.recent.map((p) => p.amountMinor)).toEqual([15_000]);
  });

  it('refuses a payout above the available balance', async () => {
    const { v } = await vendorWithBot(t, fake);
    await save(v, bankSettings);
    await credit(v, 1_000);

    const res = await post(t.app, v, '/billing/payouts', { amountMinor: 5_000 });

    expect(res.statusCode).toBe(402);
    expect((await overview(v)).availableMinor).toBe(1_000);
  });

  it('never debits twice: of 10 requests at once with funds for 3, 3 are paid out', async () => {
    const { v } = await vendorWithBot(t, fake);
    await save(v, bankSettings);
    await credit(v, 3_000);

    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(t.app, v, '/billing/payouts', { amountMinor: 1_000 })),
    );

    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(7);
    const after = await overview(v);
    expect(after.availableMinor).toBe(0);
    expect(after.recent).toHaveLength(3);
  });

  it('credits a failed payout back, and marks a paid one paid (the operator command)', async () => {
    const { v } = await vendorWithBot(t, fake);
    await save(v, bankSettings);
    await credit(v, 20_000);
    const first = (await post(t.app, v, '/billing/payouts', { amountMinor: 5_000 })).json() as Payout;
    const second = (await post(t.app, v, '/billing/payouts', { amountMinor: 5_000 })).json() as Payout;
    // The operator's command, as `npm run payout:mark` runs it.
    const billing = billingService();

    await billing.markPayout(first.id, 'paid');
    await billing.markPayout(second.id, 'failed');
    await billing.markPayout(second.id, 'failed');

    const after = await overview(v);
    expect(after.availableMinor).toBe(15_000);
    expect(Object.fromEntries(after.recent.map((p) => [p.id, p.status]))).toEqual({
      [first.id]: 'paid',
      [second.id]: 'failed',
    });
  });

  it('refuses a payout without saved payout details', async () => {
    const { v } = await vendorWithBot(t, fake);
    await credit(v, 20_000);
    const res = await post(t.app, v, '/billing/payouts', { amountMinor: 5_000 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'PAYOUT_DETAILS_INVALID' } });
  });
});

describe('crypto payouts', () => {
  let provider: FakeProvider;
  beforeAll(async () => {
    provider = await startFakeProvider();
  });
  afterAll(() => provider.close());

  const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const cryptoSettings = {
    ...DEFAULT_PAYOUT_SETTINGS,
    method: 'crypto',
    crypto: { type: 'USDT-TRC20', address: TRC20 },
  };
  const owner = (v: Vendor) => ({
    vendorId: v.vendorId,
    telegramId: 0,
    kind: 'owner' as const,
    permissions: ['all' as const],
    botIds: 'all' as const,
  });

  it("sends a crypto payout through the provider's payouts API, and marks it paid once the provider finishes it", async () => {
    const { v } = await vendorWithBot(t, fake);
    expect((await save(v, cryptoSettings)).statusCode).toBe(200);
    await credit(v, 20_000);
    const billing = billingService(undefined, provider);

    const payout = await billing.requestPayout(owner(v), { amountMinor: 10_000 });

    expect(payout.status).toBe('processing');
    const sent = [...provider.state.payouts.values()].find((p) => p.unique_external_id === payout.id);
    expect(sent).toMatchObject({ address: TRC20, currency: 'usdttrc20', fiat_amount: payout.netMinor / 100 });
    // Not finished at the provider yet: it stays processing.
    expect(await billing.checkCryptoPayouts()).toEqual({ sent: 0, paid: 0, failed: 0 });

    await fetch(`${provider.url}/__control/payouts/${sent?.id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'FINISHED' }),
    });
    expect(await billing.checkCryptoPayouts()).toEqual({ sent: 0, paid: 1, failed: 0 });
    expect((await overview(v)).recent[0]).toMatchObject({ id: payout.id, status: 'paid' });
  });

  it('credits a crypto payout back when the provider fails it', async () => {
    const { v } = await vendorWithBot(t, fake);
    await save(v, cryptoSettings);
    await credit(v, 20_000);
    const billing = billingService(undefined, provider);
    const payout = await billing.requestPayout(owner(v), { amountMinor: 10_000 });
    const sent = [...provider.state.payouts.values()].find((p) => p.unique_external_id === payout.id);

    await fetch(`${provider.url}/__control/payouts/${sent?.id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'FAILED' }),
    });
    expect(await billing.checkCryptoPayouts()).toEqual({ sent: 0, paid: 0, failed: 1 });

    const after = await overview(v);
    expect(after.recent[0]).toMatchObject({ id: payout.id, status: 'failed' });
    expect(after.availableMinor).toBe(20_000);
  });

  it('sends a payout the provider did not take at first on the next check, once', async () => {
    const { v } = await vendorWithBot(t, fake);
    await save(v, cryptoSettings);
    await credit(v, 20_000);
    // The provider is unreachable when the payout is requested: it stays pending.
    const down = createBillingService({
      db: t.database.db,
      payments: createPaymentsService({
        db: t.database.db,
        botApi: createBotApi({ apiRoot: fake.url }),
        platformBotToken: t.config.platformBotToken,
        publicUrl: '',
        starsPerUsd: 77,
        crypto: null,
        subscriptions: createSubscriptionsService({ db: t.database.db }),
        bots: { namesOf: async () => [] },
      }),
      cardProvider: null,
      cardProviderInfo: null,
      cryptoPayouts: createNowPaymentsPayouts({ apiUrl: 'http://127.0.0.1:9', apiKey: API_KEY }),
    });
    const payout = await down.requestPayout(owner(v), { amountMinor: 10_000 });
    expect(payout.status).toBe('pending');

    const billing = billingService(undefined, provider);
    expect((await billing.checkCryptoPayouts()).sent).toBeGreaterThanOrEqual(1);
    await billing.checkCryptoPayouts();
    expect(
      [...provider.state.payouts.values()].filter((p) => p.unique_external_id === payout.id),
    ).toHaveLength(1);
    expect((await overview(v)).recent[0]).toMatchObject({ id: payout.id, status: 'processing' });
  });
});

describe('automatic payouts', () => {
  it('pays out the whole balance once it reaches the minimum, once a day, without the manual fee', async () => {
    const { v } = await vendorWithBot(t, fake);
    await save(v, { ...bankSettings, schedule: 'daily', autoPayout: true, minimumMinor: 10_000 });
    await credit(v, 9_999);
    const now = new Date();

    expect(await billingService(() => now).runAutoPayouts()).toEqual({ paid: 0 });
    await credit(v, 1);
    expect(await billingService(() => now).runAutoPayouts()).toEqual({ paid: 1 });
    await credit(v, 20_000);
    expect(await billingService(() => now).runAutoPayouts()).toEqual({ paid: 0 });

    const [payout] = (await overview(v)).recent;
    expect(payout).toMatchObject({ amountMinor: 10_000, feeMinor: 250, manual: false, status: 'pending' });
  });

  it('pays out on the schedule: weekly on Mondays only', async () => {
    const { v } = await vendorWithBot(t, fake);
    await save(v, { ...bankSettings, schedule: 'weekly', autoPayout: true, minimumMinor: 10_000 });
    await credit(v, 50_000);
    const monday = new Date('2026-11-23T06:00:00Z');
    const tuesday = new Date('2026-11-24T06:00:00Z');

    expect(await billingService(() => tuesday).runAutoPayouts()).toEqual({ paid: 0 });
    expect(await billingService(() => monday).runAutoPayouts()).toEqual({ paid: 1 });
  });
});
