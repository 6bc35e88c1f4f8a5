import { ACCOUNT_MESSAGES } from '@app/contracts/account';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Vendor, vendor } from '../../../test/factories';
import { createTestApp, signIn, type TestApp, telegramUser } from '../../../test/harness';
import { makeImage, makeLargeJpeg, tempStorage, uploadTo } from '../../../test/media';

let t: TestApp;
let v: Vendor;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const temp = await tempStorage();
  cleanup = temp.cleanup;
  t = await createTestApp({ storage: temp.storage });
});
afterAll(async () => {
  await t.app.close();
  await cleanup();
});
beforeEach(async () => {
  v = await vendor(t.app);
});

const getProfile = (who: Vendor = v) =>
  t.app.inject({ method: 'GET', url: `${who.base}/profile`, headers: who.auth });
const patchProfile = (payload: Record<string, unknown>, who: Vendor = v) =>
  t.app.inject({ method: 'PATCH', url: `${who.base}/profile`, headers: who.auth, payload });
const uploadPhoto = (file: { name: string; type?: string; data: Buffer }) =>
  uploadTo(t.app, `/api/v1/upload/vendors/${v.vendorId}/profile/image`, v.auth, { field: 'file', ...file });

describe('profile', () => {
  it('shows the Telegram name, username and the info card before anything is saved', async () => {
    const user = telegramUser({ first_name: 'Ann', last_name: 'Lee', username: 'ann_lee' });
    const session = await signIn(t.app, user);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vendors/${session.vendor.id}/profile`,
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: session.vendor.id,
      name: 'Ann Lee',
      firstName: 'Ann',
      lastName: 'Lee',
      username: 'ann_lee',
      telegramId: user.id,
      timezone: 'UTC',
      language: null,
      status: 'active',
      photoUrl: null,
    });
    expect(Date.parse(res.json().lastLoginAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('saves the name, contact, business fields and preferences, normalising the phone and website', async () => {
    const res = await patchProfile({
      name: '  Ann Lee ',
      email: 'ann@example.com',
      phone: '+1 (415) 555-0123',
      company: 'Ann Shop',
      website: 'ann.example.com',
      timezone: 'Europe/London',
      language: 'de',
      address: '1 Main St',
      city: 'London',
      country: 'UK',
      postalCode: 'N1 1AA',
    });
    expect(res.statusCode).toBe(200);
    expect((await getProfile()).json()).toMatchObject({
      name: 'Ann Lee',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '+14155550123',
      company: 'Ann Shop',
      website: 'https://ann.example.com',
      timezone: 'Europe/London',
      language: 'de',
      address: '1 Main St',
      city: 'London',
      country: 'UK',
      postalCode: 'N1 1AA',
    });
  });

  it('makes the chosen language the one the next sign-in answers', async () => {
    const user = telegramUser();
    const first = await signIn(t.app, user);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/vendors/${first.vendor.id}/profile`,
      headers: { authorization: `Bearer ${first.accessToken}` },
      payload: { language: 'fr' },
    });
    expect((await signIn(t.app, user)).vendor.language).toBe('fr');
  });

  it('clears a field saved as empty text', async () => {
    await patchProfile({ company: 'Ann Shop' });
    await patchProfile({ company: '' });
    expect((await getProfile()).json().company).toBe('');
  });

  it.each([
    [{ email: 'not-an-email' }, ACCOUNT_MESSAGES.emailInvalid],
    [{ phone: '555-0123' }, ACCOUNT_MESSAGES.phoneInvalid],
    [{ phone: '+0 415 555 0123' }, ACCOUNT_MESSAGES.phoneInvalid],
    [{ website: 'javascript:alert(1)' }, ACCOUNT_MESSAGES.urlInvalid],
    [{ timezone: 'Mars/Olympus' }, ACCOUNT_MESSAGES.timezoneInvalid],
    [{ language: 'pt' }, ACCOUNT_MESSAGES.languageInvalid],
  ])('refuses %j with "%s", saving nothing', async (body, message) => {
    const res = await patchProfile({ company: 'Half Saved', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(res.json().error.details)).toContain(message);
    expect((await getProfile()).json().company).toBe('');
  });

  it('refuses a field the profile does not have', async () => {
    const res = await patchProfile({ isDemo: true });
    expect(res.statusCode).toBe(400);
  });

  it("answers 403 for another vendor's profile", async () => {
    const other = await vendor(t.app);
    const res = await t.app.inject({ method: 'GET', url: `${other.base}/profile`, headers: v.auth });
    expect(res.statusCode).toBe(403);
  });
});

describe('profile photo', () => {
  it('stores an uploaded image resized and shows it as the profile photo', async () => {
    const res = await uploadPhoto({ name: 'me.png', type: 'image/png', data: await makeImage('png') });
    expect(res.statusCode).toBe(200);
    const { success, url } = res.json();
    expect(success).toBe(true);
    expect(url).toMatch(/^\/media\/.+_m\.webp$/);
    expect((await getProfile()).json()).toMatchObject({
      photoUrl: url,
      photoSource: 'upload',
      settings: { profileImage: url },
    });
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
  });

  it('refuses a file named like an image whose bytes are not one', async () => {
    const res = await uploadPhoto({
      name: 'me.jpg',
      type: 'image/jpeg',
      data: Buffer.from('%PDF-1.4 not an image'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'MEDIA_INVALID', details: { reason: 'type' } });
    expect((await getProfile()).json().photoUrl).toBeNull();
  });

  it('refuses an image over 5 MB', async () => {
    const res = await uploadPhoto({
      name: 'big.jpg',
      type: 'image/jpeg',
      data: await makeLargeJpeg(5.5 * 1024 * 1024),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'MEDIA_INVALID', details: { reason: 'size' } });
  });

  it('shows the Telegram photo until one is uploaded, and again once it is removed', async () => {
    const user = telegramUser({ photo_url: 'https://t.me/i/userpic/320/ann.jpg' });
    const session = await signIn(t.app, user);
    const who: Vendor = {
      vendorId: session.vendor.id,
      auth: { authorization: `Bearer ${session.accessToken}` },
      base: `/api/v1/vendors/${session.vendor.id}`,
    };
    expect((await getProfile(who)).json()).toMatchObject({
      photoUrl: 'https://t.me/i/userpic/320/ann.jpg',
      photoSource: 'telegram',
    });
    const body = await uploadTo(t.app, `/api/v1/upload/vendors/${who.vendorId}/profile/image`, who.auth, {
      field: 'file',
      name: 'me.webp',
      data: await makeImage('webp'),
    });
    expect((await getProfile(who)).json().photoSource).toBe('upload');
    expect(body.statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${who.base}/profile/image`,
      headers: who.auth,
    });
    expect(removed.json()).toMatchObject({ photoSource: 'telegram' });
  });
});
