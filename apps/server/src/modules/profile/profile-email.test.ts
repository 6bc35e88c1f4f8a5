import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestClock, testClock } from '../../../test/clock';
import { type Vendor, vendor } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { type MailCatcher, startMailCatcher } from '../../fakes/mail-catcher';
import { createMailer } from '../../lib/mailer';
import { createSecrets } from '../../lib/secrets';
import { createBotApi } from '../../lib/telegram/bot-api';
import { createNotificationsService, queueSecurityNotice } from '../notifications/notifications.service';

let catcher: MailCatcher;
let fake: FakeBotApi;
let t: TestApp;
let clock: TestClock;
let v: Vendor;
let email: string;
let n = 0;

beforeAll(async () => {
  catcher = await startMailCatcher();
  fake = await startFakeBotApi();
});
afterAll(async () => {
  await catcher.close();
  await fake.close();
});
beforeEach(async () => {
  clock = testClock();
  t = await createTestApp({
    now: clock.now,
    mailer: createMailer({ smtpUrl: catcher.url, from: 'Bot Shop <test@localhost>' }),
  });
  v = await vendor(t.app);
  n += 1;
  email = `ann${n}.${Date.now()}@example.com`;
});
afterEach(() => t.app.close());

const profile = () => t.app.inject({ method: 'GET', url: `${v.base}/profile`, headers: v.auth });
const patch = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `${v.base}/profile`, headers: v.auth, payload });
const verify = (code: string) =>
  t.app.inject({ method: 'POST', url: `${v.base}/profile/email/verify`, headers: v.auth, payload: { code } });
const resend = () =>
  t.app.inject({ method: 'POST', url: `${v.base}/profile/email/resend`, headers: v.auth, payload: {} });

/** The codes sent to `to`, oldest first. */
const codesSentTo = (to: string) =>
  catcher.messages({ to }).map((m) => /\b(\d{6})\b/.exec(m.subject)?.[1] ?? '');
const nthCode = (count: number) => waitFor(`code ${count} to ${email}`, () => codesSentTo(email)[count - 1]);
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a new profile e-mail', () => {
  it('is sent a 6-digit code and shows unverified until the code comes back', async () => {
    const saved = await patch({ email });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      email,
      emailVerified: false,
      emailCode: { sentAt: expect.any(String) },
    });
    const code = await nthCode(1);
    expect(code).toMatch(/^\d{6}$/);
    expect(catcher.messages({ to: email })[0]?.text).toContain(code);

    const res = await verify(code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, emailVerified: true, emailCode: null });
  });

  it('gets no security mail until it is verified, and gets it after', async () => {
    const deliver = () =>
      createNotificationsService({
        db: t.database.db,
        botApi: createBotApi({ apiRoot: fake.url }),
        secrets: createSecrets(t.config.appSecret),
        platformBotToken: t.config.platformBotToken,
        mailer: createMailer({ smtpUrl: catcher.url, from: 'Bot Shop <test@localhost>' }),
        now: clock.now,
      }).sendDue();
    await patch({ email });
    const code = await nthCode(1);
    await queueSecurityNotice(t.database.db, v.vendorId, 'security_two_step_off');
    await deliver();
    expect(catcher.messages({ to: email })).toHaveLength(1); // the code only

    await verify(code);
    await queueSecurityNotice(t.database.db, v.vendorId, 'security_two_step_off');
    await deliver();
    await waitFor('the security mail', () => catcher.messages({ to: email }).length === 2);
    expect(catcher.messages({ to: email })[1]?.subject).toContain('Two-step confirmation was turned off');
  });

  it('refuses a wrong code, and after 5 wrong ones the right one too until a new code is sent', async () => {
    await patch({ email });
    const code = await nthCode(1);
    const wrong = await verify(wrongOf(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('EMAIL_CODE_INVALID');
    for (let i = 0; i < 4; i += 1) await verify(wrongOf(code));
    const locked = await verify(code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('EMAIL_CODE_LOCKED');
    expect((await profile()).json().emailVerified).toBe(false);

    clock.advance(60_000);
    expect((await resend()).statusCode).toBe(200);
    expect((await verify(await nthCode(2))).json().emailVerified).toBe(true);
  });

  it('refuses a code after 15 minutes', async () => {
    await patch({ email });
    const code = await nthCode(1);
    clock.advance(15 * 60_000 + 1000);
    const res = await verify(code);
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('EMAIL_CODE_EXPIRED');
  });

  it('sends a new code at most once a minute, and the previous code stops working', async () => {
    await patch({ email });
    const first = await nthCode(1);
    const soon = await resend();
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error).toMatchObject({ code: 'EMAIL_CODE_TOO_SOON', details: { retryAfterS: 60 } });
    clock.advance(61_000);
    expect((await resend()).statusCode).toBe(200);
    const second = await nthCode(2);
    if (second !== first) expect((await verify(first)).json().error.code).toBe('EMAIL_CODE_INVALID');
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('is unverified again when changed, and the code of the old address does not prove the new one', async () => {
    await patch({ email });
    await verify(await nthCode(1));
    const other = `other.${email}`;
    await patch({ email: other });
    expect((await profile()).json()).toMatchObject({ email: other, emailVerified: false });
    const res = await verify(await nthCode(1));
    expect(res.json().error?.code ?? 'accepted').not.toBe('accepted');
  });

  it('keeps a verified e-mail verified when other fields are saved', async () => {
    await patch({ email });
    await verify(await nthCode(1));
    await patch({ email, company: 'Ann Shop' });
    expect((await profile()).json()).toMatchObject({ emailVerified: true, company: 'Ann Shop' });
  });

  it('answers 409 when no e-mail waits for a code', async () => {
    const res = await verify('123456');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EMAIL_NOT_PENDING');
  });

  it('refuses a code that is not six digits', async () => {
    await patch({ email });
    expect((await verify('12ab56')).statusCode).toBe(400);
  });
});
