// @vitest-environment jsdom
import type { Profile } from '@app/contracts/account';
import type { MeResponse } from '@app/contracts/auth';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { ProfilePage } from './profile-page';

let telegram: ReturnType<typeof startFakeTelegram>;
beforeAll(() => {
  telegram = startFakeTelegram();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VENDOR_ID = '00000000-0000-4000-8000-000000000001';
const OWNER: MeResponse = {
  vendor: { id: VENDOR_ID, storeName: 'Shop', language: null },
  role: 'VENDOR',
  demo: false,
  telegramId: 42,
  permissions: ['all'],
  botIds: 'all',
};
const PROFILE: Profile = {
  id: VENDOR_ID,
  name: 'Ann Lee',
  firstName: 'Ann',
  lastName: 'Lee',
  username: 'ann',
  telegramId: 42,
  email: 'ann@example.com',
  emailVerified: false,
  emailCode: { sentAt: '2026-01-01T12:00:00.000Z', expiresAt: '2026-01-01T12:15:00.000Z' },
  phone: '',
  company: '',
  website: '',
  address: '',
  city: '',
  country: '',
  postalCode: '',
  timezone: 'UTC',
  language: 'en',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastLoginAt: '2026-01-01T12:00:00.000Z',
  status: 'active',
  deletionScheduledFor: null,
  photoUrl: null,
  photoSource: null,
  settings: { profileImage: null },
};

describe('the profile e-mail', () => {
  it('shows a new e-mail unverified until the code from the e-mail is entered, a wrong code worded', async () => {
    const codes: string[] = [];
    stubFetch(({ method, path, body }) => {
      if (path.endsWith('/me')) return json(OWNER);
      if (path.endsWith('/profile/email/verify') && method === 'POST') {
        const { code } = body as { code: string };
        codes.push(code);
        if (code !== '123456') {
          return json({ error: { code: 'EMAIL_CODE_INVALID', message: 'The code is not right.' } }, 400);
        }
        return json({ ...PROFILE, emailVerified: true, emailCode: null });
      }
      if (path.endsWith('/profile')) return json(PROFILE);
      return json({ error: { code: 'NOT_FOUND', message: 'no' } }, 404);
    });
    renderApp(<ProfilePage />, { path: '/settings/profile' });

    expect((await screen.findByTestId('email-status')).textContent).toContain('Not verified');
    const box = screen.getByLabelText('Code from the e-mail');
    await userEvent.type(box, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not right. Check the e-mail and try again.')).toBeTruthy();

    await userEvent.clear(box);
    await userEvent.type(box, '123456');
    const answered = telegram.popupsAnswered();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('email-status').textContent).toContain('Verified'));
    expect(codes).toEqual(['654321', '123456']);
    await waitFor(() => expect(telegram.popupsAnswered()).toBe(answered + 1));
    expect(screen.queryByLabelText('Code from the e-mail')).toBeNull();
  });
});

describe('the profile form', () => {
  it('saves only the fields it changed (an e-mail changed elsewhere is not set back)', async () => {
    const patches: unknown[] = [];
    stubFetch(({ method, path, body }) => {
      if (path.endsWith('/me')) return json(OWNER);
      if (path.endsWith('/profile') && method === 'PATCH') {
        patches.push(body);
        return json({ ...PROFILE, emailVerified: true, emailCode: null, company: 'Ann Shop' });
      }
      if (path.endsWith('/profile')) return json({ ...PROFILE, emailVerified: true, emailCode: null });
      return json({ error: { code: 'NOT_FOUND', message: 'no' } }, 404);
    });
    renderApp(<ProfilePage />, { path: '/settings/profile' });
    await userEvent.type(await screen.findByLabelText('Company'), 'Ann Shop');
    telegram.press('main');
    await waitFor(() => expect(patches).toEqual([{ company: 'Ann Shop' }]));
  });
});
